import { fromPromise } from 'xstate';
import { parseQueue, type QueuedCheckIn } from '../../domain/check-in';
import { STORAGE_KEYS } from '../../domain/storage-keys';

/**
 * The check-ins not yet sent, per team, in browser storage: a reload or a crash keeps them, and the
 * next manifest opened sends them. Storage can be unavailable (private modes): then only the
 * running screen keeps them.
 */
const keyOf = (teamId: string) => `${STORAGE_KEYS.checkInQueue}:${teamId}`;

export function readCheckInQueue(teamId: string): QueuedCheckIn[] {
  try {
    const raw = window.localStorage.getItem(keyOf(teamId));
    return raw ? parseQueue(JSON.parse(raw)) : [];
  } catch {
    return [];
  }
}

export function writeCheckInQueue(teamId: string, queue: readonly QueuedCheckIn[]): void {
  try {
    if (queue.length === 0) window.localStorage.removeItem(keyOf(teamId));
    else window.localStorage.setItem(keyOf(teamId), JSON.stringify(queue));
  } catch (error) {
    console.warn('[check-in] cannot keep the queue in storage', error);
  }
}

/** The stored queue, for the check-in machine's start. */
export const restoreCheckInQueue = fromPromise<QueuedCheckIn[], { teamId: string }>(async ({ input }) =>
  readCheckInQueue(input.teamId),
);
