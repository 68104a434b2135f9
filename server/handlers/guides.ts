import type { Schemas } from '../contract';
import { ctx, query, type Handler } from './util';

/** Guide search: every word must match the name, e-mail, a language or the location. */
interface GuideRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  languages: string[];
  location: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const searchGuides: Handler = async (req) => {
  const { db } = ctx(req);
  const { searchTerms = '', num = 10 } = query<{ searchTerms?: string; num?: number }>(req);
  const words = searchTerms.trim().split(/\s+/).filter(Boolean).slice(0, 10);
  const params: unknown[] = [];
  const where = words.map((w) => {
    params.push(`%${escapeLike(w)}%`);
    const n = `$${params.length}`;
    return `(name ILIKE ${n} OR email ILIKE ${n} OR location ILIKE ${n} OR languages::text ILIKE ${n})`;
  });
  params.push(Math.min(Math.max(Number(num) || 10, 1), 50));
  const rows = await db.query<GuideRow>(
    `SELECT id, name, email, phone, languages, location FROM guides
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY lower(name), id LIMIT $${params.length}`,
    params,
  );
  return {
    guides: rows.map((r): Schemas['Guide'] => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      languages: r.languages ?? [],
      location: r.location,
    })),
  };
};
