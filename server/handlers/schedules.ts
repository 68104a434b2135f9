import { scheduleErrors } from '../../shared/schedule-rules';
import { access } from '../auth/access';
import { HttpError, notFound } from '../http/errors';
import type { OperationHandler } from '../http/operation';
import { saveSchedule, scheduleOf } from '../repo/schedules';

/**
 * What a reseller needs to sell a product. The route has checked the body against the contract;
 * what the schema cannot say (shared/schedule-rules.ts) answers 400 INVALID_SCHEDULE with every
 * field at fault, and nothing is saved. Another team's product is 404, as if it did not exist.
 */
export const getProductSchedule: OperationHandler<'getProductSchedule'> = async ({ path, query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  const found = await scheduleOf(db, team.teamId, path.id);
  if (!found) throw notFound('Product');
  return { productId: path.id, schedule: found.schedule };
};

export const updateProductSchedule: OperationHandler<'updateProductSchedule'> = async (
  { path, body },
  { db, user },
) => {
  const team = await access(db, user, { team: body.teamId });
  const fields = body.schedule === null ? [] : scheduleErrors(body.schedule);
  if (fields.length > 0) {
    const first = `${fields[0].field}: ${fields[0].message}`;
    const more = fields.length > 1 ? ` (and ${fields.length - 1} more)` : '';
    const message = `The schedule was not saved: ${first}${more}`;
    throw new HttpError(400, 'INVALID_SCHEDULE', message, {}, { fields });
  }
  const saved = await saveSchedule(db, team.teamId, path.id, body.schedule);
  if (!saved) throw notFound('Product');
  return { productId: path.id, schedule: saved.schedule };
};
