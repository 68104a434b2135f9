import { access } from '../auth/access';
import type { OperationHandler } from '../http/operation';
import { searchGuides as findGuides } from '../repo/guides';

/** Guide search in the team's own directory (members only): at most ten words, each must match;
 *  `num` guides at most (1 to 50, default 10); those located `near` the tour's place first. */
export const searchGuides: OperationHandler<'searchGuides'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  const words = (query.searchTerms ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
  const limit = Math.min(Math.max(Number(query.num) || 10, 1), 50);
  const near = query.near?.trim() || null;
  return { guides: await findGuides(db, team.teamId, words, limit, near) };
};
