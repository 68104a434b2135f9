import { access } from '../auth/access';
import type { OperationHandler } from '../http/operation';
import * as deleted from '../repo/deleted-records';

/** The team's recently deleted orders and tours (restored through restoreOrder / restoreTour). */
export const listDeleted: OperationHandler<'listDeleted'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return { records: await deleted.listDeleted(db, team.teamId) };
};
