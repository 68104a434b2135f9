import type { ChannelKey, CreatedKey, KeyOutcome } from '../../api/services/channel-keys';
import type { Ota } from '../../domain/statuses';
import type { SettingsOwnerRef } from '../settings-dialog/shared';

/** The Connections page's input, context and events. */
export type { ChannelKey, CreatedKey, KeyOutcome };

export interface ChannelKeysInput {
  teamId: string;
  /** The team's timezone: the dates of the list are read in it. */
  timezone: string;
  /** The app's origin (`window.location.origin`): the base URL a reseller calls is under it. */
  origin: string;
  /**
   * The settings dialog, told whether a new key's name is typed and not created, and whether a new
   * key's secret is on its way or on screen and not copied (closing the dialog then asks first).
   */
  owner?: SettingsOwnerRef;
}

export interface KeyDraft {
  name: string;
  channel: Ota;
}

export interface ChannelKeysContext {
  teamId: string;
  owner?: SettingsOwnerRef;
  timezone: string;
  /** `${origin}/octo`. */
  baseUrl: string;
  keys: ChannelKey[];
  draft: KeyDraft;
  /** What is wrong with the name (as typed, or as the server refused it). */
  fieldError: string | null;
  /** The page's failure in place: the list did not load, a create or revoke failed or was refused. */
  error: string | null;
  /** The key just created, with its secret: kept only while the secret is on screen. */
  created: CreatedKey | null;
  /** The key whose revocation is being confirmed or sent. */
  revoking: ChannelKey | null;
}

export type ChannelKeysEvent =
  | { type: 'keys.retry' }
  | { type: 'keys.name'; name: string }
  | { type: 'keys.channel'; channel: Ota }
  | { type: 'keys.create' }
  | { type: 'keys.revoke'; id: string }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' }
  | { type: 'secret.copy' }
  | { type: 'secret.close' }
  /** Answers to "close without copying?" (the secret cannot be shown again). */
  | { type: 'secret.stay' }
  | { type: 'secret.discard' };
