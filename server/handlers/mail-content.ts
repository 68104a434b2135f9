import type { FastifyReply } from 'fastify';
import type { RequestBody } from '../contract';
import type { Db } from '../db/client';
import { TemplateError } from '../email/engine';
import { bannerHtml, textWithBanner } from '../email/banner';
import { htmlPart } from '../email/html';
import { BUILT_IN, checkMailContent, customContent, renderMail, type MailContent } from '../email/templates';
import { MAIL_VARIABLES, PRODUCT_CONTENT_TYPE } from '../email/variables';
import { requireTeam } from '../http/access';
import { badRequest, notFound } from '../http/errors';
import { emailBanners } from '../repo/ads';
import { ORDER_SELECT, mapOrder, type OrderRow } from '../repo/orders';
import { body, ctx, params, query, type Handler } from './util';

/**
 * A product's mail content per OTA: the Liquid template of the CONFIRMATION e-mail of its orders
 * from that OTA. Checked before it is stored (400 INVALID_TEMPLATE naming the field and the
 * variable), previewed with a real order exactly as a send would render it.
 */
const OTA_LABEL: Record<string, string> = { KLOOK: 'Klook', KKDAY: 'KKday', VIATOR: 'Viator', MPG: 'MPG' };

interface ProductRow {
  name: string;
  pack: string | null;
  mail_content: Record<string, Partial<MailContent>> | null;
}

async function productOf(db: Db, teamId: string, productId: string): Promise<ProductRow> {
  const [row] = await db.query<ProductRow>(
    'SELECT name, pack, mail_content FROM products WHERE team_id = $1 AND id = $2',
    [teamId, productId],
  );
  if (!row) throw notFound('Product');
  return row;
}

function answer(ota: string, productId: string, custom: MailContent | null) {
  const used = custom ?? BUILT_IN[PRODUCT_CONTENT_TYPE];
  return { ota, productId, subject: used.subject, body: used.body, custom: custom !== null };
}

/** Runs a handler whose template may be invalid: a TemplateError answers 400 with its field and variable. */
async function withTemplateErrors<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TemplateError) return reply.status(400).send(err.toBody());
    throw err;
  }
}

export const listMailVariables: Handler = async () => ({
  variables: MAIL_VARIABLES,
  productContentType: PRODUCT_CONTENT_TYPE,
});

export const getMailContent: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { ota } = params<{ ota: string }>(req);
  const { teamId, productId } = query<{ teamId: string; productId: string }>(req);
  const team = await requireTeam(db, user.userId, teamId);
  const product = await productOf(db, team.teamId, productId);
  return answer(ota, productId, customContent(product.mail_content, ota));
};

export const updateMailContent: Handler = async (req, reply) => {
  const { db, user } = ctx(req);
  const { ota } = params<{ ota: string }>(req);
  const input = body<RequestBody<'updateMailContent'>>(req);
  const team = await requireTeam(db, user.userId, input.teamId);
  return withTemplateErrors(reply, async () => {
    checkMailContent(input);
    const reset = !input.subject.trim();
    const rows = await db.query(
      reset
        ? 'UPDATE products SET mail_content = mail_content - $3::text WHERE team_id = $1 AND id = $2 RETURNING id'
        : `UPDATE products SET mail_content = mail_content || jsonb_build_object($3::text, jsonb_build_object('subject', $4::text, 'body', $5::text))
            WHERE team_id = $1 AND id = $2 RETURNING id`,
      reset ? [team.teamId, input.productId, ota] : [team.teamId, input.productId, ota, input.subject, input.body],
    );
    if (rows.length === 0) throw notFound('Product');
    return answer(ota, input.productId, reset ? null : { subject: input.subject, body: input.body });
  });
};

/** The order to preview with: the one asked for (of this product and OTA), else the next to depart,
 *  else the last to have departed. */
async function previewOrder(db: Db, teamId: string, productId: string, ota: string, orderId?: string) {
  const [row] = await db.query<OrderRow>(
    `${ORDER_SELECT}
      WHERE o.team_id = $1 AND o.product_id = $2 AND o.ota = $3 ${orderId ? 'AND o.id = $4' : ''}
      ORDER BY o.departure_at < now(), CASE WHEN o.departure_at >= now() THEN o.departure_at END, o.departure_at DESC, o.id
      LIMIT 1`,
    orderId ? [teamId, productId, ota, orderId] : [teamId, productId, ota],
  );
  if (row) return mapOrder(row);
  if (orderId)
    throw badRequest(`Order ${orderId} is not a ${OTA_LABEL[ota]} order of product ${productId} in this team`);
  throw notFound(`${OTA_LABEL[ota]} order of product ${productId} to preview with`);
}

export const previewMailContent: Handler = async (req, reply) => {
  const { db, user } = ctx(req);
  const { ota } = params<{ ota: string }>(req);
  const input = body<RequestBody<'previewMailContent'>>(req);
  const team = await requireTeam(db, user.userId, input.teamId);
  return withTemplateErrors(reply, async () => {
    checkMailContent(input);
    const product = await productOf(db, team.teamId, input.productId);
    const order = await previewOrder(db, team.teamId, input.productId, ota, input.orderId);
    const [logo] = await db.query<{ avatar_url: string | null }>('SELECT avatar_url FROM teams WHERE id = $1', [
      team.teamId,
    ]);
    const { subject, text } = renderMail({
      type: PRODUCT_CONTENT_TYPE,
      order,
      productName: product.name,
      productPack: product.pack,
      team,
      details: {},
      content: input.subject.trim() ? { subject: input.subject, body: input.body } : null,
    });
    // with the team's e-mail banner, as the customer will get it
    const banner = (await emailBanners(db, [team.teamId])).get(team.teamId) ?? [];
    const html = htmlPart({
      teamName: team.name,
      logoSrc: logo?.avatar_url ?? null,
      text,
      banner: bannerHtml(banner, 'inline'),
    });
    return {
      order: { id: order.id, displayId: order.displayId },
      to: order.customer.email.trim(),
      subject,
      text: textWithBanner(text, banner),
      html,
    };
  });
};
