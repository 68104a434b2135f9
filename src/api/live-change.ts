import type { components } from './schema';

/** One change of the team's live stream (`GET /api/v1/events`, event `change`), as the contract has it. */
export type LiveChange = components['schemas']['LiveChange'];
export type LiveTopic = LiveChange['topic'];
export type LiveOp = LiveChange['op'];

const TOPICS: readonly string[] = ['orders', 'tours', 'inbox', 'emails', 'bookings'];
const OPS: readonly string[] = ['insert', 'update', 'delete'];

/** A change as parsed from a message's data, or null when it is not one (a newer server's topic). */
export function parseLiveChange(data: string): LiveChange | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const change = value as Partial<LiveChange> | null;
  if (!change || typeof change !== 'object') return null;
  if (!TOPICS.includes(change.topic as string) || !OPS.includes(change.op as string)) return null;
  if (!Array.isArray(change.ids) || typeof change.at !== 'string') return null;
  return { ...change, by: change.by ?? null } as LiveChange;
}
