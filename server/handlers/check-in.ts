import type { OperationHandler } from '../http/operation';
import { checkIn } from '../records/check-in';

/** The tour day: a party checked in (all or part of it), a no-show, or either undone. */
export const checkInOrder: OperationHandler<'checkInOrder'> = ({ path, body }, { db, user }) =>
  checkIn(db, user, path.id, body);
