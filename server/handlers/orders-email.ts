import { EMAIL_SENDING_V1, INFO_SENDING_V1, isFlagOn } from '../../src/domain/feature-flags';
import type { RequestBody, Schemas } from '../contract';
import type { Db } from '../db/client';
import { CHECKPOINT, enqueue, messagesOfOrder, messagesOfType, type NewMessage } from '../email/outbox';
import { storeAnswer, requestHash, takeKey } from '../email/requests';
import { customContent, renderMail, type MailContent } from '../email/templates';
import type { EmailType, SendDetails } from '../email/variables';
import { resolveBatch, teamOfOrder } from '../http/access';
import { HttpError, badRequest } from '../http/errors';
import { eventId as timeOrderedId, type Operator } from '../repo/events';
import { ordersByIds, type Order } from '../repo/orders';
import { body, ctx, params, type Handler } from './util';

/**
 * Send requests: authorise, check, render and queue every message in one transaction, answer at
 * once with what was queued and what was refused. The worker (server/email/worker.ts) delivers.
 */
type EmailBody = RequestBody<'sendOrderEmail'>;
type SendResult = Schemas['EmailSendResult'];
type Refusal = SendResult['refused'][number];

interface TeamRow {
  id: string;
  code: string;
  name: string;
  timezone: string;
}

async function checkFlags(db: Db, type: EmailType, team: TeamRow): Promise<void> {
  const flags = await db.query<{ id: string; teams: string[]; default_state: boolean }>(
    'SELECT id, teams, default_state FROM feature_flags WHERE id = ANY($1::text[])',
    [[EMAIL_SENDING_V1, INFO_SENDING_V1]],
  );
  const on = (id: string) => {
    const f = flags.find((x) => x.id === id);
    return isFlagOn(f && { teams: f.teams, defaultState: f.default_state }, team.code);
  };
  if (!on(EMAIL_SENDING_V1) || (type === 'INFORMATION' && !on(INFO_SENDING_V1))) {
    const what = type === 'INFORMATION' ? 'Information e-mails are' : 'E-mail sending is';
    throw new HttpError(403, 'FEATURE_DISABLED', `${what} not enabled for team ${team.name}`);
  }
}

async function detailsOf(db: Db, type: EmailType, b: EmailBody): Promise<SendDetails> {
  const details: SendDetails = {
    meetingPoint: b.info?.meetingPoint,
    meetingTime: b.info?.meetingTime,
    message: b.info?.message,
    cancelReason: b.cancel?.reason,
  };
  if (type === 'INQUIRY' && !b.info?.message?.trim()) throw badRequest('An INQUIRY needs its text in info.message');
  if (b.info?.guideId) {
    const [guide] = await db.query<{ name: string; phone: string | null; email: string }>(
      'SELECT name, phone, email FROM guides WHERE id = $1',
      [b.info.guideId],
    );
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
function refusal(
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

interface ProductRow {
  id: string;
  name: string;
  pack: string | null;
  mail_content: Record<string, Partial<MailContent>> | null;
}

/** Checks, renders and queues; returns the answer (in request order). */
async function queueMessages(
  tx: Db,
  type: EmailType,
  team: TeamRow,
  b: EmailBody,
  details: SendDetails,
  by: Operator,
): Promise<SendResult> {
  const orders = await ordersByIds(tx, b.orderIds);
  const products = await tx.query<ProductRow>(
    'SELECT id, name, pack, mail_content FROM products WHERE team_id = $1 AND id = ANY($2::text[])',
    [team.id, [...new Set(orders.map((o) => o.product.id))]],
  );
  const productOf = new Map(products.map((p) => [p.id, p]));
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
    const product = productOf.get(order.product.id);
    try {
      const mail = renderMail({
        type,
        order,
        productName: product?.name ?? order.product.route,
        productPack: product?.pack ?? null,
        team,
        details,
        content: customContent(product?.mail_content, order.ota),
      });
      messages.push({
        id: timeOrderedId(),
        teamId: team.id,
        orderId: order.id,
        type,
        recipient: order.customer.email.trim(),
        ...mail,
      });
    } catch (err) {
      refused.push({
        ...ref,
        reason: 'TEMPLATE_ERROR',
        message: `The ${order.ota} template of product ${order.product.id}: ${(err as Error).message}`,
      });
    }
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

export const sendOrderEmail: Handler = async (req, reply) => {
  const { db, user } = ctx(req);
  const { emailType: type } = params<{ emailType: EmailType }>(req);
  const b = body<EmailBody>(req);
  const key = req.headers['idempotency-key'] as string;
  const hash = requestHash([type, b]);
  const by = { userId: user.userId, name: user.name };
  const outcome = await db.tx(async (tx) => {
    const found = await resolveBatch(tx, 'orders', user.userId, b.orderIds);
    const teamIds = new Set([...found.values()].map((v) => v.teamId));
    if (teamIds.size > 1) throw badRequest('Send e-mails for the orders of one team at a time');
    const [teamId] = teamIds;
    const previous = await takeKey<SendResult>(tx, { teamId, key, userId: user.userId, hash });
    if (previous) return { replayed: true, result: previous.replay };
    const [team] = await tx.query<TeamRow>('SELECT id, code, name, timezone FROM teams WHERE id = $1', [teamId]);
    await checkFlags(tx, type, team);
    const result = await queueMessages(tx, type, team, b, await detailsOf(tx, type, b), by);
    await storeAnswer(tx, teamId, key, result);
    return { replayed: false, result };
  });
  if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
  else if (outcome.result.queued.length > 0) req.server.emailWorker?.wake();
  return outcome.result;
};

export const listOrderEmails: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  await teamOfOrder(db, user.userId, id);
  return { emails: await messagesOfOrder(db, id) };
};
