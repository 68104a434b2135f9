import type { Schemas } from '../../shared/contract';
import { access } from '../auth/access';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import type { BodyOf } from '../http/operation';
import { productsMail } from '../repo/mail-content';
import { ordersByIds } from '../repo/orders';
import { messagesOfType } from '../repo/outbox';
import type { Caller } from '../types';
import { checkFlags, detailsOf, orderMail, refusal } from './send';
import type { EmailType } from './variables';

/**
 * What one order's customer would receive: the same checks, details and rendering as a send
 * (server/email/send.ts), so the dialog shows the message as it goes out. Nothing is written.
 */
export type PreviewRequest = BodyOf<'previewOrderEmail'>;
type EmailPreview = Schemas['EmailPreview'];

export async function previewEmail(db: Db, user: Caller, type: EmailType, b: PreviewRequest): Promise<EmailPreview> {
  // 404 unless the order is in one of the caller's teams
  const team = await access(db, user, { order: b.orderId });
  await checkFlags(db, type, team);
  const details = await detailsOf(db, type, b, team.teamId);
  const [order] = await ordersByIds(db, [b.orderId]);
  if (!order) throw notFound('Order');
  const head = {
    orderId: order.id,
    displayId: order.displayId,
    to: { name: order.customer.name, email: order.customer.email.trim() },
  };
  const history = await messagesOfType(db, [order.id], type);
  const why = refusal(type, order, b.sendAgain ?? false, history);
  if (why) return { ...head, subject: null, text: null, refused: why };
  const products = await productsMail(db, team.teamId, [order.product.id]);
  const mail = orderMail(type, order, products.get(order.product.id), team, details);
  if ('reason' in mail) return { ...head, subject: null, text: null, refused: mail };
  return { ...head, subject: mail.subject, text: mail.text, refused: null };
}
