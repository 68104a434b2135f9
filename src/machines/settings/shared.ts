import type { ActorRef, Snapshot } from 'xstate';
import type { NotifyEvent } from '../notify';
import type { SessionEvent } from '../session/types';

/** What the settings machines share: SPEC section 8's texts and the way back to the session. */
export const SETTINGS_MESSAGES = {
  teamFetchFailed: 'Failed to fetch team data',
  teamNameFailed: 'Failed to update team name',
  teamNameSaved: 'Team name updated successfully',
  teamLogoSaved: 'Team logo updated successfully',
  teamLogoFailed: 'Failed to update team logo',
  profileNameFailed: 'Failed to update profile name',
  avatarSaved: 'AvatarUrl updated successfully',
} as const;

/** The session events settings send, so the name or avatar changes everywhere at once. */
export type SessionPatchEvent = Extract<SessionEvent, { type: 'user.patched' | 'team.patched' }>;
export type SessionPatchRef = ActorRef<Snapshot<unknown>, SessionPatchEvent>;

export type Notice = Omit<NotifyEvent, 'type'>;

/** A saved name: non-empty after trimming, and different from the stored one. */
export function isNewName(draft: string, stored: string): boolean {
  const name = draft.trim();
  return name !== '' && name !== stored;
}
