import type { Schemas } from '../../shared/contract';
import { OTA_LABELS, type Ota } from '../../shared/otas';
import type { Db } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { previewOrder, productsMail, setMailContent, type ProductMail } from '../repo/mail-content';
import { mailParts, senders } from './letterhead';
import { BUILT_IN, checkMailContent, customContent, renderMail, type MailContent } from './templates';
import { PRODUCT_CONTENT_TYPE } from './variables';

/**
 * A product's mail content per OTA: the Liquid template of the CONFIRMATION e-mail of its orders
 * from that OTA. Checked before it is stored (TemplateError naming the field and the variable),
 * previewed with a real order exactly as a send would render it.
 */
async function productOf(db: Db, teamId: string, productId: string): Promise<ProductMail> {
  const product = (await productsMail(db, teamId, [productId])).get(productId);
  if (!product) throw notFound('Product');
  return product;
}

/** The template in use: the product's own, else the built-in one (custom false). */
function inUse(ota: Ota, productId: string, custom: MailContent | null): Schemas['MailContent'] {
  const used = custom ?? BUILT_IN[PRODUCT_CONTENT_TYPE];
  return { ota, productId, subject: used.subject, body: used.body, custom: custom !== null };
}

export async function mailContentOf(db: Db, teamId: string, productId: string, ota: Ota) {
  const product = await productOf(db, teamId, productId);
  return inUse(ota, productId, customContent(product.mailContent, ota));
}

/** Checks and stores a product's content for the OTA; a blank subject goes back to the built-in one. */
export async function saveMailContent(db: Db, teamId: string, ota: Ota, input: Schemas['MailContentInput']) {
  checkMailContent(input);
  const content = input.subject.trim() ? { subject: input.subject, body: input.body } : null;
  if (!(await setMailContent(db, teamId, input.productId, ota, content))) throw notFound('Product');
  return inUse(ota, input.productId, content);
}

/** The message a content (blank: the built-in one) makes for an order of the product and OTA, with
 *  the team's letterhead and e-mail banner, as the customer will get it. */
export async function previewMail(
  db: Db,
  team: { teamId: string; name: string; timezone: string },
  ota: Ota,
  input: MailContent & { productId: string; orderId?: string },
): Promise<Schemas['MailPreview']> {
  checkMailContent(input);
  const { productId, orderId } = input;
  const product = await productOf(db, team.teamId, productId);
  const order = await previewOrder(db, team.teamId, productId, ota, orderId);
  if (!order && orderId) {
    throw badRequest(`Order ${orderId} is not a ${OTA_LABELS[ota]} order of product ${productId} in this team`);
  }
  if (!order) throw notFound(`${OTA_LABELS[ota]} order of product ${productId} to preview with`);
  const { subject, text } = renderMail({
    type: PRODUCT_CONTENT_TYPE,
    order,
    productName: product.name,
    productPack: product.pack,
    team,
    details: {},
    content: input.subject.trim() ? { subject: input.subject, body: input.body } : null,
  });
  const sender = (await senders(db, [team.teamId])).get(team.teamId) ?? { name: team.name, logo: null, banner: [] };
  const parts = mailParts(sender, sender.logo, text, 'inline');
  return { order: { id: order.id, displayId: order.displayId }, to: order.customer.email.trim(), subject, ...parts };
}
