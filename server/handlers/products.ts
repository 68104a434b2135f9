import { requireTeam } from '../http/access';
import { notFound } from '../http/errors';
import { Params, pageWindow, toPage, type PageRequest } from '../repo/paging';
import { body, ctx, params, query, type Handler } from './util';

/** Products (keyset by name, id) and their mail content per OTA. */
interface ProductRow {
  id: string;
  name: string;
  route: string;
  pack: string | null;
}

export const listProducts: Handler = async (req) => {
  const { db, user } = ctx(req);
  const q = query<PageRequest & { teamId: string }>(req);
  const team = await requireTeam(db, user.userId, q.teamId);
  const { limit, offset, cursor } = pageWindow(q);
  const p = new Params();
  const where = [`team_id = ${p.add(team.teamId)}`];
  if (cursor) where.push(`(name, id) > (${p.add(String(cursor[0]))}, ${p.add(cursor[1])})`);
  const rows = await db.query<ProductRow>(
    `SELECT id, name, route, pack FROM products WHERE ${where.join(' AND ')}
      ORDER BY name, id LIMIT ${limit + 1}${offset ? ` OFFSET ${offset}` : ''}`,
    p.values,
  );
  const page = toPage(
    rows,
    limit,
    (r) => [r.name, r.id],
    (r) => ({ id: r.id, name: r.name, route: r.route, pack: r.pack }),
  );
  return { products: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
};

interface MailContentRow {
  mail_content: Record<string, { subject?: string; body?: string }>;
}

export const getMailContent: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { ota } = params<{ ota: string }>(req);
  const { teamId, productId } = query<{ teamId: string; productId: string }>(req);
  const team = await requireTeam(db, user.userId, teamId);
  const [row] = await db.query<MailContentRow>('SELECT mail_content FROM products WHERE team_id = $1 AND id = $2', [
    team.teamId,
    productId,
  ]);
  if (!row) throw notFound('Product');
  const content = row.mail_content?.[ota];
  return { ota, productId, subject: content?.subject ?? '', body: content?.body ?? '' };
};

export const updateMailContent: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { ota } = params<{ ota: string }>(req);
  const {
    teamId,
    productId,
    subject,
    body: text,
  } = body<{ teamId: string; productId: string; subject: string; body: string }>(req);
  const team = await requireTeam(db, user.userId, teamId);
  const rows = await db.query(
    `UPDATE products SET mail_content = mail_content || jsonb_build_object($3::text, jsonb_build_object('subject', $4::text, 'body', $5::text))
      WHERE team_id = $1 AND id = $2 RETURNING id`,
    [team.teamId, productId, ota, subject, text],
  );
  if (rows.length === 0) throw notFound('Product');
  return { ota, productId, subject, body: text };
};
