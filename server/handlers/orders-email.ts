import { randomUUID } from 'node:crypto';
import { EMAIL_SENDING_V1, INFO_SENDING_V1, isFlagOn } from '../../src/domain/feature-flags';
import type { RequestBody } from '../contract';
import type { Db } from '../db/client';
import { resolveBatch } from '../http/access';
import { HttpError, badRequest } from '../http/errors';
import { render, type EmailType, type MailContent } from '../email/templates';
import { senderAddress, transportOf } from '../email/transport';
import { appendEvents } from '../repo/events';
import { ordersByIds, type Order } from '../repo/orders';
import { body, ctx, params, type Handler } from './util';
import { checkUnique } from './validate';

/** Sends e-mails for orders: refused unless the team country's flag is on; each message goes to the
 *  outbox table, then through the transport; a sent one sets the order's checkpoint. */
const CHECKPOINT: Partial<Record<EmailType, string>> = {
  CONFIRMATION: 'confirmation',
  INFORMATION: 'info',
  REVIEW: 'review',
};

type EmailBody = RequestBody<'sendOrderEmail'>;

interface TeamRow {
  id: string;
  code: string;
  name: string;
  timezone: string;
}

async function checkFlags(db: Db, type: EmailType, teams: TeamRow[]): Promise<void> {
  const flags = await db.query<{ id: string; teams: string[]; default_state: boolean }>(
    'SELECT id, teams, default_state FROM feature_flags WHERE id = ANY($1::text[])',
    [[EMAIL_SENDING_V1, INFO_SENDING_V1]],
  );
  const flag = (id: string) => {
    const f = flags.find((x) => x.id === id);
    return f ? { teams: f.teams, defaultState: f.default_state } : undefined;
  };
  for (const team of teams) {
    const on =
      isFlagOn(flag(EMAIL_SENDING_V1), team.code) &&
      (type !== 'INFORMATION' || isFlagOn(flag(INFO_SENDING_V1), team.code));
    if (!on) throw new HttpError(403, 'FEATURE_DISABLED', `E-mail sending is not enabled for team ${team.name}`);
  }
}

async function extraOf(db: Db, b: EmailBody): Promise<Record<string, string | undefined>> {
  const extra: Record<string, string | undefined> = {
    message: b.info?.message,
    meetingPoint: b.info?.meetingPoint,
    meetingTime: b.info?.meetingTime,
    reason: b.cancel?.reason,
  };
  if (b.info?.guideId) {
    const [guide] = await db.query<{ name: string; phone: string | null; email: string }>(
      'SELECT name, phone, email FROM guides WHERE id = $1',
      [b.info.guideId],
    );
    if (!guide) throw badRequest(`Unknown guide ${b.info.guideId}`);
    Object.assign(extra, { guideName: guide.name, guidePhone: guide.phone ?? '', guideEmail: guide.email });
  }
  return extra;
}

export const sendOrderEmail: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { emailType } = params<{ emailType: EmailType }>(req);
  const b = body<EmailBody>(req);
  checkUnique(b.orderIds, 'order ids');
  const found = await resolveBatch(db, 'orders', user.userId, b.orderIds);
  const teamIds = [...new Set([...found.values()].map((v) => v.teamId))];
  const teams = await db.query<TeamRow>('SELECT id, code, name, timezone FROM teams WHERE id = ANY($1::text[])', [
    teamIds,
  ]);
  await checkFlags(db, emailType, teams);
  const extra = await extraOf(db, b);
  const orders = await ordersByIds(db, b.orderIds);
  const products = await db.query<{ team_id: string; id: string; mail_content: Record<string, Partial<MailContent>> }>(
    `SELECT p.team_id, p.id, p.mail_content FROM products p JOIN orders o ON o.team_id = p.team_id AND o.product_id = p.id
      WHERE o.id = ANY($1::text[])`,
    [b.orderIds],
  );
  const transport = transportOf(req.server);
  const by = { userId: user.userId, name: user.name };
  const sent: string[] = [];
  const failed: { id: string; reason: string }[] = [];
  for (const order of orders) {
    const teamId = found.get(order.id)!.teamId;
    const team = teams.find((t) => t.id === teamId)!;
    const product = products.find((p) => p.team_id === teamId && p.id === order.product.id);
    try {
      if (!order.customer.email.includes('@')) throw new Error('The order has no customer e-mail address');
      const msg = render({ type: emailType, mailContent: product?.mail_content ?? null, order, team, extra });
      await deliver(db, transport, { order, teamId, type: emailType, by }, msg);
      sent.push(order.id);
    } catch (err) {
      failed.push({ id: order.id, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  return { sent, failed };
};

interface Job {
  order: Order;
  teamId: string;
  type: EmailType;
  by: { userId: string; name: string };
}

async function deliver(db: Db, transport: ReturnType<typeof transportOf>, job: Job, msg: MailContent): Promise<void> {
  const id = randomUUID();
  const { order, teamId, type, by } = job;
  await db.query(
    `INSERT INTO outbox (id, team_id, order_id, type, recipient, subject, body, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, teamId, order.id, type, order.customer.email, msg.subject, msg.body, by.userId],
  );
  await transport.send({ id, from: senderAddress(), to: order.customer.email, subject: msg.subject, text: msg.body });
  const flag = CHECKPOINT[type];
  await db.tx(async (tx) => {
    await tx.query('UPDATE outbox SET sent_at = now() WHERE id = $1', [id]);
    if (flag) {
      await tx.query(
        `UPDATE orders SET email_checkpoints = email_checkpoints || jsonb_build_object($2::text, true),
                version = version + 1, updated_at = now()
          WHERE id = $1`,
        [order.id, flag],
      );
    }
    await appendEvents(tx, by, [
      {
        teamId,
        orderId: order.id,
        type: 'EMAIL',
        comment: `${type} e-mail sent to ${order.customer.email}`,
        data: { outboxId: id, type },
      },
    ]);
  });
}
