import { roleAtLeast, type Role } from '../../shared/statuses';
import type { Db } from '../db/client';
import { badRequest, forbidden, notFound } from '../http/errors';
import { versionsByIds, type VersionedRow } from '../repo/versioned';
import {
  hasRoleInCountry,
  membershipOfRow,
  membershipOfTeam,
  rolesOfUser,
  type MembershipRow,
  type TeamOwned,
} from '../repo/memberships';
import type { AuthUser, Caller } from '../types';

/**
 * Authorization, the one way to ask: `access(db, user, target, role)` answers the caller's team
 * when they hold at least `role` in it. A team named by id answers 403 to a non-member; a row named
 * by id is looked up only within the caller's teams, so a foreign id answers 404 as if it did not
 * exist. A member without the role gets 403.
 */
export type { Role };

export interface TeamAccess {
  teamId: string;
  role: Role;
  code: string;
  name: string;
  timezone: string;
}

const ROWS = {
  order: { table: 'orders', label: 'Order' },
  tour: { table: 'tours', label: 'Tour' },
  ad: { table: 'advertisements', label: 'Advertisement' },
  adGroup: { table: 'advertisement_groups', label: 'Advertisement group' },
  inboxItem: { table: 'channel_inbox', label: 'Inbox item' },
} as const satisfies Record<string, { table: TeamOwned; label: string }>;
type RowKind = keyof typeof ROWS;

/** A team by id, or a row of a team by its id. */
export type Target = { team: string } | { [K in RowKind]: { [P in K]: string } }[RowKind];

const ROLE_NAMES: Record<Role, string> = {
  ADMIN: 'team admins',
  EDITOR: 'editors and admins of the team',
  MEMBER: 'members of the team',
};

const toAccess = (row: MembershipRow): TeamAccess => ({
  teamId: row.team_id,
  role: row.role,
  code: row.code,
  name: row.name,
  timezone: row.timezone,
});

export async function access(
  db: Db,
  user: Pick<Caller, 'userId' | 'needs'>,
  target: Target,
  role: Role = user.needs,
): Promise<TeamAccess> {
  let row: MembershipRow | undefined;
  if ('team' in target) {
    row = await membershipOfTeam(db, user.userId, target.team);
    if (!row) throw forbidden();
  } else {
    const [kind, id] = Object.entries(target)[0] as [RowKind, string];
    row = await membershipOfRow(db, ROWS[kind].table, user.userId, id);
    if (!row) throw notFound(ROWS[kind].label);
  }
  if (!roleAtLeast(row.role, role)) throw forbidden(`Only ${ROLE_NAMES[role]} can do this`);
  return toAccess(row);
}

/**
 * The rows of a batch (orders or tours by id) with their team, version and status; 404 unless every
 * id is a row of a team where the caller holds `role`; 400 for a repeated id. `lock` locks the rows
 * for the rest of the transaction.
 */
export async function accessRows(
  db: Db,
  user: Pick<Caller, 'userId' | 'needs'>,
  table: 'orders' | 'tours',
  ids: string[],
  opts: { lock?: boolean; role?: Role } = {},
): Promise<Map<string, VersionedRow>> {
  if (new Set(ids).size !== ids.length) throw badRequest('Duplicate ids in the request');
  const teams = await rolesOfUser(db, user.userId);
  const rows = await versionsByIds(db, table, ids, opts.lock ?? false);
  const mine = rows.filter((r) => {
    const role = teams.get(r.teamId);
    return role !== undefined && roleAtLeast(role, opts.role ?? user.needs);
  });
  if (mine.length !== ids.length) throw notFound(table === 'orders' ? 'Order' : 'Tour');
  return new Map(mine.map((r) => [r.id, r]));
}

/** The ids of every team the caller belongs to, with the role in each (for writes over many rows). */
export const teamsOf = (db: Db, user: Pick<AuthUser, 'userId'>): Promise<Map<string, Role>> =>
  rolesOfUser(db, user.userId);

/**
 * Platform administration. Feature flags are global, so changing one is not a team admin's call:
 * a platform admin is an ADMIN of the Tech Team (country code XX), a team nobody can create or
 * join through onboarding or the API.
 */
export const TECH_TEAM_CODE = 'XX';

export const isPlatformAdmin = (db: Db, user: Pick<AuthUser, 'userId'>): Promise<boolean> =>
  hasRoleInCountry(db, user.userId, 'ADMIN', TECH_TEAM_CODE);

/** 403 FORBIDDEN unless the caller is a platform admin. */
export async function requirePlatformAdmin(db: Db, user: Pick<AuthUser, 'userId'>): Promise<void> {
  if (!(await isPlatformAdmin(db, user))) {
    throw forbidden('Only platform admins (admins of the Tech Team) can change feature flags');
  }
}
