import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { formatDateTime } from '../../src/domain/format';
import type { Db } from '../db/client';
import type { ExportJob } from '../repo/exports';
import { listOrders, type Order, type Price } from '../repo/orders';
import type { Page, PageRequest } from '../repo/paging';
import { listTours, type Tour } from '../repo/tours';

/** CSV export: every row of the export's filters, read in keyset batches of 1000, streamed. */
export const BATCH = 1000;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a single
 * quote in front, so it shows as the text it is (OWASP's CSV injection advice). Strings only: numbers
 * stay numbers.
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

const prices = (list: Price[]) => list.map((p) => `${p.type} ${p.amount} ${p.currency}`).join('; ');

const ORDER_COLUMNS = [
  'Order ID',
  'OTA',
  'OTA order ID',
  'Status',
  'Departure',
  'Booked',
  'Product',
  'Route',
  'Package',
  'Customer',
  'Email',
  'Language',
  'Total',
  'Adults',
  'Children',
  'Prices',
  'Tour',
];
const TOUR_COLUMNS = ['Tour ID', 'Name', 'Status', 'Departure', 'Product', 'Route', 'Orders', 'Prices'];

function orderRecord(o: Order, tz: string): unknown[] {
  return [
    o.displayId,
    o.ota,
    o.otaOrderId,
    o.statusV2,
    formatDateTime(o.departureAt, tz),
    formatDateTime(o.bookedAt, tz),
    o.product.id,
    o.product.route,
    o.product.pack,
    o.customer.name,
    o.customer.email,
    o.language,
    o.quantity.total,
    o.quantity.adult,
    o.quantity.child,
    prices(o.prices),
    o.tour?.displayId ?? '',
  ];
}

function tourRecord(t: Tour, tz: string): unknown[] {
  return [
    t.displayId,
    t.displayName,
    t.statusV2,
    formatDateTime(t.departureAt, tz),
    t.product?.id ?? '',
    t.product?.route ?? '',
    t.orderCount,
    prices(t.prices),
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
  const team = { teamId: job.teamId, timezone: job.timezone };
  if (job.kind === 'orders') {
    yield ORDER_COLUMNS;
    yield* paged(
      (req) => listOrders(db, team, job.filters, req, BATCH),
      (o) => orderRecord(o, job.timezone),
    );
  } else {
    yield TOUR_COLUMNS;
    yield* paged(
      (req) => listTours(db, team, job.filters, req, BATCH),
      (t) => tourRecord(t, job.timezone),
    );
  }
}

/** A readable CSV stream, header row first; database errors end the stream with an error. */
export function csvStream(db: Db, job: ExportJob): NodeJS.ReadableStream {
  const out = stringify({ cast: { string: neutralise } });
  pipeline(Readable.from(records(db, job)), out, () => undefined);
  return out;
}
