import type { Schemas } from '../contract';
import type { Db } from '../db/client';
import { appendEvents, type NewEvent, type Operator } from '../repo/events';
import { htmlPart, LOGO_CID } from './html';
import type { EmailType } from './variables';

/** The outbox table (email_messages): queue, claim, record, read. */
export type EmailState = Schemas['EmailState'];

/** The order checkpoint a sent message of the type sets. */
export const CHECKPOINT: Partial<Record<EmailType, 'confirmation' | 'info' | 'review'>> = {
  CONFIRMATION: 'confirmation',
  INFORMATION: 'info',
  REVIEW: 'review',
};

const TYPE_LABEL: Record<EmailType, string> = {
  CONFIRMATION: 'Confirmation',
  INFORMATION: 'Information',
  CANCELLATION: 'Cancellation',
  REVIEW: 'Review request',
  INQUIRY: 'Inquiry',
};

export interface NewMessage {
  id: string;
  teamId: string;
  orderId: string;
  type: EmailType;
  recipient: string;
  subject: string;
  text: string;
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

export interface ClaimedMessage {
  id: string;
  teamId: string;
  orderId: string;
  type: EmailType;
  recipient: string;
  subject: string;
  text: string;
  /** Including this one. */
  attempts: number;
  by: Operator;
}

interface ClaimRow {
  id: string;
  team_id: string;
  order_id: string;
  type: EmailType;
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

/** A failed attempt: tried again after retryInMs by the database's clock (the one all workers share),
 *  or given up (null). */
export interface Failure {
  message: ClaimedMessage;
  reason: string;
  retryInMs: number | null;
}

/**
 * Records a claim's outcome in one transaction: sent messages are marked sent and set their
 * order's checkpoint and an EMAIL event; failed ones are queued again or marked failed. Only rows
 * still held by this claim change (a claim that outlived its lease records nothing for rows
 * another worker took over).
 */
export async function recordOutcome(db: Db, token: string, sent: ClaimedMessage[], failed: Failure[]): Promise<void> {
  await db.tx(async (tx) => {
    if (sent.length > 0) await recordSent(tx, token, sent);
    if (failed.length > 0) {
      await tx.query(
        `UPDATE email_messages m
            SET state = CASE WHEN v.retry_ms IS NULL THEN 'failed' ELSE 'queued' END,
                next_attempt_at = now() + v.retry_ms * interval '1 millisecond', last_error = v.reason, claim_token = NULL
           FROM unnest($2::text[], $3::text[], $4::float8[]) AS v(id, reason, retry_ms)
          WHERE m.id = v.id AND m.claim_token = $1 AND m.state = 'sending'`,
        [token, failed.map((f) => f.message.id), failed.map((f) => f.reason), failed.map((f) => f.retryInMs)],
      );
    }
  });
}

async function recordSent(tx: Db, token: string, sent: ClaimedMessage[]): Promise<void> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE email_messages
        SET state = 'sent', sent_at = now(), next_attempt_at = NULL, claim_token = NULL
      WHERE id = ANY($2::text[]) AND claim_token = $1 AND state = 'sending'
      RETURNING id`,
    [token, sent.map((m) => m.id)],
  );
  const mine = new Set(rows.map((r) => r.id));
  const done = sent.filter((m) => mine.has(m.id));
  // one jsonb of flags per order: two messages of one order in a claim must not overwrite each other
  const flags = new Map<string, Record<string, boolean>>();
  for (const m of done) {
    const flag = CHECKPOINT[m.type];
    if (flag) flags.set(m.orderId, { ...flags.get(m.orderId), [flag]: true });
  }
  if (flags.size > 0) {
    await tx.query(
      `UPDATE orders o
          SET email_checkpoints = o.email_checkpoints || v.flags::jsonb, version = o.version + 1, updated_at = now()
         FROM unnest($1::text[], $2::text[]) AS v(id, flags)
        WHERE o.id = v.id AND NOT (o.email_checkpoints @> v.flags::jsonb)`,
      [[...flags.keys()], [...flags.values()].map((f) => JSON.stringify(f))],
    );
  }
  // the event names who asked for the message: one insert per person
  const byPerson = new Map<string, { by: Operator; events: NewEvent[] }>();
  for (const m of done) {
    const entry = byPerson.get(m.by.userId) ?? { by: m.by, events: [] };
    entry.events.push({
      teamId: m.teamId,
      orderId: m.orderId,
      type: 'EMAIL',
      comment: `${TYPE_LABEL[m.type]} e-mail sent to ${m.recipient}`,
      data: { messageId: m.id, type: m.type },
    });
    byPerson.set(m.by.userId, entry);
  }
  for (const { by, events } of byPerson.values()) await appendEvents(tx, by, events);
}

/** Deletes idempotency records older than `days`. */
export async function purgeRequests(db: Db, days: number): Promise<void> {
  await db.query(`DELETE FROM email_requests WHERE created_at < now() - $1 * interval '1 day'`, [days]);
}

export type EmailMessage = Schemas['EmailMessage'];

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

/** An order's messages, newest first, with the HTML part as it is (or was) sent. */
export async function messagesOfOrder(db: Db, orderId: string): Promise<EmailMessage[]> {
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
    html: htmlPart({ teamName: r.team_name, logoSrc: r.has_logo ? `cid:${LOGO_CID}` : null, text: r.text_body }),
    state: r.state,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at.toISOString(),
    sentAt: r.sent_at?.toISOString() ?? null,
    nextAttemptAt: r.state === 'queued' ? (r.next_attempt_at?.toISOString() ?? null) : null,
    createdBy: { id: r.created_by, name: r.created_by_name },
  }));
}
