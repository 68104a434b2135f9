import { access } from '../auth/access';
import { messagesOfOrder } from '../email/outbox';
import { previewEmail } from '../email/preview';
import { sendEmails } from '../email/send';
import { withHeaders, type OperationHandler } from '../http/operation';

/** E-mails to customers: a send request queues them (server/email/send.ts), the worker delivers. */
export const sendOrderEmail: OperationHandler<'sendOrderEmail'> = async ({ path, headers, body }, call) => {
  const { replayed, result } = await sendEmails(call.db, call.user, path.emailType, body, headers['idempotency-key']);
  if (replayed) return withHeaders(result, { 'Idempotent-Replayed': 'true' });
  if (result.queued.length > 0) call.app.emailWorker?.wake();
  return result;
};

/** The message one order's customer would receive, rendered as a send renders it; nothing is sent. */
export const previewOrderEmail: OperationHandler<'previewOrderEmail'> = async ({ path, body }, { db, user }) =>
  previewEmail(db, user, path.emailType, body);

export const listOrderEmails: OperationHandler<'listOrderEmails'> = async ({ path }, { db, user }) => {
  await access(db, user, { order: path.id });
  return { emails: await messagesOfOrder(db, path.id) };
};
