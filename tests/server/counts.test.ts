import { describe, expect, it } from 'vitest';
import { useServerSuite } from './fixtures';
import { createOrders } from './statistics-helpers';

// countOrdersTotal and countOrdersDaily answer what listOrders lists for the same filters: the date
// basis, the OTA, statuses, views (issues included, which depends on the time) and the search.
const s = useServerSuite();

const team = () => `teamId=${s.w.home.id}`;
async function listed(query: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await s.req(
      'GET',
      `/api/v1/orders?${team()}&${query}&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      s.w.admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    ids.push(...res.json().orders.map((o: { id: string }) => o.id));
    cursor = res.json().nextCursor;
  } while (cursor);
  return ids;
}
async function total(query: string): Promise<number> {
  const res = await s.req('GET', `/api/v1/orders/count/total?${team()}&${query}`, s.w.admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total;
}
async function daily(query: string): Promise<{ date: string; total: number; otaCounts: Record<string, number> }[]> {
  const res = await s.req('GET', `/api/v1/orders/count/daily?${team()}&${query}`, s.w.admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().counts;
}

describe('count/total and count/daily', () => {
  it('filter on the booking day with dateBasis=booking, as the list does', async () => {
    await createOrders(s, [
      // Ho Chi Minh City (UTC+7): booked on 2035-01-31 23:30 and 2035-02-01 00:30, departing in March
      { departureAt: '2035-03-05T03:00:00Z', bookedAt: '2035-01-31T16:30:00Z', ota: 'KLOOK' },
      { departureAt: '2035-03-06T03:00:00Z', bookedAt: '2035-01-31T17:30:00Z', ota: 'VIATOR' },
      { departureAt: '2035-02-10T03:00:00Z', bookedAt: '2035-02-10T03:00:00Z', ota: 'VIATOR' },
    ]);
    const feb = 'startDate=2035-02-01&endDate=2035-02-28';
    expect(await total(feb)).toBe(1);
    expect(await total(`${feb}&dateBasis=departure`)).toBe(1);
    expect(await total(`${feb}&dateBasis=booking`)).toBe(2);
    expect(await listed(`${feb}&dateBasis=booking`)).toHaveLength(2);
    const days = await daily(`${feb}&dateBasis=booking`);
    expect(days).toHaveLength(28);
    expect(days[0]).toEqual({ date: '2035-02-01', total: 1, otaCounts: { KLOOK: 0, KKDAY: 0, VIATOR: 1, MPG: 0 } });
    expect(days[9]).toEqual({ date: '2035-02-10', total: 1, otaCounts: { KLOOK: 0, KKDAY: 0, VIATOR: 1, MPG: 0 } });
    expect(days.reduce((a, d) => a + d.total, 0)).toBe(2);
    const jan31 = await daily('startDate=2035-01-31&endDate=2035-01-31&dateBasis=booking');
    expect(jan31).toEqual([{ date: '2035-01-31', total: 1, otaCounts: { KLOOK: 1, KKDAY: 0, VIATOR: 0, MPG: 0 } }]);
  });

  it('count/total filters on the OTA, alone and with dates and status', async () => {
    await createOrders(s, [
      { departureAt: '2035-05-01T03:00:00Z', ota: 'MPG' },
      { departureAt: '2035-05-02T03:00:00Z', ota: 'MPG', status: 'pending' },
      { departureAt: '2035-05-03T03:00:00Z', ota: 'KKDAY' },
    ]);
    const may = 'startDate=2035-05-01&endDate=2035-05-31';
    expect(await total(`${may}&ota=MPG`)).toBe(2);
    expect(await total(`${may}&ota=KKDAY`)).toBe(1);
    expect(await total(`${may}&ota=MPG&statusV2=pending`)).toBe(1);
    expect(await total(`${may}&ota=MPG&view=new-added`)).toBe(1);
    expect(await total(`${may}&ota=MPG&view=new-added&statusV2=pending`)).toBe(0); // two statuses at once
    expect(await listed(`${may}&ota=MPG&view=new-added&statusV2=pending`)).toEqual([]);
    // without dates: every order of the team on that OTA
    expect(await total('ota=MPG')).toBe((await listed('ota=MPG')).length);
    expect(await total('ota=MPG')).toBeGreaterThanOrEqual(2);
    const res = await s.req('GET', `/api/v1/orders/count/total?${team()}&ota=AGODA`, s.w.admin.token);
    expect(res.statusCode).toBe(400);
  });

  it('every view, status and search counts what the list lists, per day too', async () => {
    const now = Date.now();
    const at = (hours: number) => new Date(now + hours * 3_600_000).toISOString();
    const ids = await createOrders(s, [
      { departureAt: at(5), ota: 'KLOOK' }, // issue: departs within 48 h, no confirmation
      { departureAt: at(30), ota: 'KKDAY', status: 'cancel_requested' }, // issue, and linked below: both parts
      { departureAt: at(40), ota: 'VIATOR', status: 'canceled' }, // canceled: not an issue by itself
      { departureAt: at(72), ota: 'MPG', status: 'canceled' }, // linked below: an issue
      { departureAt: at(80), ota: 'MPG', status: 'grouped' },
      { departureAt: at(-30), ota: 'KLOOK', status: 'completed' },
    ]);
    const tour = await s.req('POST', '/api/v1/tours', s.w.admin.token, {
      tour: { teamId: s.w.home.id, orderIds: [ids[1], ids[3]] },
    });
    expect(tour.statusCode, tour.body).toBe(200);
    const day = (hours: number) => new Date(now + hours * 3_600_000).toISOString().slice(0, 10);
    const range = `startDate=${day(-72)}&endDate=${day(120)}`;
    const queries = [
      '',
      'view=new-added',
      'view=pending',
      'view=issues',
      'view=cancel-requested',
      'view=canceled',
      'statusV2=grouped',
      'view=issues&statusV2=canceled',
      'view=issues&ota=KKDAY',
      'dateBasis=booking',
      `q=${encodeURIComponent('ann')}`,
      'view=issues&q=ann',
    ];
    for (const query of queries) {
      const list = await listed(`${range}&${query}`);
      expect(await total(`${range}&${query}`), query).toBe(list.length);
      const days = await daily(`${range}&${query}`);
      expect(
        days.reduce((a, d) => a + d.total, 0),
        query,
      ).toBe(list.length);
      for (const d of days) expect(Object.values(d.otaCounts).reduce((a, b) => a + b, 0)).toBe(d.total);
    }
    expect((await listed(`${range}&view=issues`)).sort()).toEqual([ids[0], ids[1], ids[3]].sort());
    expect(await total(`${range}&view=issues`)).toBe(3);
  });

  it('refuses a bad range or basis with 400', async () => {
    const cases = [
      ['count/daily', 'startDate=2035-02-10&endDate=2035-02-01', /endDate \(2035-02-01\) is before startDate/],
      ['count/daily', 'startDate=2030-01-01&endDate=2035-01-01', /at most 1000 days/],
      ['count/daily', 'startDate=2035-02-01&endDate=2035-02-10&dateBasis=tomorrow', /dateBasis/],
      ['count/total', 'dateBasis=tomorrow', /dateBasis/],
      ['count/total', 'startDate=2035-02-30', /startDate/],
    ] as const;
    for (const [path, query, message] of cases) {
      const res = await s.req('GET', `/api/v1/orders/${path}?${team()}&${query}`, s.w.admin.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', message: expect.stringMatching(message) });
    }
  });
});
