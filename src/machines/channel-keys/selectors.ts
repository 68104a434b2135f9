import type { SnapshotFrom } from 'xstate';
import type { channelKeysMachine } from './channel-keys.machine';

/** Narrow reads of the Connections page for its view. */
type Snap = SnapshotFrom<typeof channelKeysMachine>;

export const selectView = (s: Snap): 'loading' | 'failed' | 'ready' =>
  s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading';
/** Nothing under way: the form and the Revoke buttons take a new request. */
export const selectIdle = (s: Snap): boolean => s.matches({ ready: 'idle' });
export const selectCreating = (s: Snap): boolean => s.matches({ ready: 'creating' });
/** The new key and its secret while they are on screen, else null. */
export const selectCreated = (s: Snap) => (s.matches({ ready: 'secret' }) ? s.context.created : null);
export const selectCopy = (s: Snap): 'idle' | 'copying' | 'copied' | 'failed' =>
  s.matches({ ready: { secret: 'copying' } })
    ? 'copying'
    : s.matches({ ready: { secret: 'copied' } })
      ? 'copied'
      : s.matches({ ready: { secret: 'copyFailed' } })
        ? 'failed'
        : 'idle';
/** Closing the secret before it was copied is being asked about. */
export const selectAskingClose = (s: Snap): boolean => s.matches({ ready: { secret: 'asking' } });
/** The key whose revocation is asked for (confirming or sending), else null. */
export const selectConfirming = (s: Snap) =>
  s.matches({ ready: 'confirmingRevoke' }) || s.matches({ ready: 'revoking' }) ? s.context.revoking : null;
export const selectRevoking = (s: Snap): boolean => s.matches({ ready: 'revoking' });
