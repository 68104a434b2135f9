import { pendingMigrations } from '../db/migrate';
import { isDraining } from '../draining';
import { Reply, type OperationHandler } from '../http/operation';
import { databaseAnswers } from '../repo/health';

export const getHealth: OperationHandler<'getHealth'> = async (_input, { db }) => {
  await databaseAnswers(db);
  return { status: 'ok' };
};

/** The process answers: nothing else is asked, so a slow database never restarts a healthy process. */
export const getHealthLive: OperationHandler<'getHealthLive'> = async () => ({ status: 'ok' });

/** Ready when the database answers and has every migration of this build (503 UNAVAILABLE saying why otherwise). */
export const getHealthReady: OperationHandler<'getHealthReady'> = async (_input, { db, app }) => {
  if (isDraining(app)) return new Reply(503, { error: 'UNAVAILABLE', message: 'Shutting down' });
  let pending: string[];
  try {
    pending = await pendingMigrations(db);
  } catch {
    return new Reply(503, { error: 'UNAVAILABLE', message: 'The database does not answer' });
  }
  if (pending.length > 0) {
    return new Reply(503, { error: 'UNAVAILABLE', message: `Migrations not applied yet: ${pending.join(', ')}` });
  }
  return { status: 'ready' };
};
