import { fromPromise, type AnyActorLogic, type AnyEventObject } from 'xstate';
import { vi } from 'vitest';
import type { Order, Tour } from '../../src/machines/list/types';
import { orderRecord, tourRecord } from './shared-fakes';

/** Test doubles for the tour actions and export machines: services throw unless a test says otherwise. */
export { done, failed, notFaked, type Synthetic } from './shared-fakes';

/** A service answering with `fn(input)`, with its calls recorded. */
export function fakeService<I, O>(fn: (input: I) => O | Promise<O>) {
  const calls: I[] = [];
  const logic = fromPromise<O, I>(async ({ input }) => {
    calls.push(input);
    return fn(input);
  });
  return { logic: logic as AnyActorLogic, calls };
}

export const order = (id: string, departureAt: string, over: Partial<Order> = {}): Order =>
  orderRecord({ id, departureAt, otaOrderId: `OTA-${id}`, bookedAt: departureAt, ...over });

export const tour = (id: string, over: Partial<Tour> = {}): Tour =>
  tourRecord({ id, displayId: `T-${id.padStart(6, '0')}`, departureAt: '2026-03-10T02:00:00.000Z', ...over });

export function quietConsole() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
}

/**
 * Replays a path on a real actor: services (by invoke id) wait until the path's synthetic
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` event resolves them; `xstate.after.*`
 * events advance the fake clock. Call with fake timers on.
 */
export function deferredServices(ids: readonly string[]) {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const actors = Object.fromEntries(
    ids.map((id) => [id, fromPromise(() => new Promise((resolve, reject) => pending.set(id, { resolve, reject })))]),
  );
  async function settle(event: AnyEventObject, advance: () => Promise<unknown>) {
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
  return { actors, settle, pending };
}
