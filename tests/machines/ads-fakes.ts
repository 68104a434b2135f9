import { fromPromise, type AnyEventObject } from 'xstate';
import type { Ad, AdGroup } from '../../src/domain/ads';

/** What the marketing machine tests share: ads and groups, and services that wait to be answered. */
export const TEAM = 't1';

export const ad = (id: string, tag: Ad['tag'] = 'active', title = `Ad ${id}`): Ad => ({
  id,
  teamId: TEAM,
  tag,
  title,
  imageUrl: `https://img.example.test/${id}.png`,
  linkUrl: null,
});

export const group = (
  id: string,
  tag: string | null,
  items: Ad[],
  frequency: AdGroup['frequency'] = 'daily',
): AdGroup => ({
  id,
  tag,
  teamId: TEAM,
  frequency,
  items,
});

/**
 * Services that remember each request (`calls`, in order) and wait until the test replays the
 * synthetic `xstate.done.actor.<id>` / `xstate.error.actor.<id>` event with `settle`.
 */
export function recordingServices(ids: readonly string[]) {
  const calls: { service: string; input: unknown }[] = [];
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const actors = Object.fromEntries(
    ids.map((id) => [
      id,
      fromPromise<unknown, unknown>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push({ service: id, input });
            pending.set(id, { resolve, reject });
          }),
      ),
    ]),
  );
  /** Answers the running request the event names; false when the event is no answer. */
  async function settle(event: AnyEventObject, advance: () => Promise<unknown>): Promise<boolean> {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) return false;
    const waiting = pending.get(match[2]);
    if (!waiting) throw new Error(`${match[2]} is not running, cannot replay ${event.type}`);
    pending.delete(match[2]);
    if (match[1] === 'done') waiting.resolve((event as { output?: unknown }).output);
    else waiting.reject((event as { error?: unknown }).error);
    await advance();
    return true;
  }
  return { actors, calls, pending, settle };
}
