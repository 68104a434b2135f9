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

/** The session events settings send, so the name or avatar changes everywhere at once (and the
 *  user's teams load again when their own role changed). */
export type SessionPatchEvent = Extract<SessionEvent, { type: 'user.patched' | 'team.patched' | 'session.refresh' }>;
export type SessionPatchRef = ActorRef<Snapshot<unknown>, SessionPatchEvent>;

export type Notice = Omit<NotifyEvent, 'type'>;

/** A saved name: non-empty after trimming, and different from the stored one. */
export function isNewName(draft: string, stored: string): boolean {
  const name = draft.trim();
  return name !== '' && name !== stored;
}

type Picked = { event: { file: File } };

/** A picked image: refused at once (the page's `refused` guard and `notifyRefused` toast, from
 *  src/domain/uploads.ts), or kept and handed to the upload child in `uploading`. */
export const pickImage = [
  {
    guard: { type: 'refused', params: ({ event }: Picked) => ({ file: event.file }) },
    actions: { type: 'notifyRefused', params: ({ event }: Picked) => ({ file: event.file }) },
  },
  { target: 'uploading', actions: { type: 'keepFile', params: ({ event }: Picked) => ({ file: event.file }) } },
] as const;

/**
 * What a settings page may hold that leaving would lose: the Team page's name typed and not saved,
 * the Members page's invitation typed and not sent, the Connections page's new key's name typed and
 * not created, and a new key's secret on its way or on screen and not copied (it is shown once).
 */
export type SettingsDraft = 'team' | 'invite' | 'key' | 'secret';

/** A settings page's report to the dialog: one of its drafts holds work that is not saved (or no longer does). */
export interface SettingsUnsaved {
  type: 'settings.unsaved';
  draft: SettingsDraft;
  unsaved: boolean;
}
/** The dialog, as a page that reports its draft knows it (absent when the page runs on its own). */
export type SettingsOwnerRef = ActorRef<Snapshot<unknown>, SettingsUnsaved>;
