import type { Ota } from '../../shared/otas';
import type { Db } from '../db/client';
import { ORDER_SELECT, mapOrder, type Order, type OrderRow } from './orders';

/**
 * A product's mail content: per OTA, the subject and body templates of the CONFIRMATION e-mail of
 * its orders from that OTA (products.mail_content, { [ota]: { subject, body } }).
 */
export type StoredMailContent = Record<string, Partial<{ subject: string; body: string }>>;

/** What a message of a product's order needs of the product. */
export interface ProductMail {
  name: string;
  pack: string | null;
  mailContent: StoredMailContent | null;
}

interface ProductRow {
  id: string;
  name: string;
  pack: string | null;
  mail_content: StoredMailContent | null;
}

/** The products of the team among the ids, by id. */
export async function productsMail(db: Db, teamId: string, productIds: string[]): Promise<Map<string, ProductMail>> {
  const rows = await db.query<ProductRow>(
    'SELECT id, name, pack, mail_content FROM products WHERE team_id = $1 AND id = ANY($2::text[])',
    [teamId, productIds],
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, pack: r.pack, mailContent: r.mail_content }]));
}

/** Sets the product's content for the OTA, or removes it (null); false when the team has no such product. */
export async function setMailContent(
  db: Db,
  teamId: string,
  productId: string,
  ota: Ota,
  content: { subject: string; body: string } | null,
): Promise<boolean> {
  const rows = await db.query(
    content
      ? `UPDATE products SET mail_content = mail_content || jsonb_build_object($3::text, jsonb_build_object('subject', $4::text, 'body', $5::text))
          WHERE team_id = $1 AND id = $2 RETURNING id`
      : 'UPDATE products SET mail_content = mail_content - $3::text WHERE team_id = $1 AND id = $2 RETURNING id',
    content ? [teamId, productId, ota, content.subject, content.body] : [teamId, productId, ota],
  );
  return rows.length > 0;
}

/** The order to preview a product's content for an OTA with: the one asked for (if it is of this
 *  product and OTA), else the next to depart, else the last to have departed. */
export async function previewOrder(
  db: Db,
  teamId: string,
  productId: string,
  ota: Ota,
  orderId?: string,
): Promise<Order | undefined> {
  const [row] = await db.query<OrderRow>(
    `${ORDER_SELECT}
      WHERE o.team_id = $1 AND o.product_id = $2 AND o.ota = $3 ${orderId ? 'AND o.id = $4' : ''}
      ORDER BY o.departure_at < now(), CASE WHEN o.departure_at >= now() THEN o.departure_at END, o.departure_at DESC, o.id
      LIMIT 1`,
    orderId ? [teamId, productId, ota, orderId] : [teamId, productId, ota],
  );
  return row && mapOrder(row);
}
