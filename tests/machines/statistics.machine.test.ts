import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { STATISTICS_FAILED, statisticsMachine } from '../../src/machines/statistics/statistics.machine';
import { selectCanRetry, selectError, selectMode } from '../../src/machines/statistics/selectors';
import type { StatisticsInput } from '../../src/machines/statistics/types';
import { answerFor, deferredLoad, monthFigures, settle } from './statistics-fakes';
import { answerWith, json, requests, resetClient } from './fake-client';

vi.mock('../../src/api/client', async (importOriginal) =>
  (await import('./fake-client')).clientOver(await importOriginal()),
);
const { loadMonthStatistics } = await import('../../src/api/services/statistics');

/** The statistics screen's behaviour beyond one step at a time (statistics.model.test.ts). */
const input: StatisticsInput = {
  teamId: 'team-vn',
  timezone: 'Asia/Ho_Chi_Minh',
  search: '',
  now: Date.parse('2026-11-25T05:00:00Z'),
};

function screen(over: Partial<StatisticsInput> = {}) {
  const load = deferredLoad();
  const navigations: string[] = [];
  const toasts: string[] = [];
  const actor = createActor(
    statisticsMachine.provide({
      actors: { load: load.logic },
      actions: { navigate: (_, params) => void navigations.push(params.to) },
    }),
    { input: { ...input, ...over } },
  );
  actor.on('notify', (e) => toasts.push(e.message));
  actor.start();
  const answer = async (i: number) => {
    load.calls[i].resolve(answerFor(load.calls[i].input));
    await settle();
  };
  return { actor, calls: load.calls, navigations, toasts, answer };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  resetClient();
});
afterEach(() => vi.restoreAllMocks());

describe('the statistics screen', () => {
  it("opens on the team's current month by departure date, as of its clock reading", async () => {
    // 30 Nov 20:00 UTC is already December in Ho Chi Minh City
    const s = screen({ now: Date.parse('2026-11-30T20:00:00Z') });
    expect(s.calls.map((c) => c.input)).toEqual([{ teamId: 'team-vn', month: '2026-12', basis: 'departure' }]);
    expect(s.actor.getSnapshot().hasTag('loading')).toBe(true);
    await s.answer(0);
    expect(s.actor.getSnapshot().value).toBe('ready');
    expect(s.actor.getSnapshot().context.current).toEqual(monthFigures('2026-12'));
    expect(s.actor.getSnapshot().context.previous).toEqual(monthFigures('2026-11'));
  });

  it('opens on the period of its URL, and says which values it dropped', () => {
    const s = screen({ search: '?month=2025-02&basis=booking' });
    expect(s.calls[0].input).toEqual({ teamId: 'team-vn', month: '2025-02', basis: 'booking' });
    const odd = screen({ search: '?month=02-2025' });
    expect(odd.calls[0].input.month).toBe('2026-11');
    expect(odd.actor.getSnapshot().context.notices).toEqual([
      'Ignored the month "02-2025": months are written YYYY-MM. Showing the current month.',
    ]);
    // a change asked for here writes a clean URL: nothing left to warn about
    odd.actor.send({ type: 'period.basis', basis: 'booking' });
    expect(odd.actor.getSnapshot().context.notices).toEqual([]);
    expect(odd.navigations).toEqual(['/statistics?basis=booking']);
  });

  it('two quick changes: both URLs are written, the echo of the first does not step back, the newest answer wins', async () => {
    const s = screen();
    await s.answer(0);
    s.actor.send({ type: 'period.next' });
    s.actor.send({ type: 'period.next' });
    expect(s.navigations).toEqual(['/statistics?month=2026-12', '/statistics?month=2027-01']);
    expect(s.calls.map((c) => c.input.month)).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(s.calls[1].signal.aborted).toBe(true);
    // the router catches up: first the one, then the other
    s.actor.send({ type: 'url.changed', search: '?month=2026-12' });
    s.actor.send({ type: 'url.changed', search: '?month=2027-01' });
    expect(s.calls).toHaveLength(3);
    expect(s.actor.getSnapshot().context.query.month).toBe('2027-01');
    // the abandoned request answers late: nothing changes
    await s.answer(1);
    expect(s.actor.getSnapshot().hasTag('loading')).toBe(true);
    await s.answer(2);
    expect(s.actor.getSnapshot().context.current?.month).toBe('2027-01');
  });

  it('follows the back button to another period, and a URL with the same period changes nothing', async () => {
    const s = screen();
    await s.answer(0);
    s.actor.send({ type: 'period.previous' });
    s.actor.send({ type: 'url.changed', search: '?month=2026-10' });
    await s.answer(1);
    s.actor.send({ type: 'url.changed', search: '' }); // back
    expect(s.calls.map((c) => c.input.month)).toEqual(['2026-11', '2026-10', '2026-11']);
    expect(s.navigations).toEqual(['/statistics?month=2026-10']);
    await s.answer(2);
    s.actor.send({ type: 'url.changed', search: '?month=2026-11&basis=departure' });
    expect(s.calls).toHaveLength(3);
    expect(s.actor.getSnapshot().value).toBe('ready');
  });

  it('refuses a month that is not one, or the one shown', async () => {
    const s = screen();
    await s.answer(0);
    for (const month of ['', '2026-13', '2026-11']) {
      expect(s.actor.getSnapshot().can({ type: 'period.month', month })).toBe(false);
      s.actor.send({ type: 'period.month', month });
    }
    expect(s.calls).toHaveLength(1);
    expect(s.navigations).toEqual([]);
    s.actor.send({ type: 'period.month', month: '2024-02' });
    expect(s.navigations).toEqual(['/statistics?month=2024-02']);
  });

  it("a failed load shows and toasts 'Failed to fetch order counts'; Retry loads the same period again", async () => {
    const s = screen({ search: '?basis=booking' });
    s.calls[0].reject(new Error('offline'));
    await settle();
    expect(selectError(s.actor.getSnapshot())).toBe(STATISTICS_FAILED);
    expect(s.toasts).toEqual([STATISTICS_FAILED]);
    expect(selectCanRetry(s.actor.getSnapshot())).toBe(true);
    s.actor.send({ type: 'stats.retry' });
    expect(selectError(s.actor.getSnapshot())).toBeNull();
    expect(s.calls.map((c) => c.input)).toEqual([
      { teamId: 'team-vn', month: '2026-11', basis: 'booking' },
      { teamId: 'team-vn', month: '2026-11', basis: 'booking' },
    ]);
    await s.answer(1);
    expect(s.actor.getSnapshot().value).toBe('ready');
    expect(s.toasts).toHaveLength(1);
  });

  it('opens the orders behind a bar or a slice: its day and channel, the month shown and its basis', async () => {
    const s = screen({ search: '?basis=booking' });
    // nothing to open before the figures are shown
    s.actor.send({ type: 'orders.open', ota: 'KLOOK', day: '2026-11-02' });
    expect(s.navigations).toEqual([]);
    await s.answer(0);
    s.actor.send({ type: 'orders.open', ota: 'KLOOK', day: '2026-11-02' });
    s.actor.send({ type: 'orders.open', ota: 'MPG', day: null });
    expect(s.navigations).toEqual([
      '/orders?from=2026-11-02&to=2026-11-02&basis=booking&ota=KLOOK',
      '/orders?from=2026-11-01&to=2026-11-30&basis=booking&ota=MPG',
    ]);
  });

  it('shows each chart as a chart or as a table, whatever the period does', async () => {
    const s = screen();
    s.actor.send({ type: 'chart.mode', chart: 'share', mode: 'table' });
    s.actor.send({ type: 'period.next' });
    await s.answer(1);
    const snap = s.actor.getSnapshot();
    expect(['daily', 'share', 'passengers', 'revenue'].map((c) => selectMode(c as never)(snap))).toEqual([
      'chart',
      'table',
      'chart',
      'chart',
    ]);
  });
});

describe('the statistics service', () => {
  it('asks for the month and the month before, by the basis asked for', async () => {
    answerWith((request) => {
      const url = new URL(request.url);
      return json(200, monthFigures(url.searchParams.get('startDate')!.slice(0, 7), 'booking'));
    });
    const actor = createActor(loadMonthStatistics, {
      input: { teamId: 'team-vn', month: '2026-01', basis: 'booking' },
    });
    const done = new Promise((resolve) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output) }));
    actor.start();
    const output = (await done) as ReturnType<typeof answerFor>;
    expect(output.current.month).toBe('2026-01');
    expect(output.previous.month).toBe('2025-12');
    expect(requests.map((r) => `${new URL(r.url).pathname}${new URL(r.url).search}`).sort()).toEqual([
      '/api/v1/orders/statistics?teamId=team-vn&startDate=2025-12-01&endDate=2025-12-31&dateBasis=booking',
      '/api/v1/orders/statistics?teamId=team-vn&startDate=2026-01-01&endDate=2026-01-31&dateBasis=booking',
    ]);
  });

  it('fails when either month cannot be fetched (the screen shows why)', async () => {
    answerWith((request) =>
      request.url.includes('2025-12')
        ? json(500, { error: 'INTERNAL', message: 'boom' })
        : json(200, monthFigures('2026-01')),
    );
    const actor = createActor(loadMonthStatistics, {
      input: { teamId: 'team-vn', month: '2026-01', basis: 'departure' },
    });
    const failed = new Promise((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(await failed).toMatchObject({ status: 500 });
  });
});
