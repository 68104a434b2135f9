import type { Ota } from '../../shared/otas';
import type { BookingStatus } from '../channel/booking.machine';
import type { Db } from '../db/client';

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
  b.contact, b.notes, b.cancellation, b.request_hash AS "requestHash", b.order_id AS "orderId",
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
  requestHash: string;
}

/** Inserts a hold, expiring expirationMinutes from now by the database's clock: the row as stored,
 *  or undefined when the uuid was taken meanwhile. */
export async function insertHold(tx: Db, h: NewHold): Promise<BookingRow | undefined> {
  const [row] = await tx.query<BookingRow>(
    `INSERT INTO channel_bookings AS b (uuid, team_id, key_id, channel, supplier_reference, reseller_reference, product_id,
       option_id, availability_id, starts_at, local_date, unit_items, pax, status, utc_expires_at, contact, notes,
       request_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::date, $12::jsonb, $13, 'ON_HOLD',
       now() + $14 * interval '1 minute', $15::jsonb, $16, $17)
     ON CONFLICT (uuid) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      h.uuid,
      h.teamId,
      h.keyId,
      h.channel,
      h.supplierReference,
      h.resellerReference,
      h.productId,
      h.optionId,
      h.availabilityId,
      h.startsAt.toISOString(),
      h.localDate,
      JSON.stringify(h.unitItems),
      h.pax,
      h.expirationMinutes,
      JSON.stringify(h.contact),
      h.notes,
      h.requestHash,
    ],
  );
  return row;
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

/** The team's code (the prefix of its display ids). */
export async function teamCode(db: Db, teamId: string): Promise<string> {
  const [row] = await db.query<{ code: string }>('SELECT code FROM teams WHERE id = $1', [teamId]);
  return row.code;
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

/** The database's clock now (not the transaction's start): what a rule compares with after waiting for a lock. */
export async function dbClock(tx: Db): Promise<Date> {
  const [row] = await tx.query<{ now: Date }>('SELECT clock_timestamp() AS now');
  return row.now;
}

/** The team's order of the OTA with this OTA order id (case-insensitive), if any. */
export async function orderWithOtaId(
  db: Db,
  teamId: string,
  ota: Ota,
  otaOrderId: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    'SELECT id FROM orders WHERE team_id = $1 AND ota = $2 AND upper(ota_order_id) = upper($3)',
    [teamId, ota, otaOrderId],
  );
  return row?.id;
}
