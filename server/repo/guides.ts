import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import { Params } from './paging';

/** A team's tour guides (its own contacts), found by words: every word must match the name, e-mail, a
 *  language or the location. Every statement names the team. */
interface GuideRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  languages: string[] | null;
  location: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The team's guides matching every word (case-insensitively), at most `limit` (index guides_team):
 *  those located at `near` (the tour's place, case-insensitively) first, then the rest, each by name. */
export async function searchGuides(
  db: Db,
  teamId: string,
  words: string[],
  limit: number,
  near: string | null = null,
): Promise<Schemas['Guide'][]> {
  const p = new Params();
  const where = [`team_id = ${p.add(teamId)}`];
  for (const w of words) {
    const n = p.add(`%${escapeLike(w)}%`);
    where.push(`(name ILIKE ${n} OR email ILIKE ${n} OR location ILIKE ${n} OR languages::text ILIKE ${n})`);
  }
  const rows = await db.query<GuideRow>(
    `SELECT id, name, email, phone, languages, location FROM guides
      WHERE ${where.join(' AND ')}
      ORDER BY ${near ? `lower(location) = lower(${p.add(near)}) DESC, ` : ''}lower(name), id LIMIT ${p.add(limit)}`,
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

/** A guide of the team, by id, with how to reach them (for an INFORMATION e-mail); undefined when the
 *  team has none of that id. */
export async function guideContact(
  db: Db,
  teamId: string,
  id: string,
): Promise<{ name: string; phone: string | null; email: string } | undefined> {
  const [guide] = await db.query<{ name: string; phone: string | null; email: string }>(
    'SELECT name, phone, email FROM guides WHERE team_id = $1 AND id = $2',
    [teamId, id],
  );
  return guide;
}
