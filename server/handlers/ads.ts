import type { Schemas } from '../../shared/contract';
import { access } from '../auth/access';
import { checkAdUrls } from '../http/ad-urls';
import { badRequest, notFound } from '../http/errors';
import { noContent, type Call, type OperationHandler } from '../http/operation';
import { checkUnique } from '../http/validate';
import * as ads from '../repo/ads';

/** Marketing: advertisements (tagged new on creation, then active or archived) and groups of them. */
export const listAds: OperationHandler<'listAds'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return { advertisements: await ads.adsOfTeam(db, team.teamId) };
};

export const createAd: OperationHandler<'createAd'> = async ({ body }, { db, user }) => {
  const input = checkAdUrls(body);
  const team = await access(db, user, { team: input.teamId });
  return ads.insertAd(db, team.teamId, input);
};

export const updateAd: OperationHandler<'updateAd'> = async ({ path, body }, { db, user }) => {
  const input = checkAdUrls(body);
  const team = await access(db, user, { team: input.teamId });
  const ad = await ads.updateAd(db, team.teamId, path.id, input);
  if (!ad) throw notFound('Advertisement');
  return ad;
};

export const listAdGroups: OperationHandler<'listAdGroups'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return { groups: await ads.groupsOfTeam(db, team.teamId) };
};

export const createAdGroup: OperationHandler<'createAdGroup'> = async ({ body }, { db, user }) => {
  const tag = ads.groupTag(body.tag);
  const team = await access(db, user, { team: body.teamId });
  return ads.insertAdGroup(db, team.teamId, tag, body.frequency ?? 'daily');
};

export const getAdGroup: OperationHandler<'getAdGroup'> = async ({ path, query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  const group = await ads.groupOfTeam(db, team.teamId, path.id);
  if (!group) throw notFound('Advertisement group');
  return group;
};

export const updateAdGroup: OperationHandler<'updateAdGroup'> = async ({ path, body }, { db, user }) => {
  if (body.tag === undefined && body.frequency === undefined) throw badRequest('Give a tag or a frequency to change');
  const tag = body.tag === undefined ? undefined : ads.groupTag(body.tag);
  const team = await access(db, user, { team: body.teamId });
  return ads.updateAdGroup(db, team.teamId, path.id, { tag, frequency: body.frequency });
};

export const deleteAdGroup: OperationHandler<'deleteAdGroup'> = async ({ path, query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  if (!(await ads.deleteAdGroup(db, team.teamId, path.id))) throw notFound('Advertisement group');
  return noContent();
};

/** Appends ads to a group or replaces its items; every ad and the group must be the team's. */
async function writeItems(
  { db, user }: Pick<Call, 'db' | 'user'>,
  groupId: string,
  { teamId, advertisementIds }: { teamId: Schemas['Id']; advertisementIds: Schemas['Id'][] },
  mode: 'append' | 'replace',
) {
  checkUnique(advertisementIds, 'advertisement ids');
  const team = await access(db, user, { team: teamId });
  return { success: true, group: await ads.writeGroupItems(db, team.teamId, groupId, advertisementIds, mode) };
}

/** Appends ads to a group (an ad already in it keeps its place). */
export const addAdGroupItems: OperationHandler<'addAdGroupItems'> = async ({ path, body }, call) =>
  writeItems(call, path.id, body, 'append');

/** Replaces a group's items with the ids in their order: a reorder, a removal, or both at once. */
export const setAdGroupItems: OperationHandler<'setAdGroupItems'> = async ({ path, body }, call) =>
  writeItems(call, path.id, body, 'replace');
