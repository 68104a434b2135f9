import { badRequest, conflict } from './errors';
import type { Price } from '../repo/orders';

/** Checks shared by the write handlers (beyond what the contract validates). */
export function checkPrices(prices: Price[] | undefined, what: string): void {
  if (!prices) return;
  for (const p of prices) {
    if (!Number.isFinite(p.amount) || p.amount < 0) throw badRequest(`${what}: price ${p.type} must be an amount >= 0`);
    if (!p.type.trim()) throw badRequest(`${what}: a price needs a type`);
  }
}

export function checkTimestamp(value: string | undefined, what: string): void {
  if (value !== undefined && Number.isNaN(Date.parse(value))) throw badRequest(`${what}: invalid timestamp`);
}

export function checkUnique(ids: string[], what: string): void {
  if (new Set(ids).size !== ids.length) throw badRequest(`Duplicate ${what} in the request`);
}

/** 409 listing the items whose stored version differs from the one the write was based on. */
export function checkVersions(
  items: { id: string; version?: number }[],
  stored: Map<string, { version: number }>,
): void {
  const stale = items.filter((i) => i.version !== undefined && stored.get(i.id)?.version !== i.version);
  if (stale.length > 0) {
    throw conflict(`Stale version for ${stale.map((i) => i.id).join(', ')}: reload and try again`);
  }
}
