import type { Db } from '../db/client';
import { HttpError, forbidden, notFound } from './errors';

/** Access rules: a teamId is checked against the caller's memberships (403), an object id is
 *  resolved only within the caller's teams (404, as if it did not exist). */
export type Role = 'ADMIN' | 'EDITOR' | 'MEMBER';

export interface TeamAccess {
  teamId: string;
  role: Role;
  code: string;
  name: string;
  timezone: string;
}

interface TeamRow {
  id: string;
  role: Role;
  code: string;
  name: string;
  timezone: string;
}

/** The team as the caller sees it; 403 FORBIDDEN when the caller is not a member. */
export async function requireTeam(db: Db, userId: string, teamId: string): Promise<TeamAccess> {
  const rows = await db.query<TeamRow>(
    `SELECT t.id, m.role, t.code, t.name, t.timezone
       FROM memberships m JOIN teams t ON t.id = m.team_id
      WHERE m.user_id = $1 AND m.team_id = $2`,
    [userId, teamId],
  );
  const row = rows[0];
  if (!row) throw forbidden();
  return { teamId: row.id, role: row.role, code: row.code, name: row.name, timezone: row.timezone };
}

export async function requireMember(db: Db, userId: string, teamId: string): Promise<Role> {
  return (await requireTeam(db, userId, teamId)).role;
}

export async function requireAdmin(db: Db, userId: string, teamId: string): Promise<TeamAccess> {
  const team = await requireTeam(db, userId, teamId);
  if (team.role !== 'ADMIN') throw forbidden('Only team admins can do this');
  return team;
}

type Table = 'orders' | 'tours' | 'advertisements' | 'advertisement_groups';
const LABEL: Record<Table, string> = {
  orders: 'Order',
  tours: 'Tour',
  advertisements: 'Advertisement',
  advertisement_groups: 'Advertisement group',
};

async function teamOf(db: Db, table: Table, userId: string, id: string): Promise<TeamAccess> {
  const rows = await db.query<TeamRow>(
    `SELECT t.id, m.role, t.code, t.name, t.timezone
       FROM ${table} x
       JOIN memberships m ON m.team_id = x.team_id AND m.user_id = $1
       JOIN teams t ON t.id = x.team_id
      WHERE x.id = $2`,
    [userId, id],
  );
  const row = rows[0];
  if (!row) throw notFound(LABEL[table]);
  return { teamId: row.id, role: row.role, code: row.code, name: row.name, timezone: row.timezone };
}

export const teamOfOrder = (db: Db, userId: string, id: string) => teamOf(db, 'orders', userId, id);
export const teamOfTour = (db: Db, userId: string, id: string) => teamOf(db, 'tours', userId, id);
export const teamOfAd = (db: Db, userId: string, id: string) => teamOf(db, 'advertisements', userId, id);
export const teamOfAdGroup = (db: Db, userId: string, id: string) => teamOf(db, 'advertisement_groups', userId, id);

/** Resolves a batch of ids to their teams; 404 unless every id is in a team of the caller.
 *  One primary-key lookup (id = ANY), so the plan stays good whatever the table statistics say. */
export async function resolveBatch(
  db: Db,
  table: 'orders' | 'tours',
  userId: string,
  ids: string[],
  lock = false,
): Promise<Map<string, { teamId: string; version: number; status: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) throw new HttpError(400, 'BAD_REQUEST', 'Duplicate ids in the request');
  const teams = await myTeams(db, userId);
  const rows = await db.query<{ id: string; team_id: string; version: number; status: string }>(
    `SELECT id, team_id, version, status FROM ${table} WHERE id = ANY($1::text[]) ${lock ? 'FOR UPDATE' : ''}`,
    [unique],
  );
  const mine = rows.filter((r) => teams.has(r.team_id));
  if (mine.length !== unique.length) throw notFound(table === 'orders' ? 'Order' : 'Tour');
  return new Map(mine.map((r) => [r.id, { teamId: r.team_id, version: r.version, status: r.status }]));
}

/** The ids of every team the caller belongs to, with the role in each. */
export async function myTeams(db: Db, userId: string): Promise<Map<string, Role>> {
  const rows = await db.query<{ team_id: string; role: Role }>(
    'SELECT team_id, role FROM memberships WHERE user_id = $1',
    [userId],
  );
  return new Map(rows.map((r) => [r.team_id, r.role]));
}
