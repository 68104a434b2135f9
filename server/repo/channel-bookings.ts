import type { Ota } from '../../shared/otas';
import type { BookingStatus } from '../channel/booking.machine';
import type { ProductSchedule } from '../../shared/schedule';
import type { Db } from '../db/client';
import type { ChannelProductRow } from './channel-products';
import { displayId as displayIdOf } from './sequence';

/**
 * Channel bookings (OCTO holds and their confirmations): every statement of the booking service.
 * A hold whose time ran out reads EXPIRED as soon as it does (the sweeper only writes it down).
 */

/** A unit item as stored: what the reseller sent, with the unit's type and price when it was booked. */
export interface StoredUnitItem {
  uuid: string;
  unitId: string;
  resellerReference: string | null;
  contact: Record<string, unknown> | null;
  /** ADULT, CHILD, ... (orders count CHILD and INFANT as children). */
  type: string;
  /** The unit's price in major units, in the booking's currency. */
  currency: string;
  retail: number;
  net: number | null;
}

export interface Cancellation {
  refund: 'FULL' | 'PARTIAL' | 'NONE';
  reason: string | null;
  utcCancelledAt: string;
}

/** OCTO's pickups capability, as a booking keeps it. */
export interface BookingPickup {
  pickupRequested?: boolean;
  pickupPointId?: string | null;
  pickupHotel?: string | null;
  pickupHotelRoom?: string | null;
}

export interface BookingRow {
  uuid: string;
  teamId: string;
  keyId: string;
  channel: Ota;
  supplierReference: string;
  resellerReference: string | null;
  productId: string;
  optionId: string;
  availabilityId: string;
  startsAt: Date;
  localDate: string;
  unitItems: StoredUnitItem[];
  pax: number;
  /** As it reads now: ON_HOLD past its expiry reads EXPIRED. */
  status: BookingStatus;
  utcExpiresAt: Date | null;
  utcConfirmedAt: Date | null;
  utcRedeemedAt: Date | null;
  contact: Record<string, unknown>;
  notes: string | null;
  /** The pickups capability's fields as the reseller sent them (null: none). */
  pickup: BookingPickup | null;
  cancellation: Cancellation | null;
  requestHash: string;
  orderId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The database's clock when the row was read (the time every rule compares with). */
  dbNow: Date;
}

const COLUMNS = `b.uuid, b.team_id AS "teamId", b.key_id AS "keyId", b.channel,
  b.supplier_reference AS "supplierReference", b.reseller_reference AS "resellerReference",
  b.product_id AS "productId", b.option_id AS "optionId", b.availability_id AS "availabilityId",
  b.starts_at AS "startsAt", to_char(b.local_date, 'YYYY-MM-DD') AS "localDate", b.unit_items AS "unitItems", b.pax,
  CASE WHEN b.status = 'ON_HOLD' AND b.utc_expires_at <= now() THEN 'EXPIRED' ELSE b.status END AS status,
  b.utc_expires_at AS "utcExpiresAt", b.utc_confirmed_at AS "utcConfirmedAt", b.utc_redeemed_at AS "utcRedeemedAt",
  b.contact, b.notes, b.pickup, b.cancellation, b.request_hash AS "requestHash", b.order_id AS "orderId",
  b.created_at AS "createdAt", b.updated_at AS "updatedAt", now() AS "dbNow"`;

/** A booking of the team (locked for the transaction when forUpdate). */
export async function bookingOfTeam(
  db: Db,
  teamId: string,
  uuid: string,
  forUpdate = false,
): Promise<BookingRow | undefined> {
  const [row] = await db.query<BookingRow>(
    `SELECT ${COLUMNS} FROM channel_bookings b WHERE b.uuid = $1 AND b.team_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [uuid, teamId],
  );
  return row;
}

/**
 * A booking of the team with what a confirmation needs besides, in one round trip: its product if it
 * is still sold through the channel, and the display id of the order it may become (taken now when
 * the booking is a live hold without an order: channel_booking_number, migration 019), else null.
 * A statement of its own whose only write is the team's counter, so its commit does not wait for the
 * disk (`synchronous_commit` off for it alone): the counter's row is then locked for the statement,
 * not for a flush of the WAL as well. The order that gets the number commits durably, which flushes
 * the WAL past this commit first; if the process dies before, no stored order has the number, and
 * giving it again duplicates nothing.
 */
export async function bookingToConfirm(
  db: Db,
  teamId: string,
  uuid: string,
): Promise<
  | {
      row: BookingRow;
      stamp: string;
      product: ChannelProductRow | undefined;
      teamCode: string;
      displayId: string | null;
    }
  | undefined
> {
  const [found] = await db.query<
    BookingRow & {
      stamp: string;
      teamCode: string;
      number: number | null;
      timezone: string;
      productName: string | null;
      schedule: ProductSchedule | null;
      asyncCommit: string;
    }
  >(
    `SELECT ${COLUMNS}, (extract(epoch FROM b.updated_at) * 1000000)::int8::text AS stamp, t.code AS "teamCode",
            channel_booking_number(b.status, b.order_id, b.utc_expires_at, b.team_id, t.code) AS number,
            t.timezone, p.name AS "productName", p.schedule,
            set_config('synchronous_commit', 'off', true) AS "asyncCommit"
       FROM channel_bookings b JOIN teams t ON t.id = b.team_id
       LEFT JOIN products p ON p.team_id = b.team_id AND p.id = b.product_id AND p.schedule IS NOT NULL
      WHERE b.uuid = $1 AND b.team_id = $2`,
    [uuid, teamId],
    'channel_booking_to_confirm',
  );
  if (!found) return undefined;
  const { stamp, teamCode, number, timezone, productName, schedule, asyncCommit: _, ...row } = found;
  const product = schedule
    ? { id: row.productId, name: productName!, teamId: row.teamId, timezone, schedule }
    : undefined;
  const displayId = number === null ? null : displayIdOf(`${teamCode}-`, Number(number));
  return { row: row as BookingRow, stamp, product, teamCode, displayId };
}

/** Who holds a uuid (any team: the uuid is the table's key) and for which request. */
export async function uuidOwner(db: Db, uuid: string): Promise<{ teamId: string; requestHash: string } | undefined> {
  const [row] = await db.query<{ teamId: string; requestHash: string }>(
    'SELECT team_id AS "teamId", request_hash AS "requestHash" FROM channel_bookings WHERE uuid = $1',
    [uuid],
  );
  return row;
}

export interface NewHold {
  uuid: string;
  teamId: string;
  keyId: string;
  channel: Ota;
  supplierReference: string;
  resellerReference: string | null;
  productId: string;
  optionId: string;
  availabilityId: string;
  startsAt: Date;
  localDate: string;
  unitItems: StoredUnitItem[];
  pax: number;
  expirationMinutes: number;
  contact: Record<string, unknown>;
  notes: string | null;
  pickup: BookingPickup | null;
  requestHash: string;
}

export interface HeldPlaces {
  /** The product is not the one of the fingerprint sent: nothing was held or counted. */
  stale: boolean;
  /** The hold as stored; undefined when the places were not there or the uuid was taken meanwhile. */
  row: BookingRow | undefined;
  /** Places used at the departure before this hold, counted after its lock. */
  used: number;
  /** The database's clock once the departure's lock was held. */
  clock: Date;
}

/**
 * A reserve in one round trip (channel_reserve, migrations 015 and 019, in the statement's own
 * transaction): checks the product's fingerprint when one is sent (`stale` when it changed), locks
 * the departure and counts its places after the lock, then inserts the hold only if `capacity`
 * leaves room for its pax. The lock is held until the statement's transaction ends, so
 * concurrent reserves of one departure take turns and each counts the holds of those before it.
 */
export async function reserveHold(
  db: Db,
  h: NewHold,
  lock: { startsAt: Date; from: Date; to: Date },
  capacity: number,
  fingerprint: string | null,
): Promise<HeldPlaces> {
  const [row] = await db.query<BookingRow & { lockUsed: number; lockClock: Date; stale: boolean }>(
    `SELECT r.stale, r.used AS "lockUsed", r.clock AS "lockClock", ${COLUMNS}
       FROM channel_reserve($1, $2, $3, $4, $5, $6, $7::jsonb, $8) r CROSS JOIN LATERAL (SELECT (r.booking).*) b`,
    [
      h.teamId,
      h.productId,
      lock.startsAt.toISOString(),
      lock.from.toISOString(),
      lock.to.toISOString(),
      capacity,
      JSON.stringify({
        uuid: h.uuid,
        keyId: h.keyId,
        channel: h.channel,
        supplierReference: h.supplierReference,
        resellerReference: h.resellerReference,
        optionId: h.optionId,
        availabilityId: h.availabilityId,
        localDate: h.localDate,
        unitItems: h.unitItems,
        pax: h.pax,
        expirationMinutes: h.expirationMinutes,
        contact: h.contact,
        notes: h.notes,
        pickup: h.pickup,
        requestHash: h.requestHash,
      }),
      fingerprint,
    ],
    'channel_reserve',
  );
  const { lockUsed, lockClock, stale, ...booking } = row;
  return {
    stale,
    row: booking.uuid ? (booking as BookingRow) : undefined,
    used: Number(lockUsed),
    clock: lockClock,
  };
}

/** What confirming a hold writes: its order (with a display id already taken), the order's first
 *  Activity entry, and the booking itself; and what must still hold for it to be written. */
export interface ConfirmWrite {
  uuid: string;
  teamId: string;
  /** The order's display id, e.g. "KH-000123" (taken as the booking was read: bookingToConfirm). */
  displayId: string;
  status: BookingStatus;
  /** The booking's stamp as it was read (bookingToConfirm): written only if nothing changed it since. */
  stamp: string;
  /** The departure's places: counted under its lock, in this window. */
  window: { from: Date; to: Date };
  order: {
    id: string;
    otaOrderId: string;
    language: string;
    customerName: string;
    customerEmail: string;
    customerPhone: string | null;
    pickup: string | null;
    notes: string | null;
    adults: number;
    children: number;
    prices: unknown[];
  };
  event: { id: string; byId: string; byName: string; comment: string };
  booking: { contact: Record<string, unknown>; resellerReference: string | null; unitItems: StoredUnitItem[] };
}

/**
 * Confirms a hold into a new order in one round trip (channel_confirm, migration 015): locks the
 * booking, then its departure (which also counts the places), and writes only if the booking is
 * still the hold that was read (`stamp`) and still live by the database's clock under the
 * departure's lock (what the statechart's holdIsLive says); then the order, its CREATE event and
 * the booking's new state. The booking as stored with the departure's used places,
 * or undefined when nothing was written. A reference the team's OTA has already fails on the unique
 * index orders_team_ota_order.
 */
export async function confirmHold(db: Db, w: ConfirmWrite): Promise<{ row: BookingRow; used: number } | undefined> {
  const [row] = await db.query<BookingRow & { lockUsed: number }>(
    `SELECT r.used AS "lockUsed", ${COLUMNS}
       FROM channel_confirm($1, $2, $3::int8, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb) r
       CROSS JOIN LATERAL (SELECT (r.booking).*) b
      WHERE (r.booking).uuid IS NOT NULL`,
    [
      w.uuid,
      w.teamId,
      w.stamp,
      w.window.from.toISOString(),
      w.window.to.toISOString(),
      w.displayId,
      w.status,
      JSON.stringify(w.order),
      JSON.stringify(w.event),
      JSON.stringify(w.booking),
    ],
    'channel_confirm',
  );
  if (!row) return undefined;
  const { lockUsed, ...booking } = row;
  return { row: booking as BookingRow, used: Number(lockUsed) };
}

/** What a write may change of a booking (absent = kept). */
export interface BookingChanges {
  status?: BookingStatus;
  resellerReference?: string | null;
  productId?: string;
  optionId?: string;
  availabilityId?: string;
  startsAt?: Date;
  localDate?: string;
  unitItems?: StoredUnitItem[];
  pax?: number;
  /** Minutes from now by the database's clock; null clears the expiry. */
  expiresInMinutes?: number | null;
  confirmedNow?: boolean;
  contact?: Record<string, unknown>;
  notes?: string | null;
  cancellation?: Cancellation;
  orderId?: string;
  /** true: redeemed now (its party checked in); false: no longer redeemed. */
  redeemed?: boolean;
  pickup?: BookingPickup | null;
}

const has = (c: BookingChanges, k: keyof BookingChanges) => c[k] !== undefined;

/** Applies the changes; the row as stored after them. */
export async function updateBooking(tx: Db, uuid: string, c: BookingChanges): Promise<BookingRow> {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [uuid];
  const set = (column: string, value: unknown, cast = '') => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if (has(c, 'status')) set('status', c.status);
  if (c.resellerReference !== undefined) set('reseller_reference', c.resellerReference);
  if (has(c, 'productId')) set('product_id', c.productId);
  if (has(c, 'optionId')) set('option_id', c.optionId);
  if (has(c, 'availabilityId')) set('availability_id', c.availabilityId);
  if (has(c, 'startsAt')) set('starts_at', c.startsAt!.toISOString(), '::timestamptz');
  if (has(c, 'localDate')) set('local_date', c.localDate, '::date');
  if (has(c, 'unitItems')) set('unit_items', JSON.stringify(c.unitItems), '::jsonb');
  if (has(c, 'pax')) set('pax', c.pax);
  if (c.expiresInMinutes === null) sets.push('utc_expires_at = NULL');
  else if (c.expiresInMinutes !== undefined) {
    params.push(c.expiresInMinutes);
    sets.push(`utc_expires_at = now() + $${params.length} * interval '1 minute'`);
  }
  if (c.confirmedNow) sets.push('utc_confirmed_at = now()');
  if (has(c, 'contact')) set('contact', JSON.stringify(c.contact), '::jsonb');
  if (c.notes !== undefined) set('notes', c.notes);
  if (has(c, 'cancellation')) set('cancellation', JSON.stringify(c.cancellation), '::jsonb');
  if (has(c, 'orderId')) set('order_id', c.orderId);
  if (c.redeemed !== undefined) sets.push(`utc_redeemed_at = ${c.redeemed ? 'now()' : 'NULL'}`);
  if (c.pickup !== undefined) set('pickup', c.pickup === null ? null : JSON.stringify(c.pickup), '::jsonb');
  const [row] = await tx.query<BookingRow>(
    `UPDATE channel_bookings AS b SET ${sets.join(', ')} WHERE b.uuid = $1 RETURNING ${COLUMNS}`,
    params,
  );
  return row;
}

export interface BookingFilters {
  resellerReference?: string;
  supplierReference?: string;
  localDate?: string;
  localDateStart?: string;
  localDateEnd?: string;
  productId?: string;
  optionId?: string;
}

/** The team's bookings matching every filter given, by departure then creation. */
export async function listTeamBookings(db: Db, teamId: string, f: BookingFilters, limit = 500): Promise<BookingRow[]> {
  const params: unknown[] = [teamId];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['b.team_id = $1'];
  if (f.resellerReference !== undefined) where.push(`b.reseller_reference = ${add(f.resellerReference)}`);
  if (f.supplierReference !== undefined) where.push(`b.supplier_reference = ${add(f.supplierReference)}`);
  if (f.localDate !== undefined) where.push(`b.local_date = ${add(f.localDate)}::date`);
  if (f.localDateStart !== undefined) where.push(`b.local_date >= ${add(f.localDateStart)}::date`);
  if (f.localDateEnd !== undefined) where.push(`b.local_date <= ${add(f.localDateEnd)}::date`);
  if (f.productId !== undefined) where.push(`b.product_id = ${add(f.productId)}`);
  if (f.optionId !== undefined) where.push(`b.option_id = ${add(f.optionId)}`);
  return db.query<BookingRow>(
    `SELECT ${COLUMNS} FROM channel_bookings b WHERE ${where.join(' AND ')}
      ORDER BY b.starts_at, b.created_at, b.uuid LIMIT ${add(limit)}`,
    params,
  );
}

/** Writes EXPIRED on every hold whose time ran out: one statement, so several instances may run it
 *  side by side (a row taken by one is re-checked, and skipped, by the other). */
export async function expireHolds(db: Db): Promise<number> {
  const rows = await db.query(
    `UPDATE channel_bookings SET status = 'EXPIRED', updated_at = now()
      WHERE status = 'ON_HOLD' AND utc_expires_at <= now()
      RETURNING uuid`,
  );
  return rows.length;
}

export interface LockedOrder {
  status: string;
  productId: string;
  departureAt: Date;
  places: number;
}

/** Locks an order for a channel's change: what it holds, or undefined when it is gone. */
export async function lockOrder(tx: Db, orderId: string): Promise<LockedOrder | undefined> {
  const [row] = await tx.query<LockedOrder>(
    `SELECT status, product_id AS "productId", departure_at AS "departureAt", quantity_total AS places
       FROM orders WHERE id = $1 FOR UPDATE`,
    [orderId],
  );
  return row;
}

/** Locks the bookings of an order that its check-in may redeem (or take back): CONFIRMED or REDEEMED. */
export async function lockBookingsOfOrder(tx: Db, orderId: string): Promise<{ uuid: string; status: BookingStatus }[]> {
  return tx.query<{ uuid: string; status: BookingStatus }>(
    `SELECT uuid, status FROM channel_bookings WHERE order_id = $1 AND status IN ('CONFIRMED', 'REDEEMED')
      ORDER BY uuid FOR UPDATE`,
    [orderId],
  );
}

/** The database's clock now (not the transaction's start): what a rule compares with after waiting for a lock. */
export async function dbClock(tx: Db): Promise<Date> {
  const [row] = await tx.query<{ now: Date }>('SELECT clock_timestamp() AS now');
  return row.now;
}
