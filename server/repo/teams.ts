import type { Schemas } from '../../shared/contract';
import type { Ota } from '../../shared/otas';
import type { Role } from '../../shared/statuses';
import type { Db } from '../db/client';

/** Teams: created with their organization, their members, the OTA inboxes they receive orders at. */

/** An OTA inbox of the team (column `ota_accounts`); the selected ones are the team's accounts. */
export interface OtaAccount {
  ota: Ota;
  email: string;
  selected?: boolean;
}

export interface NewTeam {
  id: string;
  code: string;
  name: string;
  timezone: string;
  continent: string;
  otaAccounts: OtaAccount[];
}

export async function insertTeam(db: Db, team: NewTeam): Promise<void> {
  await db.query(
    'INSERT INTO teams (id, code, name, timezone, continent, ota_accounts) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
    [team.id, team.code, team.name, team.timezone, team.continent, JSON.stringify(team.otaAccounts)],
  );
}

export async function addMember(db: Db, teamId: string, userId: string, role: Role): Promise<void> {
  await db.query('INSERT INTO memberships (user_id, team_id, role) VALUES ($1, $2, $3)', [userId, teamId, role]);
}

/** The teams of a user with their role in each, by name. */
export async function teamEntriesOf(db: Db, userId: string): Promise<Schemas['TeamEntry'][]> {
  const rows = await db.query<{
    id: string;
    name: string;
    avatar_url: string | null;
    code: string;
    timezone: string;
    continent: string;
    role: Role;
  }>(
    `SELECT t.id, t.name, t.avatar_url, t.code, t.timezone, t.continent, m.role
       FROM memberships m JOIN teams t ON t.id = m.team_id
      WHERE m.user_id = $1 ORDER BY lower(t.name), t.id`,
    [userId],
  );
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    avatarUrl: t.avatar_url,
    code: t.code,
    timezone: t.timezone,
    continent: t.continent,
    role: t.role,
  }));
}

/** The members of a team with their role, by name. */
export async function teamMembers(db: Db, teamId: string): Promise<Schemas['TeamMember'][]> {
  const rows = await db.query<{ id: string; name: string; email: string; avatar_url: string | null; role: Role }>(
    `SELECT u.id, u.name, u.email, u.avatar_url, m.role
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = $1 ORDER BY lower(u.name), u.id`,
    [teamId],
  );
  return rows.map((r) => ({
    user: { id: r.id, name: r.name, email: r.email, avatarUrl: r.avatar_url },
    role: r.role,
  }));
}

/** The team's OTA inboxes; `lock` locks the team's row for the rest of the transaction. */
export async function otaAccountsOf(db: Db, teamId: string, lock = false): Promise<OtaAccount[]> {
  const [row] = await db.query<{ ota_accounts: OtaAccount[] | null }>(
    `SELECT ota_accounts FROM teams WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [teamId],
  );
  return row?.ota_accounts ?? [];
}

export async function saveOtaAccounts(db: Db, teamId: string, accounts: OtaAccount[]): Promise<void> {
  await db.query('UPDATE teams SET ota_accounts = $2::jsonb WHERE id = $1', [teamId, JSON.stringify(accounts)]);
}

/** The inboxes as the contract shows them: every one available, the addresses of the selected ones. */
export const otaAccountsView = (accounts: OtaAccount[]): Schemas['OtaAccounts'] => ({
  available: accounts.map((a) => ({ ota: a.ota, email: a.email })),
  otas: [...new Set(accounts.filter((a) => a.selected).map((a) => a.email))],
});

/** A member of a team as the members' rules see it. */
export interface MemberRow {
  userId: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * Locks every membership of the team for the rest of the transaction and reads them: two changes to
 * one team's members run one after the other, and the second sees what the first did (so two admins
 * demoting each other cannot both succeed).
 */
export async function lockMembers(tx: Db, teamId: string): Promise<MemberRow[]> {
  const rows = await tx.query<{ user_id: string; email: string; name: string; role: Role }>(
    `SELECT m.user_id, u.email, u.name, m.role
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = $1 ORDER BY m.user_id FOR UPDATE OF m`,
    [teamId],
  );
  return rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.name, role: r.role }));
}

export async function setMemberRole(tx: Db, teamId: string, userId: string, role: Role): Promise<void> {
  await tx.query('UPDATE memberships SET role = $3 WHERE team_id = $1 AND user_id = $2', [teamId, userId, role]);
}

export async function deleteMember(tx: Db, teamId: string, userId: string): Promise<void> {
  await tx.query('DELETE FROM memberships WHERE team_id = $1 AND user_id = $2', [teamId, userId]);
}

/** One member of the team as the contract shows it, or undefined. */
export async function teamMember(db: Db, teamId: string, userId: string): Promise<Schemas['TeamMember'] | undefined> {
  const [r] = await db.query<{ id: string; name: string; email: string; avatar_url: string | null; role: Role }>(
    `SELECT u.id, u.name, u.email, u.avatar_url, m.role
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = $1 AND m.user_id = $2`,
    [teamId, userId],
  );
  return r && { user: { id: r.id, name: r.name, email: r.email, avatarUrl: r.avatar_url }, role: r.role };
}
