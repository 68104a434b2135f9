import type { ProductSchedule } from '../../shared/schedule';
import type { Db } from '../db/client';
import { orgInformation, type StoredInformation } from '../orgs/information';

/** A team's product sold through the channel (it has a schedule), with the team's timezone. */
export interface ChannelProductRow {
  id: string;
  name: string;
  teamId: string;
  timezone: string;
  schedule: ProductSchedule;
}

interface Row {
  id: string;
  name: string;
  team_id: string;
  timezone: string;
  schedule: ProductSchedule;
}

const toProduct = (r: Row): ChannelProductRow => ({
  id: r.id,
  name: r.name,
  teamId: r.team_id,
  timezone: r.timezone,
  schedule: r.schedule,
});

const SELLABLE = `SELECT p.id, p.name, p.team_id, t.timezone, p.schedule
                    FROM products p JOIN teams t ON t.id = p.team_id
                   WHERE p.team_id = $1 AND p.schedule IS NOT NULL`;

/** The team's products with a schedule, by name then id. */
export async function channelProducts(db: Db, teamId: string): Promise<ChannelProductRow[]> {
  const rows = await db.query<Row>(`${SELLABLE} ORDER BY p.name, p.id`, [teamId]);
  return rows.map(toProduct);
}

/** One of the team's products with a schedule, or undefined. */
export async function channelProduct(
  db: Db,
  teamId: string,
  productId: string,
): Promise<ChannelProductRow | undefined> {
  const [row] = await db.query<Row>(`${SELLABLE} AND p.id = $2`, [teamId, productId], 'channel_product');
  return row && toProduct(row);
}

/** Who holds a booking uuid already (any team: the uuid is the table's key) and for which request. */
export interface UuidOwner {
  teamId: string;
  requestHash: string;
}

/**
 * What a reserve reads before its lock, in one round trip: the team's product with a schedule (or
 * undefined) and its fingerprint (migration 019), and the owner of the uuid asked for (undefined:
 * free, or no uuid sent).
 */
export async function productAndUuidOwner(
  db: Db,
  teamId: string,
  productId: string,
  uuid: string | null,
): Promise<{ product: ChannelProductRow | undefined; fingerprint: string; owner: UuidOwner | undefined }> {
  const [row] = await db.query<
    Partial<Row> & { fingerprint: string; owner_team: string | null; owner_hash: string | null }
  >(
    `SELECT p.id, p.name, p.team_id, t.timezone, p.schedule,
            channel_product_fingerprint(p.name, t.timezone, p.schedule) AS fingerprint,
            o.team_id AS owner_team, o.request_hash AS owner_hash
       FROM (SELECT 1) one
       LEFT JOIN products p ON p.team_id = $1 AND p.id = $2 AND p.schedule IS NOT NULL
       LEFT JOIN teams t ON t.id = p.team_id
       LEFT JOIN channel_bookings o ON o.uuid = $3`,
    [teamId, productId, uuid],
    'channel_product_and_uuid_owner',
  );
  return {
    product: row.id ? toProduct(row as Row) : undefined,
    fingerprint: row.fingerprint,
    owner: row.owner_team ? { teamId: row.owner_team, requestHash: row.owner_hash! } : undefined,
  };
}

/** What OCTO's supplier shows: the team's name and the contact of its organization, if it has one. */
export interface SupplierInfo {
  id: string;
  name: string;
  email: string | null;
  telephone: string | null;
  address: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function supplierInfo(db: Db, teamId: string): Promise<SupplierInfo | undefined> {
  const [row] = await db.query<{ id: string; name: string; information: StoredInformation | null }>(
    `SELECT t.id, t.name,
            (SELECT o.information FROM orgs o WHERE o.team_id = t.id ORDER BY o.created_at, o.id LIMIT 1) AS information
       FROM teams t WHERE t.id = $1`,
    [teamId],
  );
  if (!row) return undefined;
  const info = row.information ? orgInformation(row.information) : null;
  const contact = info?.pointOfContact;
  const email = contact?.email.trim() ?? '';
  return {
    id: row.id,
    name: row.name,
    email: EMAIL.test(email) ? email : null,
    telephone: contact?.phone?.trim() || null,
    address: null, // the organization keeps where it operates, not a postal address
  };
}
