import type { SnapshotFrom } from 'xstate';
import type { invitationMachine } from './invitation.machine';

/** Narrow reads of the invitation screen for its view. */
type Snap = SnapshotFrom<typeof invitationMachine>;

export type InvitationView = 'loading' | 'failed' | 'signedOut' | 'wrongAccount' | 'ready' | 'joined' | 'gone';

export const selectInvitationView = (s: Snap): InvitationView => {
  if (s.matches('accepting')) return 'ready';
  const value = s.value as string;
  return value === 'checking' ? 'loading' : (value as InvitationView);
};
export const selectAccepting = (s: Snap): boolean => s.matches('accepting');
export const selectInvitation = (s: Snap) => s.context.invitation;
