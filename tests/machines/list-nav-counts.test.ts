import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import {
  countNavTotals,
  countOrdersTotal,
  countToursTotal,
  type NavTotals,
  type NavTotalsInput,
} from '../../src/api/services/lists';
import { areaFilters, areaSearch, screenScope, type CountScope } from '../../src/domain/nav-scope';
import { navCountsMachine } from '../../src/machines/nav-counts/nav-counts.machine';
import { FILTERS } from './list-fakes';

afterEach(() => vi.restoreAllMocks());

const totals = (n: number): NavTotals => ({ orders: { all: n, pending: 1 }, tours: { all: 2 } });
const NOW = Date.parse('2026-03-05T00:00:00Z');
const INPUT = { teamId: 'vn', timezone: 'Asia/Ho_Chi_Minh' };
/** The orders list of March filtered on Klook, searching "nguyen", by booking date, canceled only. */
const SCOPE: CountScope = screenScope(
  'orders',
  { ...FILTERS, ota: 'KLOOK', search: 'nguyen', basis: 'booking', status: 'canceled', sort: 'BOOKED_AT_DESC' },
  'Asia/Ho_Chi_Minh',
  NOW,
);

describe('navigation totals', () => {
  it('count the default month first, then what each list says, keeping it across plain refreshes', async () => {
    const seen: NavTotalsInput[] = [];
    let n = 0;
    const logic = navCountsMachine.provide({
      actors: {
        loadTotals: fromPromise(async ({ input }: { input: NavTotalsInput }) => {
          seen.push(input);
          return totals(++n);
        }),
      },
    });
    const actor = createActor(logic, { input: INPUT }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.totals.orders.all).toBe(1);
    actor.send({ type: 'counts.refresh', scope: SCOPE });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    // a move elsewhere: counted again under the same scope
    actor.send({ type: 'counts.refresh' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.totals.orders.all).toBe(3);
    expect(seen.map((i) => i.scope)).toEqual([null, SCOPE, SCOPE]);
    expect(seen.every((i) => i.teamId === 'vn' && i.timezone === 'Asia/Ho_Chi_Minh')).toBe(true);
  });

  it('a refresh while loading starts over: the totals shown are the newest', async () => {
    const answers: Array<(t: NavTotals) => void> = [];
    const logic = navCountsMachine.provide({
      actors: {
        loadTotals: fromPromise<NavTotals, NavTotalsInput>(() => new Promise((resolve) => answers.push(resolve))),
      },
    });
    const actor = createActor(logic, { input: INPUT }).start();
    actor.send({ type: 'counts.refresh', scope: SCOPE });
    expect(answers).toHaveLength(2);
    answers[0](totals(1)); // the stale answer lands nowhere
    answers[1](totals(2));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.totals.orders.all).toBe(2);
    expect(actor.getSnapshot().context.scope).toBe(SCOPE);
  });

  it('keeps going when the totals cannot be fetched', async () => {
    const logic = navCountsMachine.provide({
      actors: {
        loadTotals: fromPromise<NavTotals, NavTotalsInput>(async () => {
          throw new Error('down');
        }),
      },
    });
    const actor = createActor(logic, { input: INPUT }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toEqual(expect.any(String));
    expect(actor.getSnapshot().can({ type: 'counts.refresh' })).toBe(true);
  });

  it('without a team id: a warning is logged and 0 shown (SPEC section 5), nothing is asked', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = vi.spyOn(globalThis, 'fetch');
    await expect(countOrdersTotal(null, 'pending', FILTERS)).resolves.toBe(0);
    await expect(countToursTotal(null, null, FILTERS)).resolves.toBe(0);
    const all = await toPromise(
      createActor(countNavTotals, { input: { teamId: null, timezone: 'UTC', scope: null } }).start(),
    );
    expect(Object.values(all.orders).every((v) => v === 0)).toBe(true);
    expect(Object.keys(all.orders)).toEqual(['all', 'new-added', 'pending', 'issues', 'cancel-requested', 'canceled']);
    expect(Object.keys(all.tours)).toEqual(['all', 'arranged', 'grouped', 'completed', 'today', 'tomorrow']);
    expect(warn).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the scope of the totals', () => {
  it("orders count the orders list's range, OTA, search and basis, never its status filter or sort", () => {
    expect(areaFilters(SCOPE, 'orders')).toEqual({
      ...FILTERS,
      ota: 'KLOOK',
      search: 'nguyen',
      basis: 'booking',
      status: null,
      sort: 'DEPARTURE_AT_ASC',
    });
  });

  it('tours count the range alone, whichever list set it', () => {
    const tours = screenScope('tours', { ...FILTERS, search: 'T-000001', status: 'grouped' }, 'UTC', NOW);
    for (const scope of [SCOPE, tours]) {
      expect(areaFilters(scope, 'tours')).toEqual({
        ...scope.defaults,
        startDate: FILTERS.startDate,
        endDate: FILTERS.endDate,
      });
    }
    expect(areaFilters(tours, 'orders').search).toBe('');
  });

  it('links carry what their totals count, and nothing when that is the default month', () => {
    expect(areaSearch(SCOPE, 'orders')).toBe('?basis=booking&ota=KLOOK&q=nguyen');
    expect(areaSearch(SCOPE, 'tours')).toBe('');
    const april = screenScope('orders', { ...FILTERS, startDate: '2026-04-01', endDate: '2026-04-30' }, 'UTC', NOW);
    expect(areaSearch(april, 'tours')).toBe('?from=2026-04-01&to=2026-04-30');
    const all = screenScope('orders', { ...FILTERS, startDate: null, endDate: null }, 'UTC', NOW);
    expect(areaSearch(all, 'orders')).toBe('?dates=all');
    expect(areaSearch(null, 'orders')).toBe('');
  });
});
