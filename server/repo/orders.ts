import type { Schemas } from '../../shared/contract';
import type { Ota } from '../../shared/otas';
import type { Db } from '../db/client';
import { searchWhere } from './order-search';
import { Params } from './paging';
import { listByDate, rowsByIds } from './records';
import type { EditableColumn } from './versioned';

/** Orders: row mapping, the filters shared by list, counts and CSV export, keyset pages and writes. */
export type Price = Schemas['Price'];
export type Order = Schemas['Order'];
export type OrderStatus = Schemas['StatusV2'];

/** A row of table orders (what the seed inserts). */
export interface OrderTableRow {
  id: string;
  team_id: string;
  display_id: string;
  ota_order_id: string;
  ota: Ota;
  departure_at: Date;
  booked_at: Date;
  language: string;
  product_id: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  pickup: string | null;
  notes: string | null;
  quantity_total: number;
  quantity_adult: number;
  quantity_child: number;
  prices: Price[];
  tour_id: string | null;
  status: OrderStatus;
  email_checkpoints: Order['emailCheckpoints'];
  review_checkpoints: Order['reviewCheckpoints'];
  version: number;
  check_in_state: Order['checkIn']['state'];
  check_in_arrived: number;
  check_in_at: Date | null;
  check_in_by_id: string | null;
  check_in_by_name: string | null;
}

/** A row of ORDER_SELECT: the table row with its product's and tour's columns (and a page's sort key). */
export interface OrderRow extends OrderTableRow {
  product_route: string | null;
  product_pack: string | null;
  tour_display_id: string | null;
  sort_key: string;
}

/** The product and the tour of an order `o`, as `p` and `t`. */
export const ORDER_JOINS = `
    LEFT JOIN products p ON p.team_id = o.team_id AND p.id = o.product_id
    LEFT JOIN tours t ON t.id = o.tour_id`;

export const ORDER_SELECT = `
  SELECT o.id, o.team_id, o.display_id, o.ota_order_id, o.ota, o.departure_at, o.booked_at, o.language,
         o.product_id, p.route AS product_route, p.pack AS product_pack, o.customer_name, o.customer_email,
         o.customer_phone, o.pickup, o.notes, o.quantity_total, o.quantity_adult, o.quantity_child, o.prices, o.tour_id,
         t.display_id AS tour_display_id, o.status, o.email_checkpoints, o.review_checkpoints, o.version,
         o.check_in_state, o.check_in_arrived, o.check_in_at, o.check_in_by_id, o.check_in_by_name
    FROM orders o ${ORDER_JOINS}`;

const EMAIL_DEFAULT = { confirmation: false, info: false, review: false, marketing: false };
const REVIEW_DEFAULT = { OTA: false, TripAdvisor: false, Google: false, MyProGuide: false };

/** The check-in columns of an order as the contract shows them. */
export function checkInOf(r: OrderTableRow): Order['checkIn'] {
  return {
    state: r.check_in_state,
    arrived: r.check_in_arrived,
    at: r.check_in_at ? r.check_in_at.toISOString() : null,
    by: r.check_in_by_id ? { id: r.check_in_by_id, name: r.check_in_by_name ?? '' } : null,
  };
}

export function mapOrder(r: OrderRow): Order {
  return {
    id: r.id,
    displayId: r.display_id,
    otaOrderId: r.ota_order_id,
    ota: r.ota,
    departureAt: r.departure_at.toISOString(),
    bookedAt: r.booked_at.toISOString(),
    language: r.language,
    product: { id: r.product_id, route: r.product_route ?? '', pack: r.product_pack || r.product_id },
    customer: { name: r.customer_name, email: r.customer_email, phone: r.customer_phone },
    pickup: r.pickup,
    notes: r.notes,
    checkIn: checkInOf(r),
    quantity: { total: r.quantity_total, adult: r.quantity_adult, child: r.quantity_child },
    prices: r.prices ?? [],
    tour: r.tour_id ? { id: r.tour_id, displayId: r.tour_display_id ?? '' } : null,
    statusV2: r.status,
    emailCheckpoints: { ...EMAIL_DEFAULT, ...r.email_checkpoints },
    reviewCheckpoints: { ...REVIEW_DEFAULT, ...r.review_checkpoints },
    version: r.version,
  };
}

export type OrderSort = Schemas['OrderSort'];

export interface OrderFilters {
  startDate?: string;
  endDate?: string;
  statusV2?: string;
  view?: string;
  otaOrderId?: string;
  displayId?: string;
  ota?: string;
  /** Search text: see order-search.ts. */
  q?: string;
  /** Which date startDate/endDate filter on (departure when absent). */
  dateBasis?: 'departure' | 'booking';
}

export const VIEW_STATUS: Record<string, string> = {
  'new-added': 'new',
  pending: 'pending',
  'cancel-requested': 'cancel_requested',
  canceled: 'canceled',
};

/** Issues: departing within 48 h without a sent confirmation (and not canceled), or linked to a
 *  tour while canceled or cancel-requested (the two parts apart for the counts: order-counts.ts). */
export const ISSUES_SOON = `(o.status <> 'canceled' AND o.departure_at >= now() AND o.departure_at < now() + interval '48 hours'
    AND COALESCE(o.email_checkpoints->>'confirmation', 'false') <> 'true')`;
export const ISSUES_LINKED = `(o.tour_id IS NOT NULL AND o.status IN ('canceled', 'cancel_requested'))`;
const ISSUES = `(${ISSUES_SOON} OR ${ISSUES_LINKED})`;

/** WHERE conditions of the filters; dates are YYYY-MM-DD in the team's timezone, inclusive. */
export function orderWhere(teamId: string, timezone: string, f: OrderFilters, p: Params): string[] {
  return filterWhere(p.add(teamId), () => p.add(timezone), f, p);
}

/** orderWhere with the team and its timezone as SQL expressions (placeholders or subqueries). */
export function filterWhere(team: string, tzSql: () => string, f: OrderFilters, p: Params): string[] {
  const where = [`o.team_id = ${team}`];
  if (f.startDate || f.endDate) {
    const tz = tzSql();
    const col = f.dateBasis === 'booking' ? 'o.booked_at' : 'o.departure_at';
    if (f.startDate) where.push(`${col} >= (${p.add(f.startDate)}::date)::timestamp AT TIME ZONE ${tz}`);
    if (f.endDate) where.push(`${col} < ((${p.add(f.endDate)}::date) + 1)::timestamp AT TIME ZONE ${tz}`);
  }
  if (f.statusV2) where.push(`o.status = ${p.add(f.statusV2)}`);
  if (f.view === 'issues') where.push(ISSUES);
  else if (f.view && VIEW_STATUS[f.view]) where.push(`o.status = ${p.add(VIEW_STATUS[f.view])}`);
  if (f.otaOrderId) where.push(`upper(o.ota_order_id) = ${p.add(f.otaOrderId.toUpperCase())}`);
  if (f.displayId) where.push(`o.display_id = ${p.add(f.displayId)}`);
  if (f.ota) where.push(`o.ota = ${p.add(f.ota)}`);
  if (f.q !== undefined) where.push(searchWhere(f.q, p));
  return where;
}

export function sortOf(orderBy: string | undefined): { col: string; desc: boolean } {
  switch (orderBy) {
    case 'DEPARTURE_AT_DESC':
      return { col: 'departure_at', desc: true };
    case 'BOOKED_AT_ASC':
      return { col: 'booked_at', desc: false };
    case 'BOOKED_AT_DESC':
      return { col: 'booked_at', desc: true };
    default:
      return { col: 'departure_at', desc: false };
  }
}

const ORDERS = { select: ORDER_SELECT, alias: 'o', map: mapOrder, where: orderWhere, sort: sortOf };

/** One page of orders, ordered by the sort key then id; the cursor continues after the last row. */
export const listOrders = listByDate(ORDERS);

/** Orders by id (in the order of the ids), already known to be in the caller's teams. */
export const ordersByIds = (db: Db, ids: string[]): Promise<Order[]> => rowsByIds(db, ORDERS, ids);

export async function ordersOfTour(db: Db, tourId: string): Promise<Order[]> {
  const rows = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.tour_id = $1 ORDER BY o.departure_at, o.id`, [tourId]);
  return rows.map(mapOrder);
}

/** What an edit of orders (updateOrders) may change. */
export const ORDER_EDITS: EditableColumn<Schemas['OrderUpdate'], Order>[] = [
  { field: 'departureAt', column: 'departure_at', type: 'timestamptz' },
  { field: 'prices', column: 'prices', type: 'jsonb' },
  { field: 'language', column: 'language', type: 'text' },
  { field: 'emailCheckpoints', column: 'email_checkpoints', type: 'jsonb', merge: true },
  { field: 'reviewCheckpoints', column: 'review_checkpoints', type: 'jsonb', merge: true },
];

/** The departure and product of the earliest of some orders (by departure, then id). */
export async function earliestOrder(
  db: Db,
  ids: string[],
): Promise<{ departureAt: Date; productId: string } | undefined> {
  const [row] = await db.query<{ departure_at: Date; product_id: string }>(
    'SELECT departure_at, product_id FROM orders WHERE id = ANY($1::text[]) ORDER BY departure_at, id LIMIT 1',
    [ids],
  );
  return row && { departureAt: row.departure_at, productId: row.product_id };
}

/** Links a team's orders to a tour (those not on it already): each moved order's id and former tour. */
export async function setTourOfOrders(
  db: Db,
  teamId: string,
  tourId: string,
  orderIds: string[],
): Promise<{ id: string; fromTourId: string | null }[]> {
  return db.query<{ id: string; fromTourId: string | null }>(
    `UPDATE orders o SET tour_id = $2, version = o.version + 1, updated_at = now()
       FROM orders prev
      WHERE o.id = prev.id AND o.id = ANY($3::text[]) AND o.team_id = $1 AND o.tour_id IS DISTINCT FROM $2
      RETURNING o.id, prev.tour_id AS "fromTourId"`,
    [teamId, tourId, orderIds],
  );
}

/** Links those of a team's orders that are on no tour to a tour: the ids linked. */
export async function linkUnlinkedOrders(
  db: Db,
  teamId: string,
  tourId: string,
  orderIds: string[],
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE orders SET tour_id = $2, version = version + 1, updated_at = now()
      WHERE team_id = $1 AND id = ANY($3::text[]) AND tour_id IS NULL RETURNING id`,
    [teamId, tourId, orderIds],
  );
  return rows.map((r) => r.id);
}

/** Unlinks the orders of a tour (only `orderId` when given): the ids of those unlinked. */
export async function unlinkOrdersOfTour(db: Db, teamId: string, tourId: string, orderId?: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE orders SET tour_id = NULL, version = version + 1, updated_at = now()
      WHERE team_id = $1 AND tour_id = $2${orderId === undefined ? '' : ' AND id = $3'} RETURNING id`,
    orderId === undefined ? [teamId, tourId] : [teamId, tourId, orderId],
  );
  return rows.map((r) => r.id);
}

/** An order of the team with one of the display ids, or of the OTA with one of the OTA order ids (upper case). */
export async function conflictingOrder(
  db: Db,
  teamId: string,
  ota: Ota,
  displayIds: string[],
  otaOrderIds: string[],
): Promise<{ displayId: string; otaOrderId: string } | undefined> {
  const [row] = await db.query<{ displayId: string; otaOrderId: string }>(
    `SELECT display_id AS "displayId", ota_order_id AS "otaOrderId" FROM orders
      WHERE team_id = $1 AND (display_id = ANY($2::text[]) OR (ota = $3 AND upper(ota_order_id) = ANY($4::text[])))
      LIMIT 1`,
    [teamId, displayIds, ota, otaOrderIds],
  );
  return row;
}

/** A new order's columns (besides its team and OTA; its timestamps as given). */
export type NewOrder = Omit<
  OrderTableRow,
  | 'team_id'
  | 'ota'
  | 'departure_at'
  | 'booked_at'
  | 'tour_id'
  | 'email_checkpoints'
  | 'review_checkpoints'
  | 'version'
  | 'customer_phone'
  | 'pickup'
  | 'notes'
  | CheckInColumn
> & {
  departure_at: string;
  booked_at: string;
  customer_phone?: string | null;
  pickup?: string | null;
  notes?: string | null;
};

/** The check-in columns (a new order is EXPECTED). */
export type CheckInColumn =
  'check_in_state' | 'check_in_arrived' | 'check_in_at' | 'check_in_by_id' | 'check_in_by_name';

/** Inserts orders of one team and OTA with one statement. */
export async function insertOrders(db: Db, teamId: string, ota: Ota, orders: NewOrder[]): Promise<void> {
  await db.query(
    `INSERT INTO orders (id, team_id, ota, display_id, ota_order_id, departure_at, booked_at, language, product_id,
       customer_name, customer_email, customer_phone, pickup, notes, quantity_total, quantity_adult, quantity_child,
       prices, status)
     SELECT v.id, $1, $2, v.display_id, v.ota_order_id, v.departure_at, v.booked_at, v.language, v.product_id,
       v.customer_name, v.customer_email, v.customer_phone, v.pickup, v.notes, v.quantity_total, v.quantity_adult,
       v.quantity_child, v.prices, v.status
       FROM jsonb_to_recordset($3::jsonb) AS v(id text, display_id text, ota_order_id text, departure_at timestamptz,
         booked_at timestamptz, language text, product_id text, customer_name text, customer_email text,
         customer_phone text, pickup text, notes text, quantity_total int, quantity_adult int, quantity_child int,
         prices jsonb, status text)`,
    [teamId, ota, JSON.stringify(orders)],
  );
}

/** The columns a channel may change on its order (server/channel/order-changes.ts). */
export interface ChannelOrderColumns {
  departure_at?: string;
  product_id?: string;
  customer_name?: string;
  customer_email?: string;
  customer_phone?: string;
  pickup?: string;
  notes?: string;
  language?: string;
  quantity_total?: number;
  quantity_adult?: number;
  quantity_child?: number;
  prices?: Price[];
}

/** Sets the given columns of one order (an absent one keeps its value) and increments its version. */
export async function updateOrderColumns(db: Db, id: string, cols: ChannelOrderColumns): Promise<void> {
  await db.query(
    `UPDATE orders x SET
       departure_at = COALESCE(v.departure_at, x.departure_at), product_id = COALESCE(v.product_id, x.product_id),
       customer_name = COALESCE(v.customer_name, x.customer_name),
       customer_email = COALESCE(v.customer_email, x.customer_email),
       customer_phone = COALESCE(v.customer_phone, x.customer_phone), pickup = COALESCE(v.pickup, x.pickup),
       notes = COALESCE(v.notes, x.notes), language = COALESCE(v.language, x.language),
       quantity_total = COALESCE(v.quantity_total, x.quantity_total),
       quantity_adult = COALESCE(v.quantity_adult, x.quantity_adult),
       quantity_child = COALESCE(v.quantity_child, x.quantity_child), prices = COALESCE(v.prices, x.prices),
       version = x.version + 1, updated_at = now()
       FROM jsonb_to_record($2::jsonb) AS v(departure_at timestamptz, product_id text, customer_name text,
         customer_email text, customer_phone text, pickup text, notes text, language text, quantity_total int, quantity_adult int, quantity_child int, prices jsonb)
      WHERE x.id = $1`,
    [id, JSON.stringify(cols)],
  );
}
