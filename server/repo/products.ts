import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import { Params, pageWindow, toPage, type Page, type PageRequest } from './paging';

/** A team's products, keyset by name then id (their mail content: mail-content.ts). */
interface ProductRow {
  id: string;
  name: string;
  route: string;
  pack: string | null;
}

export async function listProducts(db: Db, teamId: string, req: PageRequest): Promise<Page<Schemas['Product']>> {
  const { limit, offset, cursor } = pageWindow(req);
  const p = new Params();
  const where = [`team_id = ${p.add(teamId)}`];
  if (cursor) where.push(`(name, id) > (${p.add(String(cursor[0]))}, ${p.add(cursor[1])})`);
  const rows = await db.query<ProductRow>(
    `SELECT id, name, route, pack FROM products WHERE ${where.join(' AND ')}
      ORDER BY name, id LIMIT ${limit + 1}${offset ? ` OFFSET ${offset}` : ''}`,
    p.values,
  );
  return toPage(
    rows,
    limit,
    (r) => [r.name, r.id],
    (r) => ({ id: r.id, name: r.name, route: r.route, pack: r.pack }),
  );
}

/** Which of the ids are products of the team. */
export async function knownProductIds(db: Db, teamId: string, ids: string[]): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>('SELECT id FROM products WHERE team_id = $1 AND id = ANY($2::text[])', [
    teamId,
    ids,
  ]);
  return new Set(rows.map((r) => r.id));
}

export interface NewProduct {
  id: string;
  name: string | undefined;
  route: string | undefined;
  pack: string | null;
}

/** Adds products to a team's catalogue (one already there is left as it is). */
export async function insertProducts(db: Db, teamId: string, products: NewProduct[]): Promise<void> {
  await db.query(
    `INSERT INTO products (id, team_id, name, route, pack)
     SELECT v.id, $1, v.name, v.route, v.pack FROM jsonb_to_recordset($2::jsonb) AS v(id text, name text, route text, pack text)
     ON CONFLICT DO NOTHING`,
    [teamId, JSON.stringify(products)],
  );
}

/** A team's product's route, or undefined when the team has no such product. */
export async function productRoute(db: Db, teamId: string, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ route: string }>('SELECT route FROM products WHERE team_id = $1 AND id = $2', [
    teamId,
    id,
  ]);
  return row?.route;
}
