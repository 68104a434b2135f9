import type { Schemas } from '../../shared/contract';
import { access } from '../auth/access';
import { checkAvatar } from '../http/avatar';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { OperationHandler } from '../http/operation';
import { changeSetting, settingOf, type SettingChange } from '../repo/settings';
import { otaAccountsOf, otaAccountsView, teamMembers } from '../repo/teams';
import { selectOtaAccounts } from '../teams/ota-accounts';
import type { AuthUser } from '../types';

/** Profile and team settings (name or avatar), members, OTA accounts. */
function changeOf(input: Schemas['SettingInput']): SettingChange {
  if (input.avatar !== undefined) return { avatarUrl: checkAvatar(input.avatar) };
  const name = input.name?.trim();
  if (!name) throw badRequest('Give a non-empty name or an avatar');
  return { name };
}

/** The caller's own id; 403 for anybody else's. */
function ownId(user: AuthUser, userId: string): string {
  if (userId !== user.userId) throw forbidden('You can only see and change your own profile');
  return user.userId;
}

export const getUserSetting: OperationHandler<'getUserSetting'> = async ({ query }, { db, user }) => {
  const setting = await settingOf(db, 'users', ownId(user, query.userId));
  if (!setting) throw notFound('User');
  return setting;
};

export const updateUserSetting: OperationHandler<'updateUserSetting'> = async ({ query, body }, { db, user }) => {
  const id = ownId(user, query.userId);
  const setting = await changeSetting(db, 'users', id, changeOf(body));
  if (!setting) throw notFound('User');
  return setting;
};

export const getTeamSetting: OperationHandler<'getTeamSetting'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  const setting = await settingOf(db, 'teams', team.teamId);
  if (!setting) throw notFound('Team');
  return setting;
};

export const updateTeamSetting: OperationHandler<'updateTeamSetting'> = async ({ query, body }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  const setting = await changeSetting(db, 'teams', team.teamId, changeOf(body));
  if (!setting) throw notFound('Team');
  return setting;
};

export const listTeamMembers: OperationHandler<'listTeamMembers'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return { members: await teamMembers(db, team.teamId) };
};

export const getOtaAccounts: OperationHandler<'getOtaAccounts'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return otaAccountsView(await otaAccountsOf(db, team.teamId));
};

export const updateOtaAccounts: OperationHandler<'updateOtaAccounts'> = async ({ body }, { db, user }) => {
  const team = await access(db, user, { team: body.teamId });
  return selectOtaAccounts(db, team.teamId, body.otas, body.accounts);
};
