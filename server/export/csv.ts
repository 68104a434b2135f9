import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { formatDateTime } from '../../src/domain/format';
import type { Db } from '../db/client';
import { listOrders, type Order, type OrderFilters, type OrderSort, type Price } from '../repo/orders';
import { listTours, type Tour, type TourFilters } from '../repo/tours';
import type { Page } from '../repo/paging';

/** CSV export: every row of the export's filters, read in keyset batches of 1000, streamed. */
export const BATCH = 1000;

export interface ExportJob {
  kind: 'orders' | 'tours';
  teamId: string;
  timezone: string;
  filters: Record<string, unknown>;
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

async function* records(db: Db, job: ExportJob): AsyncGenerator<unknown[]> {
  yield job.kind === 'orders' ? ORDER_COLUMNS : TOUR_COLUMNS;
  const team = { teamId: job.teamId, timezone: job.timezone };
  let cursor: string | undefined;
  for (;;) {
    let page: Page<Order> | Page<Tour>;
    if (job.kind === 'orders') {
      const filters = job.filters as OrderFilters & { orderBy?: OrderSort };
      const orders = await listOrders(db, team, filters, { cursor, limit: BATCH }, BATCH);
      for (const o of orders.items) yield orderRecord(o, job.timezone);
      page = orders;
    } else {
      const tours = await listTours(db, team, job.filters as TourFilters, { cursor, limit: BATCH }, BATCH);
      for (const t of tours.items) yield tourRecord(t, job.timezone);
      page = tours;
    }
    if (!page.hasMore || !page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** A readable CSV stream, header row first; database errors end the stream with an error. */
export function csvStream(db: Db, job: ExportJob): NodeJS.ReadableStream {
  const out = stringify();
  pipeline(Readable.from(records(db, job)), out, () => undefined);
  return out;
}
