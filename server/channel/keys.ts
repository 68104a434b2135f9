import { createHash, randomBytes } from 'node:crypto';
import { otaLabel, type Ota } from '../../shared/otas';
import type { Operator } from '../repo/events';

/**
 * Channel API keys: `tdk_` and 32 random bytes (base64url). Only the SHA-256 of a key is stored;
 * the key itself is shown once, when it is created.
 */
export const KEY_PREFIX = 'tdk_';

export const newKeySecret = (): string => `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

export const hashKey = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The characters shown to tell keys apart ("tdk_AbCdEf"). */
export const keyPrefix = (secret: string): string => secret.slice(0, KEY_PREFIX.length + 6);

export const looksLikeKey = (token: string): boolean => token.startsWith(KEY_PREFIX);

/** Who calls with a channel key: its team and OTA. */
export interface ChannelCaller {
  keyId: string;
  keyName: string;
  teamId: string;
  channel: Ota;
}

/** How a channel's changes are signed in an Activity ("Klook (OCTO)"). */
export const channelOperator = (caller: ChannelCaller, via: 'OCTO' | 'API' = 'OCTO'): Operator => ({
  userId: `channel:${caller.keyId}`,
  name: `${otaLabel(caller.channel)} (${via})`,
});

/** When this process last recorded each key's use (ms): the database keeps it to the minute. */
const touched = new Map<string, number>();
const TOUCH_EVERY_MS = 60_000;

/**
 * Whether a use of the key now is worth writing down: at most once a minute per process (the
 * statement itself also skips a write within the minute, for the other instances), so a busy
 * channel's calls cost no write at all.
 */
export function dueForTouch(keyId: string, now = Date.now()): boolean {
  const last = touched.get(keyId);
  if (last !== undefined && now - last < TOUCH_EVERY_MS) return false;
  touched.set(keyId, now);
  return true;
}
