import type { Schemas } from '../../shared/contract';
import { EMAIL_SENDING_V1, INFO_SENDING_V1, isFlagOn } from '../../shared/feature-flags';
import { access, accessRows, type TeamAccess } from '../auth/access';
import type { Db } from '../db/client';
import { HttpError, badRequest } from '../http/errors';
import type { BodyOf } from '../http/operation';
import { eventId as timeOrderedId, type Operator } from '../repo/events';
import { listFlags } from '../repo/features';
import { productsMail, type ProductMail } from '../repo/mail-content';
import { ordersByIds, type Order } from '../repo/orders';
import { guideContact } from '../repo/guides';
import { enqueue, messagesOfType, storeAnswer, type NewMessage } from '../repo/outbox';
import type { Caller } from '../types';
import { CHECKPOINT } from './outbox';
import { requestHash, takeKey } from './requests';
import { customContent, renderMail, type RenderedMail } from './templates';
import type { EmailType, SendDetails } from './variables';

/**
 * Send requests: authorise, check, render and queue every message in one transaction, answer at
 * once with what was queued and what was refused. The worker (server/email/worker.ts) delivers.
 */
export type SendRequest = BodyOf<'sendOrderEmail'>;
type SendResult = Schemas['EmailSendResult'];
type Refusal = SendResult['refused'][number];

export async function checkFlags(db: Db, type: EmailType, team: TeamAccess): Promise<void> {
  const flags = await listFlags(db);
  const on = (id: string) =>
    isFlagOn(
      flags.find((f) => f.id === id),
      team.code,
    );
  if (!on(EMAIL_SENDING_V1) || (type === 'INFORMATION' && !on(INFO_SENDING_V1))) {
    const what = type === 'INFORMATION' ? 'Information e-mails are' : 'E-mail sending is';
    throw new HttpError(403, 'FEATURE_DISABLED', `${what} not enabled for team ${team.name}`);
  }
}

export async function detailsOf(
  db: Db,
  type: EmailType,
  b: Pick<SendRequest, 'info' | 'cancel'>,
  teamId: string,
): Promise<SendDetails> {
  const details: SendDetails = {
    meetingPoint: b.info?.meetingPoint,
    meetingTime: b.info?.meetingTime,
    message: b.info?.message,
    cancelReason: b.cancel?.reason,
  };
  if (type === 'INQUIRY' && !b.info?.message?.trim()) throw badRequest('An INQUIRY needs its text in info.message');
  if (b.info?.guideId) {
    // a guide of the team's own directory only
    const guide = await guideContact(db, teamId, b.info.guideId);
    if (!guide) throw badRequest(`Unknown guide ${b.info.guideId}`);
    details.guide = guide;
  }
  return details;
}

const SENT_ALREADY: Partial<Record<EmailType, string>> = {
  CONFIRMATION: 'Already confirmed',
  REVIEW: 'A review request was already sent',
  CANCELLATION: 'A cancellation e-mail was already sent',
};

/** Why an order is left out before rendering, or null. */
export function refusal(
  type: EmailType,
  order: Order,
  sendAgain: boolean,
  history: { pending: Set<string>; sent: Set<string> },
): Omit<Refusal, 'orderId' | 'displayId'> | null {
  if (!/^[^\s@]+@[^\s@]+$/.test(order.customer.email.trim())) {
    return { reason: 'NO_EMAIL', message: 'The order has no customer e-mail address' };
  }
  if (order.statusV2 === 'canceled' && type !== 'CANCELLATION' && type !== 'INQUIRY') {
    return { reason: 'CANCELED', message: 'The order is canceled' };
  }
  if (history.pending.has(order.id)) {
    return { reason: 'ALREADY_QUEUED', message: 'The same e-mail is queued and not sent yet' };
  }
  const flag = CHECKPOINT[type];
  const sentBefore = type === 'CANCELLATION' ? history.sent.has(order.id) : flag && order.emailCheckpoints[flag];
  if (SENT_ALREADY[type] && sentBefore && !sendAgain) {
    return { reason: 'ALREADY_SENT', message: SENT_ALREADY[type] };
  }
  return null;
}

/** An order's message as it goes out, or a TEMPLATE_ERROR refusal: one rendering for sends and previews. */
export function orderMail(
  type: EmailType,
  order: Order,
  product: ProductMail | undefined,
  team: TeamAccess,
  details: SendDetails,
): RenderedMail | Omit<Refusal, 'orderId' | 'displayId'> {
  try {
    return renderMail({
      type,
      order,
      productName: product?.name ?? order.product.route,
      productPack: product?.pack ?? null,
      team,
      details,
      content: customContent(product?.mailContent, order.ota),
    });
  } catch (err) {
    return {
      reason: 'TEMPLATE_ERROR',
      message: `The ${order.ota} template of product ${order.product.id}: ${(err as Error).message}`,
    };
  }
}

/** Checks, renders and queues; returns the answer (in request order). */
async function queueMessages(
  tx: Db,
  type: EmailType,
  team: TeamAccess,
  b: SendRequest,
  details: SendDetails,
  by: Operator,
): Promise<SendResult> {
  const orders = await ordersByIds(tx, b.orderIds);
  const products = await productsMail(tx, team.teamId, [...new Set(orders.map((o) => o.product.id))]);
  const history = await messagesOfType(tx, b.orderIds, type);
  const refused: Refusal[] = [];
  const messages: NewMessage[] = [];
  for (const order of orders) {
    const ref = { orderId: order.id, displayId: order.displayId };
    const why = refusal(type, order, b.sendAgain ?? false, history);
    if (why) {
      refused.push({ ...ref, ...why });
      continue;
    }
    const mail = orderMail(type, order, products.get(order.product.id), team, details);
    if ('reason' in mail) refused.push({ ...ref, ...mail });
    else
      messages.push({
        id: timeOrderedId(),
        teamId: team.teamId,
        orderId: order.id,
        type,
        recipient: order.customer.email.trim(),
        ...mail,
      });
  }
  const queuedOrders = await enqueue(tx, by, messages);
  const queued: SendResult['queued'] = [];
  const displayIds = new Map(orders.map((o) => [o.id, o.displayId]));
  for (const m of messages) {
    const displayId = displayIds.get(m.orderId)!;
    if (queuedOrders.has(m.orderId)) queued.push({ orderId: m.orderId, displayId, messageId: m.id });
    // another request queued the same e-mail for this order since it was checked
    else
      refused.push({
        orderId: m.orderId,
        displayId,
        reason: 'ALREADY_QUEUED',
        message: 'The same e-mail is queued and not sent yet',
      });
  }
  const position = new Map(b.orderIds.map((id, i) => [id, i]));
  refused.sort((x, y) => position.get(x.orderId)! - position.get(y.orderId)!);
  return { emailType: type, queued, refused };
}

/**
 * One send request, in one transaction: resolves the orders (all of one team of the caller), takes
 * the Idempotency-Key (a repeated request answers what the first one did, `replayed`), checks the
 * team's flags, queues the messages and stores the answer under the key.
 */
export async function sendEmails(
  db: Db,
  user: Caller,
  type: EmailType,
  b: SendRequest,
  key: string,
): Promise<{ replayed: boolean; result: SendResult }> {
  const hash = requestHash([type, b]);
  const by = { userId: user.userId, name: user.name };
  return db.tx(async (tx) => {
    const found = await accessRows(tx, user, 'orders', b.orderIds);
    const teamIds = new Set([...found.values()].map((v) => v.teamId));
    if (teamIds.size > 1) throw badRequest('Send e-mails for the orders of one team at a time');
    const [teamId] = teamIds;
    const previous = await takeKey<SendResult>(tx, { teamId, key, userId: user.userId, hash });
    if (previous) return { replayed: true, result: previous.replay };
    const team = await access(tx, user, { team: teamId });
    await checkFlags(tx, type, team);
    const result = await queueMessages(tx, type, team, b, await detailsOf(tx, type, b, teamId), by);
    await storeAnswer(tx, teamId, key, result);
    return { replayed: false, result };
  });
}
