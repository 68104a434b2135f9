import { describe, expect, it } from 'vitest';
import { useServerSuite } from './fixtures';
import { createOrders } from './statistics-helpers';

// getOrderStatistics over orders made through the API. The home team is in Asia/Ho_Chi_Minh (UTC+7,
// no daylight saving): 23:30 there is 16:30 UTC.
const s = useServerSuite();

interface Channel {
  name: string;
  ota: string;
  monthlyTotal: number;
  dailyOrders: number[];
  passengers: { adult: number; child: number };
  revenue: { currency: string; amount: number }[];
  canceled: number;
  cancelRequested: number;
  confirmationSent: number;
  infoSent: number;
}
interface Statistics extends Omit<Channel, 'name' | 'ota' | 'monthlyTotal' | 'dailyOrders'> {
  month: string;
  startDate: string;
  endDate: string;
  basis: string;
  days: string[];
  channels: Channel[];
  totalOrders: number;
  monthlyTotalOrders: number;
}

const stats = (query: string, token = s.w.admin.token) => s.req('GET', `/api/v1/orders/statistics?${query}`, token);
async function statsOf(query: string, teamId = s.w.home.id): Promise<Statistics> {
  const res = await stats(`teamId=${teamId}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const dayOf = (st: Statistics, day: string, ota = 'KLOOK') =>
  st.channels.find((c) => c.ota === ota)!.dailyOrders[st.days.indexOf(day)];

describe('getOrderStatistics', () => {
  it('answers the month in SPEC shape: four channels in order, per day, with totals that add up', async () => {
    await createOrders(s, [
      {
        departureAt: '2031-03-01T02:00:00Z',
        ota: 'KLOOK',
        adult: 2,
        child: 1,
        total: { amount: 30.5, currency: 'USD' },
      },
      { departureAt: '2031-03-01T03:00:00Z', ota: 'KLOOK', adult: 1, total: { amount: 1_450_000, currency: 'VND' } },
      {
        departureAt: '2031-03-15T03:00:00Z',
        ota: 'VIATOR',
        adult: 3,
        child: 2,
        total: { amount: 0.1, currency: 'USD' },
      },
      { departureAt: '2031-03-15T04:00:00Z', ota: 'VIATOR', adult: 1, total: { amount: 0.2, currency: 'USD' } },
      { departureAt: '2031-03-31T10:00:00Z', ota: 'MPG', adult: 4, total: null, status: 'canceled' },
      { departureAt: '2031-03-20T10:00:00Z', ota: 'MPG', adult: 1, status: 'cancel_requested' },
      { departureAt: '2031-04-01T10:00:00Z', ota: 'KKDAY', adult: 9 }, // next month: not in March
    ]);
    const st = await statsOf('startDate=2031-03-01&endDate=2031-03-31');
    expect(st).toMatchObject({ month: '2031-03', startDate: '2031-03-01', endDate: '2031-03-31', basis: 'departure' });
    expect(st.days).toHaveLength(31);
    expect(st.days[0]).toBe('2031-03-01');
    expect(st.days[30]).toBe('2031-03-31');
    expect(st.channels.map((c) => [c.name, c.ota])).toEqual([
      ['Klook', 'KLOOK'],
      ['KKday', 'KKDAY'],
      ['Viator', 'VIATOR'],
      ['MPG', 'MPG'],
    ]);
    const [klook, kkday, viator, mpg] = st.channels;
    expect(klook).toMatchObject({ monthlyTotal: 2, passengers: { adult: 3, child: 1 } });
    expect(klook.dailyOrders[0]).toBe(2);
    expect(klook.revenue).toEqual([
      { currency: 'VND', amount: 1_450_000 },
      { currency: 'USD', amount: 30.5 },
    ]);
    expect(kkday).toMatchObject({ monthlyTotal: 0, revenue: [], passengers: { adult: 0, child: 0 } });
    expect(kkday.dailyOrders).toEqual(new Array(31).fill(0));
    // summed exactly by the database: 0.1 + 0.2 is 0.3, not 0.30000000000000004
    expect(viator).toMatchObject({ monthlyTotal: 2, revenue: [{ currency: 'USD', amount: 0.3 }] });
    expect(mpg).toMatchObject({ monthlyTotal: 2, canceled: 1, cancelRequested: 1, passengers: { adult: 5, child: 0 } });
    // an order without a TOTAL price adds nothing to the revenue; one of 20 USD does
    expect(mpg.revenue).toEqual([{ currency: 'USD', amount: 20 }]);

    for (const c of st.channels) expect(c.dailyOrders.reduce((a, b) => a + b, 0)).toBe(c.monthlyTotal);
    expect(st.totalOrders).toBe(6);
    expect(st.channels.reduce((a, c) => a + c.monthlyTotal, 0)).toBe(st.totalOrders);
    expect(st.monthlyTotalOrders).toBe(st.totalOrders);
    expect(st.passengers).toEqual({ adult: 12, child: 3 });
    expect(st.revenue).toEqual([
      { currency: 'VND', amount: 1_450_000 },
      { currency: 'USD', amount: 50.8 },
    ]);
    expect(st).toMatchObject({ canceled: 1, cancelRequested: 1, confirmationSent: 0, infoSent: 0 });
  });

  it('counts an order at 23:30 team time on that day and one at 00:30 on the next, on either basis', async () => {
    await createOrders(s, [
      // 2031-05-10 23:30 and 2031-05-11 00:30 in Ho Chi Minh City, departing and booked
      { departureAt: '2031-05-10T16:30:00Z', bookedAt: '2031-05-10T16:30:00Z', ota: 'KKDAY' },
      { departureAt: '2031-05-10T17:30:00Z', bookedAt: '2031-05-10T17:30:00Z', ota: 'KKDAY' },
    ]);
    for (const basis of ['departure', 'booking']) {
      const st = await statsOf(`startDate=2031-05-10&endDate=2031-05-11&dateBasis=${basis}`);
      expect(st.basis).toBe(basis);
      expect(st.days).toEqual(['2031-05-10', '2031-05-11']);
      expect(st.channels[1].dailyOrders).toEqual([1, 1]);
    }
    // the same orders in a team on UTC time fall on one day (the 10th)
    const japan = await createOrders(s, [{ departureAt: '2031-05-10T14:59:00Z' }], s.w.japan.id);
    expect(japan).toHaveLength(1);
    const tokyo = await statsOf('startDate=2031-05-10&endDate=2031-05-11', s.w.japan.id);
    expect(tokyo.channels[0].dailyOrders).toEqual([1, 0]); // 23:59 in Tokyo
  });

  it('counts by departure day or by booking day, as asked', async () => {
    await createOrders(s, [
      // booked in June, departing in July; and booked and departing in July
      { departureAt: '2031-07-05T03:00:00Z', bookedAt: '2031-06-20T03:00:00Z', ota: 'VIATOR' },
      { departureAt: '2031-07-06T03:00:00Z', bookedAt: '2031-07-01T03:00:00Z', ota: 'VIATOR' },
    ]);
    const june = 'startDate=2031-06-01&endDate=2031-06-30';
    const july = 'startDate=2031-07-01&endDate=2031-07-31';
    expect((await statsOf(june)).totalOrders).toBe(0);
    expect((await statsOf(`${june}&dateBasis=booking`)).totalOrders).toBe(1);
    expect(dayOf(await statsOf(`${june}&dateBasis=booking`), '2031-06-20', 'VIATOR')).toBe(1);
    expect((await statsOf(july)).totalOrders).toBe(2);
    expect((await statsOf(`${july}&dateBasis=booking`)).totalOrders).toBe(1);
  });

  it('gives the orders of the month of startDate as monthlyTotalOrders when the range is longer', async () => {
    await createOrders(s, [
      { departureAt: '2031-09-30T03:00:00Z' },
      { departureAt: '2031-10-01T03:00:00Z' },
      { departureAt: '2031-10-02T03:00:00Z', ota: 'MPG' },
    ]);
    const st = await statsOf('startDate=2031-09-15&endDate=2031-10-14');
    expect(st.month).toBe('2031-09');
    expect(st.days).toHaveLength(30);
    expect(st.totalOrders).toBe(3);
    expect(st.monthlyTotalOrders).toBe(1);
    const year = await statsOf('startDate=2031-01-01&endDate=2031-12-31');
    expect(year.days).toHaveLength(365);
    expect(year.totalOrders).toBeGreaterThanOrEqual(3);
    expect(year.monthlyTotalOrders).toBe(0); // nothing departs in January 2031
  });

  it('refuses a bad range with 400 and changes nothing', async () => {
    const team = `teamId=${s.w.home.id}`;
    const cases: [string, RegExp][] = [
      ['startDate=2031-03-10&endDate=2031-03-09', /endDate \(2031-03-09\) is before startDate \(2031-03-10\)/],
      ['startDate=2031-01-01&endDate=2032-01-02', /at most 366 days.*spans 367/],
      ['startDate=2031-02-30&endDate=2031-03-09', /startDate/],
      ['startDate=2031-02-01&endDate=2031-13-01', /endDate/],
      ['startDate=2031-02-01', /endDate/],
      ['startDate=2031-02-01&endDate=2031-02-28&dateBasis=arrival', /dateBasis/],
    ];
    for (const [query, message] of cases) {
      const res = await stats(`${team}&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', message: expect.stringMatching(message) });
    }
    // a leap year's 366 days are a range
    expect((await stats(`${team}&startDate=2032-01-01&endDate=2032-12-31`)).statusCode).toBe(200);
  });

  it('answers 403 for another team, 401 without a token', async () => {
    const query = `teamId=${s.w.other.id}&startDate=2031-03-01&endDate=2031-03-31`;
    const res = await stats(query);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('FORBIDDEN');
    expect((await s.req('GET', `/api/v1/orders/statistics?${query}`)).statusCode).toBe(401);
  });
});

describe('every figure equals what the orders list shows for the same filters', () => {
  it('matches listOrders, countOrdersTotal and countOrdersDaily per channel, day, status and basis', async () => {
    const ids = await createOrders(s, [
      { departureAt: '2031-11-03T01:00:00Z', bookedAt: '2031-10-28T20:00:00Z', ota: 'KLOOK' },
      { departureAt: '2031-11-03T18:00:00Z', bookedAt: '2031-11-01T16:59:00Z', ota: 'KLOOK' },
      { departureAt: '2031-11-10T05:00:00Z', bookedAt: '2031-11-02T05:00:00Z', ota: 'KKDAY', status: 'canceled' },
      { departureAt: '2031-11-30T16:59:00Z', bookedAt: '2031-11-30T17:00:00Z', ota: 'MPG', status: 'cancel_requested' },
      { departureAt: '2031-12-01T00:00:00Z', bookedAt: '2031-11-15T00:00:00Z', ota: 'VIATOR' },
    ]);
    expect(ids).toHaveLength(5);
    const range = 'startDate=2031-11-01&endDate=2031-11-30';
    const team = `teamId=${s.w.home.id}`;
    const listed = async (query: string) => {
      const res = await s.req('GET', `/api/v1/orders?${team}&${range}&limit=200&${query}`, s.w.admin.token);
      expect(res.statusCode).toBe(200);
      return res.json().orders.length as number;
    };
    const total = async (query: string) =>
      (await s.req('GET', `/api/v1/orders/count/total?${team}&${range}&${query}`, s.w.admin.token)).json()
        .total as number;
    const daily = async (query: string) =>
      (await s.req('GET', `/api/v1/orders/count/daily?${team}&${range}&${query}`, s.w.admin.token)).json().counts as {
        date: string;
        total: number;
        otaCounts: Record<string, number>;
      }[];

    for (const basis of ['departure', 'booking']) {
      const st = await statsOf(`${range}&dateBasis=${basis}`);
      const b = `dateBasis=${basis}`;
      expect(await listed(b)).toBe(st.totalOrders);
      expect(await total(b)).toBe(st.totalOrders);
      const days = await daily(b);
      expect(days.map((d) => d.date)).toEqual(st.days);
      for (const c of st.channels) {
        expect(await listed(`${b}&ota=${c.ota}`)).toBe(c.monthlyTotal);
        expect(await total(`${b}&ota=${c.ota}`)).toBe(c.monthlyTotal);
        expect(days.map((d) => d.otaCounts[c.ota])).toEqual(c.dailyOrders);
        expect(await total(`${b}&ota=${c.ota}&statusV2=canceled`)).toBe(c.canceled);
        expect(await total(`${b}&ota=${c.ota}&statusV2=cancel_requested`)).toBe(c.cancelRequested);
      }
      expect(await listed(`${b}&statusV2=canceled`)).toBe(st.canceled);
      expect(await listed(`${b}&view=cancel-requested`)).toBe(st.cancelRequested);
    }
    // the orders above as each basis places them in November (team time)
    expect((await statsOf(range)).totalOrders).toBe(4);
    expect((await statsOf(`${range}&dateBasis=booking`)).totalOrders).toBe(3);
  });
});
