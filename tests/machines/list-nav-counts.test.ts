import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import {
  countNavTotals,
  countOrdersTotal,
  countToursTotal,
  type NavTotals,
  type NavTotalsInput,
} from '../../src/api/services/lists';
import { defaultListFilters } from '../../src/domain/list-filters';
import { areaFilters, areaSearch, screenScope, type CountScope } from '../../src/domain/nav-scope';
import { FIRST_COUNT_MS, navCountsMachine } from '../../src/machines/nav-counts/nav-counts.machine';
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

/** The totals over a count that records what it was asked (its answer: how many were asked so far). */
function counting() {
  const seen: NavTotalsInput[] = [];
  const logic = navCountsMachine.provide({
    actors: {
      loadTotals: fromPromise(async ({ input }: { input: NavTotalsInput }) => {
        seen.push(input);
        return totals(seen.length);
      }),
    },
  });
  return { logic, seen, scopes: () => seen.map((input) => input.scope) };
}

describe('navigation totals', () => {
  it('count the default month once the first screen had its time, then what each list says, keeping it across plain refreshes', async () => {
    vi.useFakeTimers();
    try {
      const { logic, seen, scopes } = counting();
      const actor = createActor(logic, { input: INPUT }).start();
      // no list says what it shows: nothing is asked while the first screen renders
      await vi.advanceTimersByTimeAsync(FIRST_COUNT_MS - 1);
      expect(seen).toEqual([]);
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      await waitFor(actor, (s) => s.matches('ready'));
      expect(actor.getSnapshot().context.totals.orders.all).toBe(1);
      actor.send({ type: 'counts.refresh', scope: SCOPE });
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      await waitFor(actor, (s) => s.matches('ready'));
      // a move elsewhere: counted again under the same scope
      actor.send({ type: 'counts.refresh' });
      await waitFor(actor, (s) => s.matches('ready'));
      expect(actor.getSnapshot().context.totals.orders.all).toBe(3);
      expect(scopes()).toEqual([null, SCOPE, SCOPE]);
      expect(seen.every((i) => i.teamId === 'vn' && i.timezone === 'Asia/Ho_Chi_Minh')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('count the default month again when the list that scoped them leaves the screen, whichever comes first', async () => {
    const { logic, scopes } = counting();
    const actor = createActor(logic, { input: INPUT }).start();
    const other = screenScope('orders', { ...FILTERS, search: 'olivia' }, 'Asia/Ho_Chi_Minh', NOW);
    // list A on screen, then another page: back to the default month
    actor.send({ type: 'counts.refresh', scope: SCOPE, owner: 'A' });
    actor.send({ type: 'counts.release', owner: 'A' });
    expect(actor.getSnapshot().context).toMatchObject({ scope: null, owner: null });
    // list A, then list B whose scope lands before A's release: B's scope stays
    actor.send({ type: 'counts.refresh', scope: SCOPE, owner: 'A' });
    actor.send({ type: 'counts.refresh', scope: other, owner: 'B' });
    actor.send({ type: 'counts.release', owner: 'A' });
    expect(actor.getSnapshot().context).toMatchObject({ scope: other, owner: 'B' });
    // the other order: A's release first (the default month a moment), then B's scope
    actor.send({ type: 'counts.release', owner: 'B' });
    actor.send({ type: 'counts.refresh', scope: SCOPE, owner: 'A' });
    expect(actor.getSnapshot().context).toMatchObject({ scope: SCOPE, owner: 'A' });
    // a plain recount (rows moved) keeps the scope and its owner
    actor.send({ type: 'counts.refresh' });
    expect(actor.getSnapshot().context).toMatchObject({ scope: SCOPE, owner: 'A' });
    await waitFor(actor, (s) => s.matches('ready'));
    // (A's late release asked nothing)
    // the first list's scope started the first count at once
    expect(scopes()).toEqual([SCOPE, null, SCOPE, other, null, SCOPE, SCOPE]);
    expect(actor.getSnapshot().context.totals.orders.all).toBe(7);
  });

  it('a list that opens on what they already count (the default month) asks nothing again', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    try {
      const { logic, scopes } = counting();
      // another screen first (products, say): the default month
      const actor = createActor(logic, { input: INPUT }).start();
      await vi.advanceTimersByTimeAsync(FIRST_COUNT_MS);
      await waitFor(actor, (s) => s.matches('ready'));
      const month = screenScope('orders', defaultListFilters(INPUT.timezone, NOW), INPUT.timezone, NOW);
      // then the orders list on the default month, and a status filter (each view is a status):
      // the list takes the scope, nothing is counted again
      actor.send({ type: 'counts.refresh', scope: month, owner: 'A' });
      actor.send({
        type: 'counts.refresh',
        scope: { ...month, filters: { ...month.filters, status: 'pending' } },
        owner: 'A',
      });
      expect(actor.getSnapshot().context).toMatchObject({ scope: { kind: 'orders' }, owner: 'A' });
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      expect(scopes()).toEqual([null]);
      // a search counts again; so does a plain refresh (rows moved) under the same scope
      const searched = { ...month, filters: { ...month.filters, search: 'nguyen' } };
      actor.send({ type: 'counts.refresh', scope: searched, owner: 'A' });
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'counts.refresh' });
      await waitFor(actor, (s) => s.matches('ready'));
      expect(scopes()).toEqual([null, searched, searched]);
      expect(actor.getSnapshot().context.totals.orders.all).toBe(3);
    } finally {
      vi.useRealTimers();
    }
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
    actor.send({ type: 'counts.refresh' });
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

  it('links carry what their totals count but the search, and nothing when that is the default month', () => {
    // the totals count "nguyen"; a link opens its view with the range and filters, never the search
    expect(areaFilters(SCOPE, 'orders').search).toBe('nguyen');
    expect(areaSearch(SCOPE, 'orders')).toBe('?basis=booking&ota=KLOOK');
    const searched = screenScope(
      'orders',
      { ...FILTERS, startDate: null, endDate: null, search: 'olivia' },
      'UTC',
      NOW,
    );
    expect(areaSearch(searched, 'orders')).toBe('?dates=all');
    expect(areaSearch(SCOPE, 'tours')).toBe('');
    const april = screenScope('orders', { ...FILTERS, startDate: '2026-04-01', endDate: '2026-04-30' }, 'UTC', NOW);
    expect(areaSearch(april, 'tours')).toBe('?from=2026-04-01&to=2026-04-30');
    const all = screenScope('orders', { ...FILTERS, startDate: null, endDate: null }, 'UTC', NOW);
    expect(areaSearch(all, 'orders')).toBe('?dates=all');
    expect(areaSearch(null, 'orders')).toBe('');
  });
});
