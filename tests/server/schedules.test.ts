import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductSchedule } from '../../shared/schedule';
import { scheduleErrors } from '../../shared/schedule-rules';
import { seed } from '../../server/seed/index';
import { useServerSuite } from './fixtures';
import { createTestDb } from './helpers';
import { openingHoursSchedule, startTimeSchedule } from './octo-fixtures';

// A product's schedule (what a reseller needs to sell it): read by any member, replaced by an
// editor; what the contract's schema cannot say is refused field by field with nothing saved.
const s = useServerSuite();
const url = (id = s.w.product) => `/api/v1/products/${encodeURIComponent(id)}/schedule`;
const get = (token = s.w.member.token, id = s.w.product, teamId = s.w.home.id) =>
  s.req('GET', `${url(id)}?teamId=${teamId}`, token);
const put = (schedule: ProductSchedule | null, token = s.w.editor.token, id = s.w.product, teamId = s.w.home.id) =>
  s.req('PUT', url(id), token, { teamId, schedule });
const stored = async (teamId = s.w.home.id, id = s.w.product) =>
  (
    await s.t.db.query<{ schedule: ProductSchedule | null }>(
      'SELECT schedule FROM products WHERE team_id = $1 AND id = $2',
      [teamId, id],
    )
  )[0].schedule;
/** The schedule as JSON carries it (no undefined members). */
const json = (x: ProductSchedule) => JSON.parse(JSON.stringify(x)) as ProductSchedule;

describe('getProductSchedule', () => {
  it('answers null for a product not sold through the channel, then what was saved', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ productId: s.w.product, schedule: null });
    const schedule = json(startTimeSchedule());
    expect((await put(schedule)).statusCode).toBe(200);
    expect((await get()).json()).toEqual({ productId: s.w.product, schedule });
  });

  it('answers 404 for a product of another team and for no product, 403 outside the team, 401 signed out', async () => {
    expect((await get(s.w.member.token, s.w.otherProduct)).statusCode).toBe(404);
    expect((await get(s.w.member.token, 'NO-SUCH-PRODUCT')).json()).toEqual({
      error: 'NOT_FOUND',
      message: 'Product not found',
    });
    expect((await get(s.w.member.token, s.w.otherProduct, s.w.other.id)).statusCode).toBe(403);
    expect((await s.req('GET', `${url()}?teamId=${s.w.home.id}`)).statusCode).toBe(401);
  });
});

describe('updateProductSchedule', () => {
  it('saves a START_TIME and an OPENING_HOURS schedule, answers the saved state, and null stops selling', async () => {
    for (const schedule of [json(startTimeSchedule({ capacity: 7 })), json(openingHoursSchedule())]) {
      const res = await put(schedule);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ productId: s.w.product, schedule });
      expect(await stored()).toEqual(schedule);
    }
    const stop = await put(null, s.w.admin.token);
    expect(stop.json()).toEqual({ productId: s.w.product, schedule: null });
    expect(await stored()).toBeNull();
  });

  it('lets editors and admins change it, not members; 404 for another team', async () => {
    const schedule = json(startTimeSchedule());
    const refused = await put(schedule, s.w.member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'FORBIDDEN', message: 'Only editors and admins of the team can do this' });
    expect(await stored()).toBeNull();
    // the same product id in another team of the admin is another product
    expect((await put(schedule, s.w.admin.token, s.w.product, s.w.japan.id)).statusCode).toBe(200);
    expect(await stored()).toBeNull();
    expect(await stored(s.w.japan.id)).toEqual(schedule);
    expect((await put(schedule, s.w.editor.token, s.w.otherProduct)).statusCode).toBe(404);
    expect((await put(schedule, s.w.outsider.token, s.w.otherProduct, s.w.other.id)).statusCode).toBe(200);
    expect((await put(schedule, s.w.editor.token, s.w.otherProduct, s.w.other.id)).statusCode).toBe(403);
    await put(null, s.w.admin.token, s.w.product, s.w.japan.id);
  });

  type Edit = (x: ProductSchedule) => void;
  const start = startTimeSchedule;
  const hours = openingHoursSchedule;
  it.each<[string, () => ProductSchedule, Edit, string, string]>([
    ['no default option', start, (x) => (x.options[0].default = false), 'options', 'Choose the default option'],
    [
      'two default options',
      start,
      (x) => x.options.push({ ...structuredClone(x.options[0]), id: 'private', name: 'Private' }),
      'options[1].default',
      'Only one option can be the default',
    ],
    [
      'an option id twice',
      start,
      (x) => x.options.push({ ...structuredClone(x.options[0]), default: false }),
      'options[1].id',
      'Another option has this id',
    ],
    [
      'a unit id twice in an option',
      start,
      (x) => (x.options[0].units[1].id = 'adult'),
      'options[0].units[1].id',
      'Another unit of this option has this id',
    ],
    [
      "a child's minimum age above its maximum",
      start,
      (x) => (x.options[0].units[1].minAge = 14),
      'options[0].units[1].maxAge',
      'Must be at least the minimum age',
    ],
    [
      'a currency priced twice for a unit',
      start,
      (x) => x.options[0].units[0].prices.push({ currency: 'USD', retail: 40 }),
      'options[0].units[0].prices[2].currency',
      'USD is priced already for this unit',
    ],
    [
      'units of an option priced in other currencies',
      start,
      (x) => (x.options[0].units[1].prices[1].currency = 'EUR'),
      'options[0].units[1].prices',
      'Price it in the same currencies as Adult (USD, VND)',
    ],
    [
      'a net price above the retail price',
      start,
      (x) => (x.options[0].units[0].prices[0].net = 46),
      'options[0].units[0].prices[0].net',
      'Must not be more than the retail price',
    ],
    [
      'START_TIME without a start time',
      start,
      (x) => (x.startTimes = { mon: [], sun: [] }),
      'startTimes',
      'Add at least one start time',
    ],
    [
      'a start time twice on a day',
      start,
      (x) => (x.startTimes!.fri = ['08:00', '08:00']),
      'startTimes.fri',
      '08:00 is listed twice',
    ],
    [
      'START_TIME with opening hours',
      start,
      (x) => (x.openingHours = { days: ['mon'], from: '09:00', to: '17:00' }),
      'openingHours',
      'Opening hours are for products open from/to, not for start times',
    ],
    [
      'OPENING_HOURS without opening hours',
      hours,
      (x) => delete x.openingHours,
      'openingHours',
      'Set the opening hours',
    ],
    [
      'OPENING_HOURS without a day',
      hours,
      (x) => (x.openingHours!.days = []),
      'openingHours.days',
      'Choose at least one day',
    ],
    [
      'OPENING_HOURS closing before opening',
      hours,
      (x) => (x.openingHours!.to = '08:30'),
      'openingHours.to',
      'Must be after the opening time',
    ],
    [
      'OPENING_HOURS with start times',
      hours,
      (x) => (x.startTimes = { mon: ['10:00'] }),
      'startTimes',
      'Start times are for products with departures, not for opening hours',
    ],
    ['a blank option name', start, (x) => (x.options[0].name = '   '), 'options[0].name', 'Enter a name'],
  ])('refuses %s with 400 INVALID_SCHEDULE on its field, saving nothing', async (_, make, edit, field, message) => {
    const before = json(hours({ capacity: 3 }));
    expect((await put(before)).statusCode).toBe(200);
    const schedule = make();
    edit(schedule);
    const res = await put(json(schedule));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'INVALID_SCHEDULE',
      message: `The schedule was not saved: ${field}: ${message}`,
      fields: [{ field, message }],
    });
    expect(await stored()).toEqual(before);
    expect((await get()).json().schedule).toEqual(before);
  });

  it('names every field at fault in one answer', async () => {
    const schedule = startTimeSchedule();
    schedule.options[0].default = false;
    schedule.options[0].units[1].maxAge = 2;
    const res = await put(json(schedule));
    expect(res.json()).toMatchObject({
      error: 'INVALID_SCHEDULE',
      message: 'The schedule was not saved: options: Choose the default option (and 1 more)',
      fields: [
        { field: 'options', message: 'Choose the default option' },
        { field: 'options[0].units[1].maxAge', message: 'Must be at least the minimum age' },
      ],
    });
  });

  it('refuses what the contract refuses (a day not in the calendar, a minimum age over 120, no option) with 400', async () => {
    const before = await stored();
    const cases: [Edit, RegExp][] = [
      [(x) => (x.closedDates = ['2026-02-30']), /closedDates\[0\]/],
      [(x) => (x.options[0].units[0].minAge = 121), /minAge/],
      [(x) => (x.options = []), /options/],
      [(x) => (x.capacity = 0), /capacity/],
      [(x) => Object.assign(x, { colour: 'red' }), /colour/],
    ];
    for (const [edit, field] of cases) {
      const schedule = startTimeSchedule();
      edit(schedule);
      const res = await put(json(schedule));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('BAD_REQUEST');
      expect(res.json().message).toMatch(field);
    }
    expect(await stored()).toEqual(before);
  });

  it('checks the body before the product, and the team before both', async () => {
    const bad = startTimeSchedule();
    bad.options[0].units[0].minAge = 100;
    expect((await put(json(bad), s.w.editor.token, 'NO-SUCH-PRODUCT')).statusCode).toBe(400);
    expect((await put(json(bad), s.w.member.token)).statusCode).toBe(403);
    expect((await put(json(bad), s.w.outsider.token)).statusCode).toBe(403);
  });
});

describe('the demo seed', () => {
  const NOW = new Date('2026-03-14T23:30:00Z');
  type Row = { team: string; code: string; timezone: string; id: string; schedule: ProductSchedule | null };
  async function seeded() {
    const { db, drop } = await createTestDb();
    await seed(db, { orders: 400, now: NOW });
    const rows = await db.query<Row>(
      `SELECT p.team_id AS team, t.code, t.timezone, p.id, p.schedule FROM products p JOIN teams t ON t.id = p.team_id
        ORDER BY t.code, p.id`,
    );
    return { db, drop, rows };
  }
  let demo: Awaited<ReturnType<typeof seeded>>;
  beforeAll(async () => {
    demo = await seeded();
  });
  afterAll(() => demo?.drop());

  it('sells at least one START_TIME and one OPENING_HOURS product of every team, each a valid schedule', () => {
    const codes = [...new Set(demo.rows.map((r) => r.code))];
    expect(codes).toEqual(['FR', 'JP', 'KH', 'TH', 'VN', 'XX']);
    for (const code of codes) {
      const types = demo.rows.filter((r) => r.code === code).map((r) => r.schedule?.availabilityType ?? null);
      expect(types, code).toContain('START_TIME');
      expect(types, code).toContain('OPENING_HOURS');
    }
    // and shows what a product not sold through the channel looks like
    expect(demo.rows.filter((r) => r.schedule === null).map((r) => r.id)).toEqual([
      'PAR-LOIRE',
      'OSA-NARA',
      'HKT-PHIPHI',
      'HN-SAPA-2D',
    ]);
    for (const r of demo.rows) if (r.schedule) expect(scheduleErrors(r.schedule), r.id).toEqual([]);
  });

  it("prices every unit in the team's currency and in USD", () => {
    const expected: Record<string, string[]> = {
      VN: ['VND', 'USD'],
      JP: ['JPY', 'USD'],
      FR: ['EUR', 'USD'],
      TH: ['THB', 'USD'],
      KH: ['KHR', 'USD'],
      XX: ['USD'],
    };
    for (const r of demo.rows) {
      for (const unit of r.schedule?.options.flatMap((o) => o.units) ?? []) {
        expect(
          unit.prices.map((p) => p.currency),
          r.id,
        ).toEqual(expected[r.code]);
      }
    }
    const angkor = demo.rows.find((r) => r.id === 'REP-ANGKOR')!.schedule!;
    expect(angkor.options[0].units[0].prices).toEqual([
      { currency: 'KHR', retail: 184500, net: 147600 },
      { currency: 'USD', retail: 45, net: 36 },
    ]);
  });

  it('sells out tomorrow’s first departure of each team’s first START_TIME product, and oversells nothing', async () => {
    const used = await demo.db.query<{ team: string; product: string; at: Date; n: number }>(
      `SELECT team_id AS team, product_id AS product, departure_at AS at, sum(quantity_total)::int AS n FROM orders
        WHERE status <> 'canceled' AND departure_at > $1 GROUP BY 1, 2, 3`,
      [NOW],
    );
    const full = used.filter((u) => {
      const schedule = demo.rows.find((r) => r.team === u.team && r.id === u.product)?.schedule;
      return schedule?.availabilityType === 'START_TIME' && u.n >= schedule.capacity;
    });
    // at seed time it is Sunday 15 March in Asia and Europe (tomorrow: the 16th), Saturday 14 in UTC (XX)
    const tomorrow = (code: string, time: string, offset: string) =>
      new Date(`2026-03-${code === 'XX' ? 15 : 16}T${time}:00${offset}`);
    expect(full.map((u) => [u.product, u.at.toISOString()]).sort()).toEqual(
      [
        ['BKK-FLOAT', tomorrow('TH', '06:30', '+07:00')],
        ['HN-HALONG-DAY', tomorrow('VN', '07:30', '+07:00')],
        ['PAR-GIVERNY', tomorrow('FR', '08:00', '+01:00')],
        ['REP-ANGKOR', tomorrow('KH', '04:50', '+07:00')],
        ['TYO-FUJI', tomorrow('JP', '07:50', '+09:00')],
        ['XX-TEST-A', tomorrow('XX', '09:00', 'Z')],
      ].map(([p, d]) => [p, (d as Date).toISOString()]),
    );
    for (const u of full) {
      const schedule = demo.rows.find((r) => r.team === u.team && r.id === u.product)!.schedule!;
      expect(u.n, u.product).toBe(schedule.capacity);
    }
    // an OPENING_HOURS product's places are a day's
    const days = await demo.db.query<{ product: string; n: number }>(
      `SELECT o.product_id AS product, sum(o.quantity_total)::int AS n FROM orders o JOIN teams t ON t.id = o.team_id
        WHERE o.status <> 'canceled' GROUP BY o.team_id, o.product_id, (o.departure_at AT TIME ZONE t.timezone)::date`,
    );
    for (const d of days) {
      const schedule = demo.rows.find((r) => r.id === d.product)?.schedule;
      if (schedule?.availabilityType === 'OPENING_HOURS') expect(d.n, d.product).toBeLessThan(schedule.capacity);
    }
  });

  it('closes one day 12 days after the seed, and gives the same schedules every time', async () => {
    for (const r of demo.rows) {
      if (r.schedule) expect(r.schedule.closedDates, r.id).toEqual([r.code === 'XX' ? '2026-03-26' : '2026-03-27']);
    }
    const again = await seeded();
    try {
      expect(again.rows).toEqual(demo.rows);
      const orders = (db: typeof demo.db) =>
        db.query(`SELECT id, display_id, quantity_total, departure_at FROM orders ORDER BY id`);
      expect(await orders(again.db)).toEqual(await orders(demo.db));
    } finally {
      await again.drop();
    }
  });
});
