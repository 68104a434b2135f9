import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { statusLabel } from '../../shared/statuses';
import { formatSortableDateTime } from '../../src/domain/format';
import type { Db } from '../db/client';
import { exportPriceTypes, type ExportJob } from '../repo/exports';
import { listOrders, type Order } from '../repo/orders';
import type { Page, PageRequest } from '../repo/paging';
import { listTours, type Tour } from '../repo/tours';
import { checkInLabel, manifestRecords } from './manifest-csv';
import { orderPriceTypes, priceCells, priceHeader } from './price-columns';

/**
 * CSV export: every row of the export's filters, read in keyset batches of 1000, streamed, as a
 * spreadsheet reads it: statuses as the app labels them, one number column per price type, dates as
 * `YYYY-MM-DD HH:mm` in the team's timezone (named in the column's header).
 */
export const BATCH = 1000;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a single
 * quote in front, so it shows as the text it is (OWASP's CSV injection advice). Strings only: numbers
 * stay numbers.
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** The columns before and after the prices. */
const orderColumns = (tz: string) => ({
  before: [
    'Order ID',
    'OTA',
    'OTA order ID',
    'Status',
    `Departure (${tz})`,
    `Booked (${tz})`,
    'Product',
    'Route',
    'Package',
    'Customer',
    'Email',
    'Language',
    'Total',
    'Adults',
    'Children',
  ],
  after: ['Tour', 'Phone', 'Pick-up', 'Notes', 'Check-in'],
});
const tourColumns = (tz: string) => ({
  before: [
    'Tour ID',
    'Name',
    'Status',
    `Departure (${tz})`,
    'Product',
    'Route',
    'Orders',
    'Pax',
    'Checked in',
    'No-shows',
  ],
  after: [],
});

function orderRecord(o: Order, tz: string, types: string[]): unknown[] {
  return [
    o.displayId,
    o.ota,
    o.otaOrderId,
    statusLabel(o.statusV2),
    formatSortableDateTime(o.departureAt, tz),
    formatSortableDateTime(o.bookedAt, tz),
    o.product.id,
    o.product.route,
    o.product.pack,
    o.customer.name,
    o.customer.email,
    o.language,
    o.quantity.total,
    o.quantity.adult,
    o.quantity.child,
    ...priceCells(types, o.prices),
    o.tour?.displayId ?? '',
    o.customer.phone ?? '',
    o.pickup ?? '',
    o.notes ?? '',
    checkInLabel({ checkIn: o.checkIn, total: o.quantity.total }),
  ];
}

function tourRecord(t: Tour, tz: string, types: string[]): unknown[] {
  return [
    t.displayId,
    t.displayName,
    statusLabel(t.statusV2),
    formatSortableDateTime(t.departureAt, tz),
    t.product?.id ?? '',
    t.product?.route ?? '',
    t.orderCount,
    t.checkIn.pax,
    t.checkIn.checkedInPax,
    t.checkIn.noShowParties,
    ...priceCells(types, t.prices),
  ];
}

/** Every item of a keyset-paged list, BATCH at a time, as CSV records. */
async function* paged<T>(read: (req: PageRequest) => Promise<Page<T>>, record: (item: T) => unknown[]) {
  let cursor: string | undefined;
  for (;;) {
    const page = await read({ cursor, limit: BATCH });
    for (const item of page.items) yield record(item);
    if (!page.hasMore || !page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

async function* records(db: Db, job: ExportJob): AsyncGenerator<unknown[]> {
  if (job.kind === 'manifest') return yield* manifestRecords(db, job);
  const team = { teamId: job.teamId, timezone: job.timezone };
  const tz = job.timezone;
  // the header names every price type of the rows, so they are read first
  const types = orderPriceTypes(await exportPriceTypes(db, job));
  const columns = job.kind === 'orders' ? orderColumns(tz) : tourColumns(tz);
  yield [...columns.before, ...priceHeader(types), ...columns.after];
  if (job.kind === 'orders') {
    yield* paged(
      (req) => listOrders(db, team, job.filters, req, BATCH),
      (o) => orderRecord(o, tz, types),
    );
  } else {
    yield* paged(
      (req) => listTours(db, team, job.filters, req, BATCH),
      (t) => tourRecord(t, tz, types),
    );
  }
}

/**
 * A readable CSV stream, UTF-8 with a byte-order mark (without one Excel reads "Nguyễn" as
 * "Nguyá»…n"), header row first; database errors end the stream with an error.
 */
export function csvStream(db: Db, job: ExportJob): NodeJS.ReadableStream {
  const out = stringify({ bom: true, cast: { string: neutralise } });
  pipeline(Readable.from(records(db, job)), out, () => undefined);
  return out;
}

/**
 * The file's name: its kind, its view and its date range, `orders-new-added-2026-11-01_2026-11-30.csv`
 * (a range open at one end reads `from-<day>` or `to-<day>`; no view or no range leaves its part out).
 */
export function csvFileName(job: Exclude<ExportJob, { kind: 'manifest' }>): string {
  const { view, startDate, endDate } = job.filters;
  const range =
    startDate && endDate
      ? `${startDate}_${endDate}`
      : startDate
        ? `from-${startDate}`
        : endDate
          ? `to-${endDate}`
          : undefined;
  const name = [job.kind, view, range].filter(Boolean).join('-');
  // the filters were validated (a view, ISO days); this keeps the header safe whatever is stored
  return `${name.replace(/[^A-Za-z0-9_-]/g, '')}.csv`;
}
