import type { Db } from '../db/client';
import type { ChannelProductRow } from '../repo/channel-products';

/**
 * The products this process has read for reserves, per database, with their fingerprints (migration
 * 019): a reserve of a known product sends the fingerprint instead of reading the product first, and
 * the database refuses it as stale when the product changed since (through any instance), so an entry
 * is never trusted, only tried. Small: at most MAX entries, the oldest dropped first.
 */
export interface KnownProduct {
  product: ChannelProductRow;
  fingerprint: string;
}

const MAX = 1000;
const caches = new WeakMap<Db, Map<string, KnownProduct>>();

function cacheOf(db: Db): Map<string, KnownProduct> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

const keyOf = (teamId: string, productId: string) => `${teamId}\u0000${productId}`;

export function knownProduct(db: Db, teamId: string, productId: string): KnownProduct | undefined {
  return cacheOf(db).get(keyOf(teamId, productId));
}

export function rememberProduct(db: Db, known: KnownProduct): void {
  const cache = cacheOf(db);
  const key = keyOf(known.product.teamId, known.product.id);
  cache.delete(key);
  if (cache.size >= MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, known);
}

export function forgetProduct(db: Db, teamId: string, productId: string): void {
  cacheOf(db).delete(keyOf(teamId, productId));
}
