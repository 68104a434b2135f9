import type { Schemas } from '../../shared/contract';
import type { EmailType } from '../../shared/statuses';
import type { Db } from '../db/client';
import type { Operator } from './events';

/**
 * The e-mail outbox (email_messages): queue, claim, record, read; the answers of send requests by
 * Idempotency-Key (email_requests). The rules are in server/email/; the statements here.
 */
export type EmailState = Schemas['EmailState'];

export interface NewMessage {
  id: string;
  teamId: string;
  orderId: string;
  type: EmailType;
  recipient: string;
  subject: string;
  text: string;
}

/** What the outbox carries: e-mails about orders, and e-mails about no order (invitations). */
export type OutboxType = EmailType | 'INVITATION';

/** A message about no order (an invitation to a team). */
export interface NewPlainMessage {
  id: string;
  teamId: string;
  type: Exclude<OutboxType, EmailType>;
  recipient: string;
  subject: string;
  text: string;
}

/** Queues one message that is about no order. */
export async function enqueuePlain(db: Db, by: Operator, m: NewPlainMessage): Promise<void> {
  await db.query(
    `INSERT INTO email_messages (id, team_id, order_id, type, recipient, subject, text_body, created_by, created_by_name)
     VALUES ($1, $2, NULL, $3, $4, $5, $6, $7, $8)`,
    [m.id, m.teamId, m.type, m.recipient, m.subject, m.text, by.userId, by.name],
  );
}

/**
 * Queues messages with one INSERT. An order that already has an unfinished message of the type is
 * skipped (the partial unique index, so even two racing requests queue one): returns the order ids
 * whose message was queued.
 */
export async function enqueue(db: Db, by: Operator, messages: NewMessage[]): Promise<Set<string>> {
  if (messages.length === 0) return new Set();
  const col = <K extends keyof NewMessage>(k: K) => messages.map((m) => m[k]);
  const rows = await db.query<{ order_id: string }>(
    `INSERT INTO email_messages (id, team_id, order_id, type, recipient, subject, text_body, created_by, created_by_name)
     SELECT v.id, v.team_id, v.order_id, v.type, v.recipient, v.subject, v.text_body, $8, $9
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         AS v(id, team_id, order_id, type, recipient, subject, text_body)
     ON CONFLICT (order_id, type) WHERE state IN ('queued', 'sending') DO NOTHING
     RETURNING order_id`,
    [
      col('id'),
      col('teamId'),
      col('orderId'),
      col('type'),
      col('recipient'),
      col('subject'),
      col('text'),
      by.userId,
      by.name,
    ],
  );
  return new Set(rows.map((r) => r.order_id));
}

/** Of these orders, those with an unfinished message of the type, and those with a sent one. */
export async function messagesOfType(
  db: Db,
  orderIds: string[],
  type: EmailType,
): Promise<{ pending: Set<string>; sent: Set<string> }> {
  const rows = await db.query<{ order_id: string; state: EmailState }>(
    `SELECT DISTINCT order_id, state FROM email_messages
      WHERE order_id = ANY($1::text[]) AND type = $2 AND state IN ('queued', 'sending', 'sent')`,
    [orderIds, type],
  );
  const of = (...states: EmailState[]) => new Set(rows.filter((r) => states.includes(r.state)).map((r) => r.order_id));
  return { pending: of('queued', 'sending'), sent: of('sent') };
}

/** A message claimed for delivery (orderId null: about no order). */
export interface ClaimedMessage extends Omit<NewMessage, 'orderId' | 'type'> {
  orderId: string | null;
  type: OutboxType;
  /** Including this one. */
  attempts: number;
  by: Operator;
}

interface ClaimRow {
  id: string;
  team_id: string;
  order_id: string | null;
  type: OutboxType;
  recipient: string;
  subject: string;
  text_body: string;
  attempts: number;
  created_by: string;
  created_by_name: string;
}

/**
 * Claims up to `limit` due messages for `leaseMs`: queued ones whose time has come, and sending
 * ones whose claim ran out (their process died). SKIP LOCKED lets workers of several processes
 * claim side by side, each row by one of them.
 */
export async function claim(db: Db, token: string, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
  const rows = await db.query<ClaimRow>(
    `UPDATE email_messages m
        SET state = 'sending', attempts = m.attempts + 1, claim_token = $1,
            next_attempt_at = now() + $3 * interval '1 millisecond'
       FROM (SELECT id FROM email_messages
              WHERE state IN ('queued', 'sending') AND next_attempt_at <= now()
              ORDER BY next_attempt_at, id
              LIMIT $2
              FOR UPDATE SKIP LOCKED) due
      WHERE m.id = due.id
      RETURNING m.id, m.team_id, m.order_id, m.type, m.recipient, m.subject, m.text_body, m.attempts,
                m.created_by, m.created_by_name`,
    [token, limit, leaseMs],
  );
  return rows.map((r) => ({
    id: r.id,
    teamId: r.team_id,
    orderId: r.order_id,
    type: r.type,
    recipient: r.recipient,
    subject: r.subject,
    text: r.text_body,
    attempts: r.attempts,
    by: { userId: r.created_by, name: r.created_by_name },
  }));
}

/** Marks messages still held by the claim as sent; returns the ids it marked. */
export async function markSent(tx: Db, token: string, ids: string[]): Promise<Set<string>> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE email_messages
        SET state = 'sent', sent_at = now(), next_attempt_at = NULL, claim_token = NULL
      WHERE id = ANY($2::text[]) AND claim_token = $1 AND state = 'sending'
      RETURNING id`,
    [token, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** Failed attempts of messages still held by the claim: queued again after retryInMs by the
 *  database's clock, or failed for good (null). */
export async function markFailed(
  tx: Db,
  token: string,
  failed: { id: string; reason: string; retryInMs: number | null }[],
): Promise<void> {
  await tx.query(
    `UPDATE email_messages m
        SET state = CASE WHEN v.retry_ms IS NULL THEN 'failed' ELSE 'queued' END,
            next_attempt_at = now() + v.retry_ms * interval '1 millisecond', last_error = v.reason, claim_token = NULL
       FROM unnest($2::text[], $3::text[], $4::float8[]) AS v(id, reason, retry_ms)
      WHERE m.id = v.id AND m.claim_token = $1 AND m.state = 'sending'`,
    [token, failed.map((f) => f.id), failed.map((f) => f.reason), failed.map((f) => f.retryInMs)],
  );
}

/** The status of each of these orders that still exists (a deleted order is not among them). */
export async function orderStatuses(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; status: string }>(
    'SELECT id, status FROM orders WHERE id = ANY($1::text[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Marks messages still held by the claim as withdrawn (never to be sent), with the reason. */
export async function markWithdrawn(tx: Db, token: string, withdrawn: { id: string; reason: string }[]): Promise<void> {
  await tx.query(
    `UPDATE email_messages m
        SET state = 'withdrawn', next_attempt_at = NULL, last_error = v.reason, claim_token = NULL
       FROM unnest($2::text[], $3::text[]) AS v(id, reason)
      WHERE m.id = v.id AND m.claim_token = $1 AND m.state = 'sending'`,
    [token, withdrawn.map((w) => w.id), withdrawn.map((w) => w.reason)],
  );
}

/** Sets e-mail checkpoints of orders (one jsonb of flags per order), bumping the version of those
 *  that change. */
export async function setEmailCheckpoints(tx: Db, flags: Map<string, Record<string, boolean>>): Promise<void> {
  await tx.query(
    `UPDATE orders o
        SET email_checkpoints = o.email_checkpoints || v.flags::jsonb, version = o.version + 1, updated_at = now()
       FROM unnest($1::text[], $2::text[]) AS v(id, flags)
      WHERE o.id = v.id AND NOT (o.email_checkpoints @> v.flags::jsonb)`,
    [[...flags.keys()], [...flags.values()].map((f) => JSON.stringify(f))],
  );
}

/** Name and logo of teams, for the letterhead of their messages. */
export async function letterheads(
  db: Db,
  teamIds: string[],
): Promise<Map<string, { name: string; logo: string | null }>> {
  const rows = await db.query<{ id: string; name: string; avatar_url: string | null }>(
    'SELECT id, name, avatar_url FROM teams WHERE id = ANY($1::text[])',
    [teamIds],
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, logo: r.avatar_url }]));
}

interface MessageRow {
  id: string;
  order_id: string;
  type: EmailType;
  recipient: string;
  subject: string;
  text_body: string;
  team_name: string;
  has_logo: boolean;
  state: EmailState;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date | null;
  created_by: string;
  created_by_name: string;
}

/** An order's messages, newest first, with the HTML part that `htmlOf` makes of the text (it is not stored). */
export async function messagesOfOrder(
  db: Db,
  orderId: string,
  htmlOf: (part: { text: string; teamName: string; hasLogo: boolean }) => string,
): Promise<Schemas['EmailMessage'][]> {
  const rows = await db.query<MessageRow>(
    `SELECT m.id, m.order_id, m.type, m.recipient, m.subject, m.text_body, t.name AS team_name,
            t.avatar_url IS NOT NULL AS has_logo, m.state, m.attempts, m.last_error, m.created_at, m.sent_at,
            m.next_attempt_at, m.created_by, m.created_by_name
       FROM email_messages m JOIN teams t ON t.id = m.team_id
      WHERE m.order_id = $1 ORDER BY m.created_at DESC, m.id DESC`,
    [orderId],
  );
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    type: r.type,
    to: r.recipient,
    subject: r.subject,
    text: r.text_body,
    html: htmlOf({ text: r.text_body, teamName: r.team_name, hasLogo: r.has_logo }),
    state: r.state,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at.toISOString(),
    sentAt: r.sent_at?.toISOString() ?? null,
    nextAttemptAt: r.state === 'queued' ? (r.next_attempt_at?.toISOString() ?? null) : null,
    createdBy: { id: r.created_by, name: r.created_by_name },
  }));
}

/** Takes an Idempotency-Key for a send request; false when the team's key was taken before. */
export async function insertRequestKey(
  tx: Db,
  key: { teamId: string; key: string; userId: string; hash: string },
): Promise<boolean> {
  const taken = await tx.query(
    `INSERT INTO email_requests (team_id, idempotency_key, user_id, request_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (team_id, idempotency_key) DO NOTHING RETURNING 1`,
    [key.teamId, key.key, key.userId, key.hash],
  );
  return taken.length > 0;
}

/** Who used a team's key, for which request, and the answer stored. */
export async function requestOfKey<T>(
  tx: Db,
  teamId: string,
  key: string,
): Promise<{ userId: string; hash: string; response: T }> {
  const [row] = await tx.query<{ user_id: string; request_hash: string; response: T }>(
    'SELECT user_id, request_hash, response FROM email_requests WHERE team_id = $1 AND idempotency_key = $2',
    [teamId, key],
  );
  return { userId: row.user_id, hash: row.request_hash, response: row.response };
}

export async function storeAnswer(tx: Db, teamId: string, key: string, response: unknown): Promise<void> {
  await tx.query('UPDATE email_requests SET response = $3 WHERE team_id = $1 AND idempotency_key = $2', [
    teamId,
    key,
    JSON.stringify(response),
  ]);
}

/** Deletes idempotency records older than `days`. */
export async function purgeRequests(db: Db, days: number): Promise<void> {
  await db.query(`DELETE FROM email_requests WHERE created_at < now() - $1 * interval '1 day'`, [days]);
}
