import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { NavTotals, NavTotalsInput } from '../../src/api/services/lists';
import { inboxCountMachine } from '../../src/machines/inbox-count/inbox-count.machine';
import { navCountsMachine } from '../../src/machines/nav-counts/nav-counts.machine';

/**
 * The inbox's count next to "Inbox": a child of the navigation totals, counted when the team is
 * selected, again when the inbox says an item was acknowledged, and on a timer (channels send
 * without anybody doing anything here).
 */
const TOTALS: NavTotals = { orders: { all: 1 }, tours: { all: 0 } };

function start(counts: (number | null)[], poll = 60_000) {
  const asked: (string | null)[] = [];
  const logic = navCountsMachine.provide({
    actors: {
      loadTotals: fromPromise<NavTotals, NavTotalsInput>(async () => TOTALS),
      inboxCount: inboxCountMachine.provide({
        actors: {
          countInbox: fromPromise<number | null, { teamId: string | null }>(async ({ input }) => {
            asked.push(input.teamId);
            // the last answer again once the list is used up
            return counts.length > 1 ? counts.shift()! : counts[0];
          }),
        },
        delays: { poll },
      }),
    },
  });
  const actor = createActor(logic, { input: { teamId: 'vn', timezone: 'Asia/Ho_Chi_Minh' } }).start();
  const child = () => actor.getSnapshot().children.inboxCount as ActorRefFrom<typeof inboxCountMachine>;
  const total = () => child().getSnapshot().context.total;
  return { actor, asked, total };
}

describe('the inbox count in the navigation', () => {
  it('counts the team’s open items, and again when the inbox says one was acknowledged', async () => {
    const { actor, asked, total } = start([3, 2]);
    await vi.waitFor(() => expect(total()).toBe(3));
    actor.send({ type: 'counts.inbox' });
    await vi.waitFor(() => expect(total()).toBe(2));
    expect(asked).toEqual(['vn', 'vn']);
    // the orders' totals are not counted for it
    expect(actor.getSnapshot().hasTag('loading') && !actor.getSnapshot().matches('waiting')).toBe(false);
    actor.stop();
  });

  it('counts again on its own after a while', async () => {
    const { actor, asked, total } = start([1, 4], 30);
    await vi.waitFor(() => expect(total()).toBe(4));
    expect(asked.length).toBeGreaterThanOrEqual(2);
    actor.stop();
  });
});
