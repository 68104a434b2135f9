import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import { Params } from './paging';

/** Tour guides, found by words: every word must match the name, e-mail, a language or the location. */
interface GuideRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  languages: string[] | null;
  location: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The guides matching every word (case-insensitively), by name, at most `limit`. */
export async function searchGuides(db: Db, words: string[], limit: number): Promise<Schemas['Guide'][]> {
  const p = new Params();
  const where = words.map((w) => {
    const n = p.add(`%${escapeLike(w)}%`);
    return `(name ILIKE ${n} OR email ILIKE ${n} OR location ILIKE ${n} OR languages::text ILIKE ${n})`;
  });
  const rows = await db.query<GuideRow>(
    `SELECT id, name, email, phone, languages, location FROM guides
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY lower(name), id LIMIT ${p.add(limit)}`,
    p.values,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    languages: r.languages ?? [],
    location: r.location,
  }));
}
