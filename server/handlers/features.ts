import { findCountry } from '../../shared/countries';
import { requirePlatformAdmin } from '../auth/access';
import { badRequest, notFound } from '../http/errors';
import type { OperationHandler } from '../http/operation';
import { listFlags, setFlagTeams } from '../repo/features';

/** Feature flags per team country. They are global: only a platform admin changes one. */
export const listFeatures: OperationHandler<'listFeatures'> = async (_input, { db }) => ({
  data: await listFlags(db),
});

export const updateFeature: OperationHandler<'updateFeature'> = async ({ path, body }, { db, user }) => {
  // The contract has already refused lower case and duplicates.
  await requirePlatformAdmin(db, user);
  const unknown = body.teams.filter((code) => !findCountry(code));
  if (unknown.length) throw badRequest(`Unknown country codes: ${unknown.join(', ')}`);
  const flag = await setFlagTeams(db, path.id, user.userId, body.teams);
  if (!flag) throw notFound('Feature flag');
  return flag;
};
