import { access } from '../auth/access';
import { noContent, Reply, type OperationHandler } from '../http/operation';
import { invitationView, openInvitations } from '../repo/invitations';
import { memberEventsOf } from '../repo/member-events';
import { accept, invite, preview, revoke } from '../teams/invitations';
import { changeRole, removeMember as remove } from '../teams/members';

/** A team's members and invitations (ADMIN, by the role matrix), and an invitation link's two steps. */

export const inviteMember: OperationHandler<'inviteMember'> = async ({ body }, { db, user, config, app }) => {
  const team = await access(db, user, { team: body.teamId });
  const invitation = await invite(db, user, {
    teamId: team.teamId,
    email: body.email,
    role: body.role,
    origin: config.publicOrigin,
  });
  app.emailWorker?.wake();
  return new Reply(201, invitation);
};

export const listInvitations: OperationHandler<'listInvitations'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return { invitations: (await openInvitations(db, team.teamId)).map(invitationView) };
};

export const revokeInvitation: OperationHandler<'revokeInvitation'> = async ({ path, query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  await revoke(db, user, team.teamId, path.id);
  return noContent();
};

export const updateMemberRole: OperationHandler<'updateMemberRole'> = async ({ path, body }, { db, user }) => {
  const team = await access(db, user, { team: body.teamId });
  return changeRole(db, user, team.teamId, path.userId, body.role);
};

export const removeMember: OperationHandler<'removeMember'> = async ({ path, query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  await remove(db, user, team.teamId, path.userId);
  return noContent();
};

export const listMemberEvents: OperationHandler<'listMemberEvents'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return { events: await memberEventsOf(db, team.teamId) };
};

export const getInvitation: OperationHandler<'getInvitation'> = async ({ path }, { db }) => preview(db, path.token);

export const acceptInvitation: OperationHandler<'acceptInvitation'> = async ({ path }, { db, user }) =>
  accept(db, user, path.token);
