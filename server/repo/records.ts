import type { Db } from '../db/client';
import { Params, pageWindow, toPage, type CursorKey, type Page, type PageRequest } from './paging';

/**
 * The reads orders and tours share: a page in date order (keyset on the date, then the id) and
 * rows by id. A source is a table's SELECT (its FROM and joins, no WHERE), the alias of its table
 * and how one of its rows becomes the contract's shape.
 */
export interface RowSource<R extends { id: string }, T> {
  select: string;
  alias: string;
  map: (row: R) => T;
}

/** The condition continuing a page after the cursor's row, in the order of (col, id). */
export function afterCursor(alias: string, col: string, desc: boolean, cursor: CursorKey, p: Params): string {
  const key = `${p.add(String(cursor[0]))}::timestamptz, ${p.add(cursor[1])}`;
  return `(${alias}.${col}, ${alias}.id) ${desc ? '<' : '>'} (${key})`;
}

/** A source listed in date order: the WHERE conditions of its filters and the date column of a sort. */
export interface Listing<R extends { id: string; sort_key: string }, T, F> extends RowSource<R, T> {
  where: (teamId: string, timezone: string, f: F, p: Params) => string[];
  sort: (orderBy: string | undefined) => { col: string; desc: boolean };
}

/** The list function of a source: a team's rows matching the filters, one page in the sort's date order then id. */
export function listByDate<R extends { id: string; sort_key: string }, T, F>(listing: Listing<R, T, F>) {
  return async (
    db: Db,
    team: { teamId: string; timezone: string },
    f: F & { orderBy?: string },
    req: PageRequest,
    maxLimit = 200,
  ): Promise<Page<T>> => {
    const { alias, select } = listing;
    const { limit, offset, cursor } = pageWindow(req, maxLimit);
    const { col, desc } = listing.sort(f.orderBy);
    const p = new Params();
    const where = listing.where(team.teamId, team.timezone, f, p);
    if (cursor) where.push(afterCursor(alias, col, desc, cursor, p));
    const dir = desc ? 'DESC' : 'ASC';
    const sql = `${select.replace('SELECT', `SELECT ${alias}.${col}::text AS sort_key,`)}
    WHERE ${where.join(' AND ')}
    ORDER BY ${alias}.${col} ${dir}, ${alias}.id ${dir}
    LIMIT ${limit + 1}${offset ? ` OFFSET ${offset}` : ''}`;
    const rows = await db.query<R>(sql, p.values);
    return toPage(rows, limit, (r) => [r.sort_key, r.id], listing.map);
  };
}

/** Rows by id (one primary-key lookup), in the order of the ids; an unknown id is left out. */
export async function rowsByIds<R extends { id: string }, T>(
  db: Db,
  source: RowSource<R, T>,
  ids: string[],
): Promise<T[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<R>(`${source.select} WHERE ${source.alias}.id = ANY($1::text[])`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, source.map(r)]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}
