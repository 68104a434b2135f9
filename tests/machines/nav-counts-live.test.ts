import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { LiveStreamEvent, LiveStreamInput } from '../../src/api/live-stream';
import type { NavTotals, NavTotalsInput } from '../../src/api/services/lists';
import { inboxCountMachine } from '../../src/machines/inbox-count/inbox-count.machine';
import { liveMachine } from '../../src/machines/live/live.machine';
import type { LiveChange } from '../../src/machines/live/types';
import { FIRST_COUNT_MS, LIVE_RECOUNT_MS, navCountsMachine } from '../../src/machines/nav-counts/nav-counts.machine';

/**
 * The navigation totals and the inbox count follow what anybody changes (the session's live
 * stream, here a real live actor over a silent connection): a burst of changes counts once, after
 * LIVE_RECOUNT_MS, and only what the changes concern.
 */
const change = (topic: LiveChange['topic']): LiveChange => ({
  topic,
  op: 'update',
  ids: ['x'],
  at: '2026-11-26T10:00:00.000Z',
  by: null,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start() {
  const totals: NavTotalsInput[] = [];
  let inbox = 0;
  const stream = fromCallback<{ type: 'live.noop' }, LiveStreamInput, LiveStreamEvent>(() => undefined);
  const live = createActor(liveMachine.provide({ actors: { stream } }), { input: { teamId: 'vn' } }).start();
  const counts = createActor(
    navCountsMachine.provide({
      actors: {
        loadTotals: fromPromise<NavTotals, NavTotalsInput>(async ({ input }) => {
          totals.push(input);
          return { orders: { all: totals.length }, tours: {} };
        }),
        inboxCount: inboxCountMachine.provide({
          actors: { countInbox: fromPromise<number | null, { teamId: string | null }>(async () => ++inbox) },
        }),
      },
    }),
    { input: { teamId: 'vn', timezone: 'UTC', live: () => live } },
  ).start();
  let cursor = 0;
  const push = (topic: LiveChange['topic']) =>
    live.send({ type: 'live.change', change: change(topic), cursor: String(++cursor) });
  return { live, counts, push, totals: () => totals.length, inbox: () => inbox };
}

describe('the navigation totals follow the live stream', () => {
  it('counts the totals once for a burst of order and tour changes, after the window', async () => {
    const s = start();
    // no list on screen: the default month once the first screen had its time
    await vi.advanceTimersByTimeAsync(FIRST_COUNT_MS);
    expect([s.totals(), s.inbox()]).toEqual([1, 1]);
    s.push('orders');
    s.push('tours');
    await vi.advanceTimersByTimeAsync(LIVE_RECOUNT_MS - 100);
    s.push('orders');
    expect(s.totals()).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect([s.totals(), s.inbox()]).toEqual([2, 1]);
    expect(s.counts.getSnapshot().context.totals.orders.all).toBe(2);
    // e-mails and bookings move no total
    s.push('emails');
    await vi.advanceTimersByTimeAsync(LIVE_RECOUNT_MS * 2);
    expect([s.totals(), s.inbox()]).toEqual([2, 1]);
    s.counts.stop();
    s.live.stop();
  });

  it('counts the inbox again for inbox changes, and everything after a reset', async () => {
    const s = start();
    // no list on screen: the default month once the first screen had its time
    await vi.advanceTimersByTimeAsync(FIRST_COUNT_MS);
    s.push('inbox');
    await vi.advanceTimersByTimeAsync(LIVE_RECOUNT_MS);
    expect([s.totals(), s.inbox()]).toEqual([1, 2]);
    s.live.send({ type: 'live.reset', reason: 'cursor too old' });
    await vi.advanceTimersByTimeAsync(LIVE_RECOUNT_MS);
    expect([s.totals(), s.inbox()]).toEqual([2, 3]);
    s.counts.stop();
    s.live.stop();
  });
});
