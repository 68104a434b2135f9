import type { Db } from '../db/client';
import type { Role } from '../../shared/statuses';

/** Who belongs to which team in which role: the rows authorization reads (server/auth/access.ts). */
export interface MembershipRow {
  team_id: string;
  role: Role;
  code: string;
  name: string;
  timezone: string;
}

const TEAM_OF_MEMBER = `SELECT t.id AS team_id, m.role, t.code, t.name, t.timezone
  FROM memberships m JOIN teams t ON t.id = m.team_id`;

/** The caller's membership of a team, or undefined. */
export async function membershipOfTeam(db: Db, userId: string, teamId: string): Promise<MembershipRow | undefined> {
  const [row] = await db.query<MembershipRow>(`${TEAM_OF_MEMBER} WHERE m.user_id = $1 AND m.team_id = $2`, [
    userId,
    teamId,
  ]);
  return row;
}

/** Tables whose rows belong to a team (`team_id`) and are reached by their id. */
export type TeamOwned = 'orders' | 'tours' | 'advertisements' | 'advertisement_groups' | 'channel_inbox';

/** The caller's membership of the team that owns a row, or undefined (no such row, or not a member). */
export async function membershipOfRow(
  db: Db,
  table: TeamOwned,
  userId: string,
  id: string,
): Promise<MembershipRow | undefined> {
  const [row] = await db.query<MembershipRow>(
    `${TEAM_OF_MEMBER} JOIN ${table} x ON x.team_id = m.team_id WHERE m.user_id = $1 AND x.id = $2`,
    [userId, id],
  );
  return row;
}

/** Every team of the caller with the role in each. */
export async function rolesOfUser(db: Db, userId: string): Promise<Map<string, Role>> {
  const rows = await db.query<{ team_id: string; role: Role }>(
    'SELECT team_id, role FROM memberships WHERE user_id = $1',
    [userId],
  );
  return new Map(rows.map((r) => [r.team_id, r.role]));
}

/** True when the user holds `role` in a team of the given country code. */
export async function hasRoleInCountry(db: Db, userId: string, role: Role, code: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM memberships m JOIN teams t ON t.id = m.team_id
      WHERE m.user_id = $1 AND m.role = $2 AND t.code = $3 LIMIT 1`,
    [userId, role, code],
  );
  return rows.length > 0;
}
