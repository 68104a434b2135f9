import type { OperationHandler } from '../http/operation';
import { databaseAnswers } from '../repo/health';

export const getHealth: OperationHandler<'getHealth'> = async (_input, { db }) => {
  await databaseAnswers(db);
  return { status: 'ok' };
};
