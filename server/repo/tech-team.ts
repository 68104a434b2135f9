import type { Role } from '../../shared/statuses';
import type { Db } from '../db/client';

/**
 * The Tech Team (country code XX), whose ADMINs are the platform admins, as `npm run admin` makes
 * one: the team is created when the database has none (the id the demo seed gives it).
 */
export const TECH_TEAM_ID = 'team-xx';

export interface TechTeamFields {
  code: string;
  name: string;
  timezone: string;
  continent: string;
}

/** The id of the team with the given code (the oldest, should there be several), created if none. */
export async function ensureTeamOfCode(db: Db, team: TechTeamFields): Promise<string> {
  const find = () =>
    db.query<{ id: string }>('SELECT id FROM teams WHERE code = $1 ORDER BY created_at, id LIMIT 1', [team.code]);
  const [found] = await find();
  if (found) return found.id;
  await db.query(
    `INSERT INTO teams (id, code, name, timezone, continent, ota_accounts) VALUES ($1, $2, $3, $4, $5, '[]'::jsonb)
     ON CONFLICT (id) DO NOTHING`,
    [TECH_TEAM_ID, team.code, team.name, team.timezone, team.continent],
  );
  const [created] = await find();
  return created.id;
}

/** Gives the user `role` in the team (joining it if need be); the role held before, if any. */
export async function setTeamRole(db: Db, userId: string, teamId: string, role: Role): Promise<Role | undefined> {
  const [before] = await db.query<{ role: Role }>(
    'SELECT role FROM memberships WHERE user_id = $1 AND team_id = $2 FOR UPDATE',
    [userId, teamId],
  );
  if (before?.role === role) return role;
  await db.query(
    `INSERT INTO memberships (user_id, team_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, team_id) DO UPDATE SET role = EXCLUDED.role`,
    [userId, teamId, role],
  );
  return before?.role;
}
