import { createHash, randomBytes } from 'node:crypto';
import type { Schemas } from '../../shared/contract';
import { INVITATION_DAYS } from '../../shared/members';
import type { Role } from '../../shared/statuses';
import type { Db } from '../db/client';
import { invitationMail } from '../email/invitation';
import { conflict, forbidden, HttpError, notFound } from '../http/errors';
import { eventId } from '../repo/events';
import {
  insertInvitation,
  invitationView,
  markAccepted,
  openInvitationByHash,
  revokeOlder,
  revokeOpen,
  type InvitationRow,
} from '../repo/invitations';
import { appendMemberEvent } from '../repo/member-events';
import { enqueuePlain } from '../repo/outbox';
import { addMember, lockMembers, setMemberRole } from '../repo/teams';
import { profileOf } from '../repo/users';
import type { AuthUser, Caller } from '../types';
import { keepAnAdmin, lockTeam } from './members';

/**
 * Invitations: an ADMIN invites an address in a role; the e-mail (through the outbox) carries a
 * link with a random token, of which only the sha256 is kept; the link works once, for 7 days, for
 * whoever signs in with the invited address. Every step is one transaction that locks the team's
 * memberships first, like every change to a team's members (server/teams/members.ts).
 */
const DAY_MS = 86_400_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const normalized = (email: string) => email.trim().toLowerCase();

/** One answer for every dead link: unknown, expired, revoked and used look alike. */
const deadLink = () =>
  new HttpError(404, 'NOT_FOUND', 'This invitation link is not valid: it may have expired, been revoked or been used');

export interface NewInvite {
  teamId: string;
  email: string;
  role: Role;
  /** The origin the link points to (PUBLIC_ORIGIN). */
  origin: string;
}

/** Invites an address (replacing its older open invitation to the team) and queues the e-mail. */
export function invite(db: Db, caller: Caller, req: NewInvite): Promise<Schemas['Invitation']> {
  const email = normalized(req.email);
  const token = randomBytes(32).toString('base64url');
  return db.tx(async (tx) => {
    const members = await lockTeam(tx, caller, req.teamId);
    if (members.some((m) => m.email === email)) throw conflict(`${email} is already a member of this team`);
    await revokeOlder(tx, req.teamId, email);
    const by = { userId: caller.userId, name: caller.name };
    const invitation = await insertInvitation(tx, {
      id: eventId(),
      teamId: req.teamId,
      email,
      role: req.role,
      tokenHash: hashOf(token),
      invitedBy: by,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
    });
    const mail = invitationMail({
      teamName: invitation.teamName,
      inviterName: caller.name,
      email,
      role: req.role,
      link: `${req.origin}/invitations/${token}`,
      expiresAt: invitation.expiresAt,
    });
    await enqueuePlain(tx, by, { id: eventId(), teamId: req.teamId, type: 'INVITATION', recipient: email, ...mail });
    await appendMemberEvent(tx, { teamId: req.teamId, type: 'INVITED', actor: by, email, toRole: req.role });
    return invitationView(invitation);
  });
}

/** Revokes an open invitation of the team: its link stops working. */
export function revoke(db: Db, caller: Caller, teamId: string, id: string): Promise<void> {
  return db.tx(async (tx) => {
    await lockTeam(tx, caller, teamId);
    const revoked = await revokeOpen(tx, teamId, id);
    if (!revoked) throw notFound('Invitation');
    await appendMemberEvent(tx, {
      teamId,
      type: 'INVITATION_REVOKED',
      actor: { userId: caller.userId, name: caller.name },
      email: revoked.email,
      toRole: revoked.role,
    });
  });
}

/** What a link offers, for anybody holding it. */
export async function preview(db: Db, token: string): Promise<Schemas['InvitationPreview']> {
  const inv = await openInvitationByHash(db, hashOf(token));
  if (!inv) throw deadLink();
  return {
    teamId: inv.teamId,
    teamName: inv.teamName,
    role: inv.role,
    email: inv.email,
    invitedBy: inv.invitedByName,
    expiresAt: inv.expiresAt.toISOString(),
  };
}

/**
 * Joins the invitation's team in its role, signed in with the invited address (case-insensitively;
 * 403 otherwise); a member already gets the invitation's role. The link is spent.
 */
export async function accept(db: Db, user: AuthUser, token: string): Promise<{ teamId: string; role: Role }> {
  const hash = hashOf(token);
  // the team first, unlocked: its memberships are locked before the invitation, the order every
  // change to a team's members takes
  const first = await openInvitationByHash(db, hash);
  if (!first) throw deadLink();
  const me = await profileOf(db, user.userId);
  if (!me) throw new HttpError(401, 'UNAUTHORIZED', 'Sign in first');
  return db.tx(async (tx) => {
    const members = await lockMembers(tx, first.teamId);
    const inv: InvitationRow | undefined = await openInvitationByHash(tx, hash, true);
    if (!inv) throw deadLink();
    if (normalized(me.email) !== inv.email) {
      throw forbidden(
        `This invitation is for ${inv.email}, and you are signed in as ${me.email}: sign in with ${inv.email} to accept it`,
      );
    }
    const was = members.find((m) => m.userId === me.id);
    if (was) {
      keepAnAdmin(members, was, inv.role);
      if (was.role !== inv.role) await setMemberRole(tx, inv.teamId, me.id, inv.role);
    } else {
      await addMember(tx, inv.teamId, me.id, inv.role);
    }
    await markAccepted(tx, inv.id, me.id);
    await appendMemberEvent(tx, {
      teamId: inv.teamId,
      type: 'JOINED',
      actor: { userId: me.id, name: me.name },
      email: me.email,
      name: me.name,
      fromRole: was?.role ?? null,
      toRole: inv.role,
    });
    return { teamId: inv.teamId, role: inv.role };
  });
}
