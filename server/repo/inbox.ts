import type { Schemas } from '../../shared/contract';
import type { Ota } from '../../shared/otas';
import type { Db } from '../db/client';
import { eventId, type Operator } from './events';
import { Params, pageWindow, toPage, type Page, type PageRequest } from './paging';
import { afterCursor } from './records';

/** The channel inbox: what came from the OTAs and needs a person (amendments, cancellations, refusals). */
export interface NewInboxItem {
  teamId: string;
  kind: 'AMENDMENT' | 'CANCELLATION' | 'REFUSED';
  channel: Ota;
  source: 'OCTO' | 'IMPORT';
  orderId?: string | null;
  bookingUuid?: string | null;
  /** The OTA's order id or the reseller's reference. */
  reference?: string | null;
  changes?: { field: string; from?: unknown; to?: unknown }[] | null;
  /** A cancellation's reason, or a refusal's message. */
  reason?: string | null;
  /** A refusal's error code. */
  errorCode?: string | null;
  /** A refusal's request as received. */
  request?: unknown;
}

export async function insertInboxItem(db: Db, item: NewInboxItem): Promise<string> {
  const id = eventId();
  await db.query(
    `INSERT INTO channel_inbox (id, team_id, kind, channel, source, order_id, booking_uuid, reference, changes, reason,
       error_code, request)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12::jsonb)`,
    [
      id,
      item.teamId,
      item.kind,
      item.channel,
      item.source,
      item.orderId ?? null,
      item.bookingUuid ?? null,
      item.reference ?? null,
      item.changes ? JSON.stringify(item.changes) : null,
      item.reason ?? null,
      item.errorCode ?? null,
      item.request === undefined ? null : JSON.stringify(item.request),
    ],
  );
  return id;
}

export type InboxItem = Schemas['InboxItem'];

interface InboxRow {
  id: string;
  kind: InboxItem['kind'];
  channel: Ota;
  source: InboxItem['source'];
  order_id: string | null;
  order_display_id: string | null;
  booking_uuid: string | null;
  reference: string | null;
  changes: InboxItem['changes'];
  reason: string | null;
  error_code: string | null;
  request: InboxItem['request'];
  created_at: Date;
  acknowledged_at: Date | null;
  acknowledged_by_id: string | null;
  acknowledged_by_name: string | null;
  sort_key: string;
}

/** The item `i` with its order's display id (an order deleted since leaves it null). */
const INBOX_SELECT = `
  SELECT i.id, i.kind, i.channel, i.source, i.order_id, o.display_id AS order_display_id, i.booking_uuid,
         i.reference, i.changes, i.reason, i.error_code, i.request, i.created_at, i.acknowledged_at,
         i.acknowledged_by_id, i.acknowledged_by_name, i.created_at::text AS sort_key
    FROM channel_inbox i LEFT JOIN orders o ON o.id = i.order_id`;

function mapInboxItem(r: InboxRow): InboxItem {
  return {
    id: r.id,
    kind: r.kind,
    channel: r.channel,
    source: r.source,
    orderId: r.order_id,
    orderDisplayId: r.order_display_id,
    bookingUuid: r.booking_uuid,
    reference: r.reference,
    changes: r.changes,
    reason: r.reason,
    errorCode: r.error_code,
    request: r.request,
    createdAt: r.created_at.toISOString(),
    acknowledgedAt: r.acknowledged_at ? r.acknowledged_at.toISOString() : null,
    acknowledgedBy: r.acknowledged_by_id ? { id: r.acknowledged_by_id, name: r.acknowledged_by_name ?? '' } : null,
  };
}

/** `open`: not acknowledged yet (the default); `all`: every item. */
export type InboxState = 'open' | 'all';

/** One page of a team's inbox, newest first (keyset on created_at, then id). */
export async function listInbox(db: Db, teamId: string, state: InboxState, req: PageRequest): Promise<Page<InboxItem>> {
  const { limit, offset, cursor } = pageWindow(req);
  const p = new Params();
  const where = [`i.team_id = ${p.add(teamId)}`];
  if (state === 'open') where.push('i.acknowledged_at IS NULL');
  if (cursor) where.push(afterCursor('i', 'created_at', true, cursor, p));
  const rows = await db.query<InboxRow>(
    `${INBOX_SELECT} WHERE ${where.join(' AND ')}
      ORDER BY i.created_at DESC, i.id DESC LIMIT ${limit + 1}${offset ? ` OFFSET ${offset}` : ''}`,
    p.values,
  );
  return toPage(rows, limit, (r) => [r.sort_key, r.id], mapInboxItem);
}

/** How many of a team's items are not acknowledged yet. */
export async function countOpenInbox(db: Db, teamId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM channel_inbox WHERE team_id = $1 AND acknowledged_at IS NULL',
    [teamId],
  );
  return row?.n ?? 0;
}

/**
 * Marks an item as acknowledged by someone, once: acknowledging it again keeps the first time and
 * person. Answers the item (undefined when the team has no such item).
 */
export async function acknowledgeInboxItem(
  db: Db,
  teamId: string,
  id: string,
  by: Operator,
): Promise<InboxItem | undefined> {
  await db.query(
    `UPDATE channel_inbox SET acknowledged_at = now(), acknowledged_by_id = $3, acknowledged_by_name = $4
      WHERE team_id = $1 AND id = $2 AND acknowledged_at IS NULL`,
    [teamId, id, by.userId, by.name],
  );
  const [row] = await db.query<InboxRow>(`${INBOX_SELECT} WHERE i.team_id = $1 AND i.id = $2`, [teamId, id]);
  return row && mapInboxItem(row);
}
