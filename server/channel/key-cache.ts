import type { Db } from '../db/client';
import { keyByHash, type KeyByHash } from '../repo/channel-keys';

/**
 * Channel keys this process found lately, by hash, so that a busy channel's calls (two per booking)
 * skip the lookup. Only keys in use are kept, for a few seconds: a key revoked on this instance
 * stops working at once (forgetKey), one revoked on another instance within KEY_CACHE_MS; an
 * unknown key is looked up every time, so a key works as soon as it is created.
 */
export const KEY_CACHE_MS = 5_000;
const MAX_KEYS = 10_000;
const known = new Map<string, { key: KeyByHash; until: number }>();

export async function findKey(db: Db, hash: string, now = Date.now()): Promise<KeyByHash | undefined> {
  const hit = known.get(hash);
  if (hit && now < hit.until) return hit.key;
  const key = await keyByHash(db, hash);
  if (!key || key.revoked) {
    known.delete(hash);
    return key;
  }
  if (known.size >= MAX_KEYS) known.clear();
  known.set(hash, { key, until: now + KEY_CACHE_MS });
  return key;
}

/** Forgets a key (revoked here). */
export function forgetKey(id: string): void {
  for (const [hash, hit] of known) if (hit.key.id === id) known.delete(hash);
}
