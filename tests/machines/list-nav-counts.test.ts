import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import {
  countNavTotals,
  countOrdersDaily,
  countOrdersTotal,
  countToursTotal,
  type NavTotals,
} from '../../src/api/services/lists';
import { navCountsMachine } from '../../src/machines/nav-counts/nav-counts.machine';
import { FILTERS } from './list-fakes';

afterEach(() => vi.restoreAllMocks());

const totals = (n: number): NavTotals => ({ orders: { all: n, pending: 1 }, tours: { all: 2 } });

describe('navigation totals', () => {
  it('loads the totals of its team and re-fetches them on counts.refresh', async () => {
    const seen: Array<string | null> = [];
    let n = 0;
    const logic = navCountsMachine.provide({
      actors: {
        loadTotals: fromPromise(async ({ input }: { input: { teamId: string | null } }) => {
          seen.push(input.teamId);
          return totals(++n);
        }),
      },
    });
    const actor = createActor(logic, { input: { teamId: 'vn' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.totals.orders.all).toBe(1);
    actor.send({ type: 'counts.refresh' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.totals.orders.all).toBe(2);
    expect(seen).toEqual(['vn', 'vn']);
  });

  it('a refresh while loading starts over: the totals shown are the newest', async () => {
    const answers: Array<(t: NavTotals) => void> = [];
    const logic = navCountsMachine.provide({
      actors: {
        loadTotals: fromPromise<NavTotals, { teamId: string | null }>(
          () => new Promise((resolve) => answers.push(resolve)),
        ),
      },
    });
    const actor = createActor(logic, { input: { teamId: 'vn' } }).start();
    actor.send({ type: 'counts.refresh' });
    expect(answers).toHaveLength(2);
    answers[0](totals(1)); // the stale answer lands nowhere
    answers[1](totals(2));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.totals.orders.all).toBe(2);
  });

  it('keeps going when the totals cannot be fetched', async () => {
    const logic = navCountsMachine.provide({
      actors: {
        loadTotals: fromPromise<NavTotals, { teamId: string | null }>(async () => {
          throw new Error('down');
        }),
      },
    });
    const actor = createActor(logic, { input: { teamId: 'vn' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toEqual(expect.any(String));
    expect(actor.getSnapshot().can({ type: 'counts.refresh' })).toBe(true);
  });

  it('without a team id: a warning is logged and 0 shown (SPEC section 5), nothing is asked', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = vi.spyOn(globalThis, 'fetch');
    await expect(countOrdersTotal(null, 'pending')).resolves.toBe(0);
    await expect(countToursTotal(null, null)).resolves.toBe(0);
    const all = await toPromise(createActor(countNavTotals, { input: { teamId: null } }).start());
    expect(Object.values(all.orders).every((v) => v === 0)).toBe(true);
    expect(Object.keys(all.orders)).toEqual(['all', 'new-added', 'pending', 'issues', 'cancel-requested', 'canceled']);
    expect(Object.keys(all.tours)).toEqual(['all', 'arranged', 'grouped', 'completed', 'today', 'tomorrow']);
    expect(warn).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('day counts are not asked without a date range or with a search (the endpoint knows neither)', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const input = { teamId: 'vn', view: null };
    await expect(
      toPromise(
        createActor(countOrdersDaily, { input: { ...input, filters: { ...FILTERS, startDate: null } } }).start(),
      ),
    ).resolves.toEqual([]);
    await expect(
      toPromise(
        createActor(countOrdersDaily, { input: { ...input, filters: { ...FILTERS, search: 'VN-000001' } } }).start(),
      ),
    ).resolves.toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
