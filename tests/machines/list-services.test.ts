import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { screenScope } from '../../src/domain/nav-scope';
import { answerWith, json, requests, resetClient } from './fake-client';
import { FILTERS } from './list-fakes';

/**
 * The list services over the app's one client (a fake fetch that records each request): what a
 * list, its counts and the navigation totals ask the server, and what a failure becomes.
 */
vi.mock('../../src/api/client', async (importOriginal) =>
  (await import('./fake-client')).clientOver(await importOriginal()),
);
const { countNavTotals, countOrders, countTours, listOrdersPage, listToursPage } =
  await import('../../src/api/services/lists');

const run = <T>(logic: AnyActorLogic, input: T) => toPromise(createActor(logic, { input }).start());
/** Each request as `path?query` with the query's parameters sorted. */
const asked = () =>
  requests.map((r) => {
    const url = new URL(r.url);
    url.searchParams.sort();
    return `${url.pathname}?${url.searchParams}`;
  });
const DAY = { date: '2026-03-10', total: 4, otaCounts: { KLOOK: 4, KKDAY: 0, VIATOR: 0, MPG: 0 } };

beforeEach(() => {
  resetClient();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('a list', () => {
  it('asks its page with the filters; a failed page is an error (the list shows it with Retry)', async () => {
    answerWith(() => json(200, { orders: [], hasMore: false, nextCursor: null }));
    const input = { teamId: 'vn', view: 'pending', filters: { ...FILTERS, ota: 'KLOOK' as const }, cursor: 'c1' };
    await expect(run(listOrdersPage, input)).resolves.toEqual({ items: [], hasMore: false, nextCursor: null });
    expect(asked()).toEqual([
      '/api/v1/orders?cursor=c1&endDate=2026-03-31&limit=200&orderBy=DEPARTURE_AT_ASC&ota=KLOOK&startDate=2026-03-01&teamId=vn&view=pending',
    ]);

    answerWith(() => json(500, { error: 'INTERNAL', message: 'down' }));
    await expect(run(listOrdersPage, input)).rejects.toMatchObject({ status: 500 });
    await expect(run(listToursPage, { ...input, view: 'grouped' })).rejects.toMatchObject({ status: 500 });
  });

  it('counts its days and its total with the same filters as its page (booking basis: no day counts)', async () => {
    answerWith((r) => json(200, r.url.includes('daily') ? { counts: [DAY] } : { total: 1234 }));
    const filters = { ...FILTERS, status: 'canceled' as const };
    await expect(run(countOrders, { teamId: 'vn', view: null, filters })).resolves.toEqual({
      daily: [DAY],
      total: 1234,
    });
    expect(asked().sort()).toEqual([
      '/api/v1/orders/count/daily?endDate=2026-03-31&startDate=2026-03-01&statusV2=canceled&teamId=vn',
      '/api/v1/orders/count/total?endDate=2026-03-31&startDate=2026-03-01&statusV2=canceled&teamId=vn',
    ]);

    resetClient();
    answerWith(() => json(200, { total: 7 }));
    const booked = { ...FILTERS, basis: 'booking' as const };
    await expect(run(countOrders, { teamId: 'vn', view: null, filters: booked })).resolves.toEqual({
      daily: [],
      total: 7,
    });
    expect(asked()).toEqual([
      '/api/v1/orders/count/total?dateBasis=booking&endDate=2026-03-31&startDate=2026-03-01&teamId=vn',
    ]);
  });

  it('a search counts every date; a failed total is unknown, failed day counts fail the counts', async () => {
    answerWith((r) => (r.url.includes('total') ? json(500, { error: 'INTERNAL', message: 'down' }) : json(200, {})));
    const search = { ...FILTERS, search: 'kl0323' };
    await expect(run(countOrders, { teamId: 'vn', view: null, filters: search })).resolves.toEqual({
      daily: [],
      total: null,
    });
    expect(asked()).toEqual(['/api/v1/orders/count/total?q=kl0323&teamId=vn']);

    answerWith((r) =>
      r.url.includes('daily') ? json(500, { error: 'INTERNAL', message: 'down' }) : json(200, { total: 1 }),
    );
    await expect(run(countOrders, { teamId: 'vn', view: null, filters: FILTERS })).rejects.toMatchObject({
      status: 500,
    });
  });

  it('tours count their range and status, and leave a search to their loaded rows', async () => {
    answerWith(() => json(200, { total: 5 }));
    const filters = { ...FILTERS, status: 'grouped' as const };
    await expect(run(countTours, { teamId: 'vn', view: 'arranged', filters })).resolves.toEqual({
      daily: [],
      total: 5,
    });
    expect(asked()).toEqual([
      '/api/v1/tours/count/total?endDate=2026-03-31&startDate=2026-03-01&statusV2=grouped&teamId=vn&view=arranged',
    ]);
    resetClient();
    await expect(
      run(countTours, { teamId: 'vn', view: null, filters: { ...FILTERS, search: 'T-000001' } }),
    ).resolves.toEqual({ daily: [], total: null });
    expect(requests).toHaveLength(0);
  });
});

describe('the navigation totals', () => {
  it("count every view under the orders list's range, OTA, search and basis; the tours under its range", async () => {
    answerWith((r) => json(200, { total: new URL(r.url).searchParams.get('view') === 'pending' ? 3 : 1 }));
    const scope = screenScope(
      'orders',
      { ...FILTERS, startDate: '2026-04-01', endDate: '2026-04-30', ota: 'VIATOR', basis: 'booking', status: 'new' },
      'UTC',
      Date.parse('2026-03-05T00:00:00Z'),
    );
    const totals = await run(countNavTotals, { teamId: 'vn', timezone: 'UTC', scope });
    expect(totals.orders).toEqual({
      all: 1,
      'new-added': 1,
      pending: 3,
      issues: 1,
      'cancel-requested': 1,
      canceled: 1,
    });
    const urls = asked();
    expect(urls).toHaveLength(12);
    expect(urls).toContain(
      '/api/v1/orders/count/total?dateBasis=booking&endDate=2026-04-30&ota=VIATOR&startDate=2026-04-01&teamId=vn&view=pending',
    );
    expect(urls).toContain(
      '/api/v1/orders/count/total?dateBasis=booking&endDate=2026-04-30&ota=VIATOR&startDate=2026-04-01&teamId=vn',
    );
    expect(urls).toContain('/api/v1/tours/count/total?endDate=2026-04-30&startDate=2026-04-01&teamId=vn&view=grouped');
    // today's and tomorrow's tours have their own day
    expect(urls).toContain('/api/v1/tours/count/total?teamId=vn&view=today');
  });

  it("before any list: the team's current month", async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-31T18:00:00Z'), toFake: ['Date'] });
    answerWith(() => json(200, { total: 0 }));
    await run(countNavTotals, { teamId: 'vn', timezone: 'Asia/Ho_Chi_Minh', scope: null });
    vi.useRealTimers();
    // 18:00 UTC on March 31st is already April 1st in Vietnam
    expect(asked()[0]).toBe('/api/v1/orders/count/total?endDate=2026-04-30&startDate=2026-04-01&teamId=vn');
  });
});
