import { assembleStatistics } from '../../shared/statistics';
import { access } from '../auth/access';
import type { OperationHandler } from '../http/operation';
import { statisticsFigures } from '../repo/statistics';
import { rangeDays } from '../http/date-range';

/** GET /api/v1/orders/statistics: a team's orders per channel and day over a range of up to 366 days. */
const MAX_DAYS = 366;

export const getOrderStatistics: OperationHandler<'getOrderStatistics'> = async ({ query }, { db, user }) => {
  const days = rangeDays(query.startDate, query.endDate, MAX_DAYS);
  const team = await access(db, user, { team: query.teamId });
  const basis = query.dateBasis ?? 'departure';
  const { startDate, endDate } = query;
  const figures = await statisticsFigures(db, { teamId: team.teamId, startDate, endDate, basis });
  return assembleStatistics({ startDate, endDate, basis, days }, figures);
};
