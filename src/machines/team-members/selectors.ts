import type { SnapshotFrom } from 'xstate';
import type { teamMembersMachine } from './team-members.machine';

/** Narrow reads of the Members page for its view. */
type Snap = SnapshotFrom<typeof teamMembersMachine>;

export const selectView = (s: Snap): 'loading' | 'failed' | 'list' =>
  s.matches('list') ? 'list' : s.matches('failed') ? 'failed' : 'loading';
/** No change under way: the controls take a new one. */
export const selectIdle = (s: Snap): boolean => s.matches({ list: 'idle' });
export const selectMay = (s: Snap) => s.context.may;
export const selectConfirming = (s: Snap) =>
  s.matches({ list: 'confirmingRemove' }) || s.matches({ list: 'removing' }) ? s.context.removing : null;
export const selectRemoving = (s: Snap): boolean => s.matches({ list: 'removing' });
export const selectInviting = (s: Snap): boolean => s.matches({ list: 'inviting' });
/** The role a member's select shows: the one being saved, else the stored one. */
export const selectChange = (s: Snap) => (s.matches({ list: 'changingRole' }) ? s.context.change : null);
export const selectRevokingId = (s: Snap) =>
  s.matches({ list: 'revoking' }) ? (s.context.revoking?.id ?? null) : null;
