import { findCountry } from '../../shared/countries';
import { badRequest, notFound } from '../http/errors';
import type { OperationHandler } from '../http/operation';
import { listFlags, setFlagTeams } from '../repo/features';

/** Feature flags per team country. They are global: only a platform admin changes one (the role
 *  matrix says so: server/http/operation.ts refuses anybody else before this handler runs). */
export const listFeatures: OperationHandler<'listFeatures'> = async (_input, { db }) => ({
  data: await listFlags(db),
});

export const updateFeature: OperationHandler<'updateFeature'> = async ({ path, body }, { db, user }) => {
  // The contract has already refused lower case and duplicates.
  const unknown = body.teams.filter((code) => !findCountry(code));
  if (unknown.length) throw badRequest(`Unknown country codes: ${unknown.join(', ')}`);
  const flag = await setFlagTeams(db, path.id, user.userId, body.teams);
  if (!flag) throw notFound('Feature flag');
  return flag;
};
