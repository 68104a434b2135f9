import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { displayedValue, type CheckInValue } from '../../domain/check-in';
import type { checkInMachine } from './check-in.machine';

/** Narrow reads of the check-in queue, for the manifest's rows and totals. */
export type CheckInActorRef = ActorRefFrom<typeof checkInMachine>;
type CheckInSnapshot = SnapshotFrom<typeof checkInMachine>;

/** What one party's row shows of its check-in. */
export interface PartyCheckIn {
  value: CheckInValue;
  /** A gesture of it waits to be sent. */
  pending: boolean;
  /** Why its last gesture was not recorded. */
  problem: string | null;
  canUndo: boolean;
  /** What the stepper shows: how many came (checked in), or will be checked in by the next tap. */
  count: number;
}

const EXPECTED: CheckInValue = { state: 'EXPECTED', arrived: 0 };

export function selectParty(s: CheckInSnapshot, orderId: string, server: CheckInValue, total: number): PartyCheckIn {
  const c = s.context;
  const value = displayedValue(c.base[orderId] ?? server ?? EXPECTED, c.queue, orderId);
  return {
    value,
    count: value.state === 'CHECKED_IN' ? value.arrived : (c.counts[orderId] ?? total),
    pending: c.queue.some((q) => q.orderId === orderId),
    problem: c.problems[orderId] ?? null,
    canUndo: orderId in c.undo,
  };
}

export const sameParty = (a: PartyCheckIn, b: PartyCheckIn) =>
  a.value.state === b.value.state &&
  a.value.arrived === b.value.arrived &&
  a.pending === b.pending &&
  a.problem === b.problem &&
  a.canUndo === b.canUndo &&
  a.count === b.count;

export const selectQueue = (s: CheckInSnapshot) => s.context.queue;
export const selectBase = (s: CheckInSnapshot) => s.context.base;
export const selectPendingCount = (s: CheckInSnapshot) => s.context.queue.length;
export const selectOnline = (s: CheckInSnapshot) => s.context.online;
