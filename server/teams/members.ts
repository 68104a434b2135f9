import type { Schemas } from '../../shared/contract';
import { LAST_ADMIN_MESSAGE } from '../../shared/members';
import { roleAtLeast, type Role } from '../../shared/statuses';
import type { Db } from '../db/client';
import { conflict, forbidden, notFound } from '../http/errors';
import { appendMemberEvent } from '../repo/member-events';
import { deleteMember, lockMembers, setMemberRole, teamMember, type MemberRow } from '../repo/teams';
import type { Caller } from '../types';

/**
 * A team's members: role changes and removals, each one transaction that locks the team's
 * memberships first (server/repo/teams.ts lockMembers), so changes to one team's members run one
 * after the other and each sees the last. The caller's role is checked again under that lock: an
 * admin demoted a moment ago changes nothing. A team always keeps at least one ADMIN.
 */

/** The locked members and the caller's row; 403 unless the caller (still) holds the role the operation needs. */
export async function lockTeam(tx: Db, caller: Caller, teamId: string): Promise<MemberRow[]> {
  const members = await lockMembers(tx, teamId);
  const me = members.find((m) => m.userId === caller.userId);
  if (!me || !roleAtLeast(me.role, caller.needs)) throw forbidden();
  return members;
}

/** 409 when the change would take away the team's last ADMIN. */
export function keepAnAdmin(members: MemberRow[], target: MemberRow, next: Role | null): void {
  const admins = members.filter((m) => m.role === 'ADMIN');
  if (target.role === 'ADMIN' && next !== 'ADMIN' && admins.length === 1) throw conflict(LAST_ADMIN_MESSAGE);
}

const memberOf = (members: MemberRow[], userId: string): MemberRow => {
  const target = members.find((m) => m.userId === userId);
  if (!target) throw notFound('Member');
  return target;
};

const actorOf = (caller: Caller) => ({ userId: caller.userId, name: caller.name });

export function changeRole(
  db: Db,
  caller: Caller,
  teamId: string,
  userId: string,
  role: Role,
): Promise<Schemas['TeamMember']> {
  return db.tx(async (tx) => {
    const members = await lockTeam(tx, caller, teamId);
    const target = memberOf(members, userId);
    if (target.role !== role) {
      keepAnAdmin(members, target, role);
      await setMemberRole(tx, teamId, userId, role);
      await appendMemberEvent(tx, {
        teamId,
        type: 'ROLE_CHANGED',
        actor: actorOf(caller),
        email: target.email,
        name: target.name,
        fromRole: target.role,
        toRole: role,
      });
    }
    const member = await teamMember(tx, teamId, userId);
    if (!member) throw notFound('Member');
    return member;
  });
}

export function removeMember(db: Db, caller: Caller, teamId: string, userId: string): Promise<void> {
  return db.tx(async (tx) => {
    const members = await lockTeam(tx, caller, teamId);
    const target = memberOf(members, userId);
    keepAnAdmin(members, target, null);
    await deleteMember(tx, teamId, userId);
    await appendMemberEvent(tx, {
      teamId,
      type: 'REMOVED',
      actor: actorOf(caller),
      email: target.email,
      name: target.name,
      fromRole: target.role,
    });
  });
}
