import { requireTeam } from '../http/access';
import { Params, pageWindow, toPage, type PageRequest } from '../repo/paging';
import { ctx, query, type Handler } from './util';

/** Products, keyset by name then id (their mail content: mail-content.ts). */
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
