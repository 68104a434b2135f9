import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import { appendEvents, type NewEvent, type Operator } from '../repo/events';
import * as outbox from '../repo/outbox';
import type { ClaimedMessage } from '../repo/outbox';
import { htmlPart, LOGO_CID } from './html';
import type { EmailType } from './variables';

/** The outbox's rules: what a sent message sets on its order and logs, and how messages read. */
export type EmailMessage = Schemas['EmailMessage'];

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

/** A failed attempt: tried again after retryInMs by the database's clock (the one all workers share),
 *  or given up (null). */
export interface Failure {
  message: ClaimedMessage;
  reason: string;
  retryInMs: number | null;
}

/** A message not sent because its order changed under it (the channel cancelled it). */
export interface Withdrawal {
  message: ClaimedMessage;
  reason: string;
}

/**
 * Records a claim's outcome in one transaction: withdrawn messages are marked withdrawn; sent messages are marked sent and set their
 * order's checkpoint and an EMAIL event; failed ones are queued again or marked failed. Only rows
 * still held by this claim change (a claim that outlived its lease records nothing for rows
 * another worker took over).
 */
export async function recordOutcome(
  db: Db,
  token: string,
  sent: ClaimedMessage[],
  failed: Failure[],
  withdrawn: Withdrawal[] = [],
): Promise<void> {
  await db.tx(async (tx) => {
    if (withdrawn.length > 0) {
      await outbox.markWithdrawn(
        tx,
        token,
        withdrawn.map((w) => ({ id: w.message.id, reason: w.reason })),
      );
    }
    if (sent.length > 0) await recordSent(tx, token, sent);
    if (failed.length > 0) {
      await outbox.markFailed(
        tx,
        token,
        failed.map((f) => ({ id: f.message.id, reason: f.reason, retryInMs: f.retryInMs })),
      );
    }
  });
}

/** A message about an order (one about no order, an invitation, sets no checkpoint and logs no event). */
type OrderMessage = ClaimedMessage & { orderId: string; type: EmailType };
const isAboutOrder = (m: ClaimedMessage): m is OrderMessage => m.orderId !== null && m.type !== 'INVITATION';

async function recordSent(tx: Db, token: string, sent: ClaimedMessage[]): Promise<void> {
  const mine = await outbox.markSent(
    tx,
    token,
    sent.map((m) => m.id),
  );
  const done = sent.filter((m) => mine.has(m.id)).filter(isAboutOrder);
  // one jsonb of flags per order: two messages of one order in a claim must not overwrite each other
  const flags = new Map<string, Record<string, boolean>>();
  for (const m of done) {
    const flag = CHECKPOINT[m.type];
    if (flag) flags.set(m.orderId, { ...flags.get(m.orderId), [flag]: true });
  }
  if (flags.size > 0) await outbox.setEmailCheckpoints(tx, flags);
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

/** An order's messages, newest first, with the HTML part as it is (or was) sent. */
export const messagesOfOrder = (db: Db, orderId: string): Promise<EmailMessage[]> =>
  outbox.messagesOfOrder(db, orderId, ({ text, teamName, hasLogo }) =>
    htmlPart({ teamName, logoSrc: hasLogo ? `cid:${LOGO_CID}` : null, text }),
  );
