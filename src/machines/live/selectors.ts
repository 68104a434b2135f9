import type { SnapshotFrom } from 'xstate';
import type { liveMachine } from './live.machine';
import type { LiveConnection } from './types';

type LiveSnapshot = SnapshotFrom<typeof liveMachine>;

/** The connection as the navigation shows it. */
export function selectConnection(state: LiveSnapshot): LiveConnection {
  if (state.hasTag('live')) return 'live';
  if (state.matches({ connection: 'stopped' })) return 'stopped';
  if (state.hasTag('reconnecting') || state.context.attempts > 0) return 'reconnecting';
  return 'connecting';
}
