import { badRequest } from '../http/errors';

/** Keyset paging: the cursor is base64url JSON of [sortKey, id] of the last row of a page. */
export const PAGE_SIZE = 50;

export type CursorKey = [string | number, string];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (typeof value[0] === 'string' || typeof value[0] === 'number') &&
      typeof value[1] === 'string'
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
}

export interface PageRequest {
  cursor?: string;
  page?: number;
  limit?: number;
}

export interface Page<T> {
  items: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** The LIMIT/OFFSET of a request: keyset when a cursor is given; `page` alone falls back to OFFSET. */
export function pageWindow(
  req: PageRequest,
  maxLimit = 200,
): { limit: number; offset: number; cursor: CursorKey | null } {
  const limit = Math.min(Math.max(req.limit ?? PAGE_SIZE, 1), maxLimit);
  if (req.cursor) return { limit, offset: 0, cursor: decodeCursor(req.cursor) };
  const page = Math.max(req.page ?? 1, 1);
  return { limit, offset: (page - 1) * limit, cursor: null };
}

/** Cuts the limit+1 rows fetched into a page and the cursor of its last row. */
export function toPage<R, T>(rows: R[], limit: number, key: (row: R) => CursorKey, map: (row: R) => T): Page<T> {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  return { items: kept.map(map), hasMore, nextCursor: hasMore && last ? encodeCursor(key(last)) : null };
}

/** Collects SQL parameters and hands back their $n placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
