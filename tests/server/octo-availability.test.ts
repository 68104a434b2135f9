import { randomUUID } from 'node:crypto';
import { zAvailability, zAvailabilityCalendar, zBaseError } from '@octocloud/types';
import { describe, expect, it } from 'vitest';
import { departureOf, lockDeparture, sellableProduct } from '../../server/channel/availability';
import { formatLocal, localToUtc, weekdayOf } from '../../server/channel/departures';
import { hashKey } from '../../server/channel/keys';
import type { ProductSchedule } from '../../shared/schedule';
import { addOrders, useServerSuite } from './fixtures';
import { channelKey, octo, openingHoursSchedule, sellProduct, startTimeSchedule } from './octo-fixtures';

/**
 * OCTO availability: departures and days with the places left now (orders, canceled or not, and
 * live holds), their status, cut-offs and closed dates, in each team's timezone.
 */
const keys = { home: '', japan: '' };
const s = useServerSuite({
  async init(t) {
    keys.home = await channelKey(t.db, t.world.home.id, 'KLOOK');
    keys.japan = await channelKey(t.db, t.world.japan.id, 'KLOOK');
  },
});

const HCM = 'Asia/Ho_Chi_Minh';
const DAY = 86_400_000;
/** The local date `days` from today in a zone. */
const dayIn = (days: number, tz = HCM) => formatLocal(Date.now() + days * DAY, tz).slice(0, 10);

type Json = Record<string, unknown>;
const check = (body: Json, capabilities?: string, key = keys.home) =>
  octo(s.t, key, 'POST', '/octo/availability', body, capabilities);
const calendar = (body: Json, capabilities?: string, key = keys.home) =>
  octo(s.t, key, 'POST', '/octo/availability/calendar', body, capabilities);

/** A product of home (or another team) with its own schedule, so tests do not share places. */
async function product(schedule: ProductSchedule, teamId = s.w.home.id): Promise<string> {
  const id = `p-${randomUUID().slice(0, 8)}`;
  await sellProduct(s.t.db, teamId, id, schedule);
  return id;
}

async function availabilities(body: Json, capabilities?: string, key?: string) {
  const res = await check(body, capabilities, key);
  expect(res.statusCode, res.body).toBe(200);
  return zAvailability.array().parse(res.json());
}

async function days(body: Json, capabilities?: string) {
  const res = await calendar(body, capabilities);
  expect(res.statusCode, res.body).toBe(200);
  return zAvailabilityCalendar.array().parse(res.json());
}

async function expectError(res: { statusCode: number; json(): Json }, error: string, extra: Json = {}) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(zBaseError.parse(body).error).toBe(error);
  expect(body).toMatchObject(extra);
}

/** A live (or, with minutes < 0, lapsed) hold of pax places on a departure of home's product. */
async function hold(productId: string, availabilityId: string, startsAt: Date, pax: number, minutes = 30) {
  const [key] = await s.t.db.query<{ id: string }>('SELECT id FROM channel_keys WHERE key_hash = $1', [
    hashKey(keys.home),
  ]);
  const uuid = randomUUID();
  await s.t.db.query(
    `INSERT INTO channel_bookings (uuid, team_id, key_id, channel, supplier_reference, product_id, option_id,
       availability_id, starts_at, local_date, unit_items, pax, status, utc_expires_at, request_hash)
     VALUES ($1, $2, $3, 'KLOOK', $4, $5, 'standard', $6, $7, $8, '[]', $9, 'ON_HOLD',
             now() + make_interval(mins => $10), 'test')`,
    [
      uuid,
      s.w.home.id,
      key.id,
      `SR-${uuid.slice(0, 8)}`,
      productId,
      availabilityId,
      startsAt.toISOString(),
      availabilityId.slice(0, 10),
      pax,
      minutes,
    ],
  );
  return uuid;
}

describe('POST /octo/availability by date range', () => {
  it('lists each departure with its places, end, cut-off and status', async () => {
    const id = await product(startTimeSchedule());
    const date = dayIn(5);
    const list = await availabilities({
      productId: id,
      optionId: 'standard',
      localDateStart: date,
      localDateEnd: dayIn(6),
    });
    expect(list.map((a) => a.id)).toEqual([
      `${date}T08:00:00+07:00`,
      `${date}T14:00:00+07:00`,
      `${dayIn(6)}T08:00:00+07:00`,
      `${dayIn(6)}T14:00:00+07:00`,
    ]);
    const start = localToUtc(date, '08:00', HCM);
    expect(list[0]).toEqual({
      id: `${date}T08:00:00+07:00`,
      localDateTimeStart: `${date}T08:00:00+07:00`,
      localDateTimeEnd: `${date}T12:00:00+07:00`,
      utcCutoffAt: new Date(start.getTime() - 3_600_000).toISOString().replace('.000Z', 'Z'),
      allDay: false,
      available: true,
      status: 'AVAILABLE',
      vacancies: 10,
      capacity: 10,
      maxUnits: 10,
      openingHours: [],
    });
  });

  it('counts orders at the departure, not canceled ones nor other times or products', async () => {
    const id = await product(startTimeSchedule());
    const date = dayIn(4);
    const start = localToUtc(date, '08:00', HCM);
    await addOrders(s.t.db, s.w.home.id, { count: 3, productId: id, start, stepMinutes: 0 }); // 6 places
    await addOrders(s.t.db, s.w.home.id, { count: 2, productId: id, start, stepMinutes: 0, status: 'canceled' });
    await addOrders(s.t.db, s.w.home.id, { count: 1, productId: id, start: new Date(start.getTime() + 30 * 60_000) });
    await addOrders(s.t.db, s.w.home.id, { count: 1, productId: s.w.product, start, stepMinutes: 0 });
    // the same product id in another team uses that team's places only
    await addOrders(s.t.db, s.w.japan.id, { count: 4, productId: id, start, stepMinutes: 0 });
    const [eight, two] = await availabilities({
      productId: id,
      optionId: 'standard',
      localDateStart: date,
      localDateEnd: date,
    });
    expect(eight).toMatchObject({ vacancies: 4, capacity: 10, status: 'LIMITED', available: true, maxUnits: 4 });
    expect(two).toMatchObject({ vacancies: 10, status: 'AVAILABLE' });
  });

  it('says SOLD_OUT and not available when the orders fill the departure', async () => {
    const id = await product(startTimeSchedule());
    const date = dayIn(3);
    await addOrders(s.t.db, s.w.home.id, {
      count: 6,
      productId: id,
      start: localToUtc(date, '14:00', HCM),
      stepMinutes: 0,
    });
    const [, two] = await availabilities({
      productId: id,
      optionId: 'standard',
      localDateStart: date,
      localDateEnd: date,
    });
    expect(two).toMatchObject({ status: 'SOLD_OUT', available: false, vacancies: 0, capacity: 10 });
  });

  it('counts a live hold until its utcExpiresAt, and a hold with an order through the order only', async () => {
    const id = await product(startTimeSchedule());
    const date = dayIn(6);
    const availabilityId = `${date}T08:00:00+07:00`;
    const start = localToUtc(date, '08:00', HCM);
    const body = { productId: id, optionId: 'standard', availabilityIds: [availabilityId] };
    const uuid = await hold(id, availabilityId, start, 3);
    expect((await availabilities(body))[0]).toMatchObject({ vacancies: 7, status: 'AVAILABLE' });
    await hold(id, availabilityId, start, 4);
    expect((await availabilities(body))[0]).toMatchObject({ vacancies: 3, status: 'LIMITED' });
    // the first hold's time is up: its places come back though nothing swept it yet
    await s.t.db.query(`UPDATE channel_bookings SET utc_expires_at = now() - interval '1 second' WHERE uuid = $1`, [
      uuid,
    ]);
    expect((await availabilities(body))[0]).toMatchObject({ vacancies: 6 });
    // a hold that expired or got its order does not count as a hold
    const other = await hold(id, availabilityId, start, 2);
    await s.t.db.query(`UPDATE channel_bookings SET status = 'EXPIRED' WHERE uuid = $1`, [other]);
    expect((await availabilities(body))[0]).toMatchObject({ vacancies: 6 });
  });

  it('shows a closed date CLOSED and a departure past its cut-off not available', async () => {
    const id = await product(startTimeSchedule({ closedDates: [dayIn(8)], bookingCutoffMinutes: 3 * 24 * 60 }));
    const list = await availabilities({
      productId: id,
      optionId: 'standard',
      localDateStart: dayIn(-1),
      localDateEnd: dayIn(8),
    });
    const byDate = (date: string) => list.filter((a) => a.id.startsWith(date));
    // yesterday and the next two days are past the 3-day cut-off
    for (const date of [dayIn(-1), dayIn(0), dayIn(1)]) {
      for (const a of byDate(date)) expect(a).toMatchObject({ status: 'CLOSED', available: false, vacancies: 0 });
    }
    for (const a of byDate(dayIn(8))) expect(a).toMatchObject({ status: 'CLOSED', available: false, capacity: 10 });
    for (const a of byDate(dayIn(5))) expect(a).toMatchObject({ status: 'AVAILABLE', available: true, vacancies: 10 });
  });

  it('tells departures that cannot take the units asked', async () => {
    const id = await product(startTimeSchedule());
    const date = dayIn(7);
    await addOrders(s.t.db, s.w.home.id, {
      count: 3,
      productId: id,
      start: localToUtc(date, '08:00', HCM),
      stepMinutes: 0,
    });
    const body = { productId: id, optionId: 'standard', localDateStart: date, localDateEnd: date };
    const five = await availabilities({
      ...body,
      units: [
        { id: 'adult', quantity: 3 },
        { id: 'child', quantity: 2 },
      ],
    });
    expect(five.map((a) => [a.vacancies, a.available])).toEqual([
      [4, false],
      [10, true],
    ]);
    const four = await availabilities({ ...body, units: [{ id: 'adult', quantity: 4 }] });
    expect(four[0].available).toBe(true);
  });

  it("writes each team's departures in its own timezone", async () => {
    const schedule = startTimeSchedule();
    const id = await product(schedule);
    await sellProduct(s.t.db, s.w.japan.id, id, schedule);
    const date = dayIn(10, 'Asia/Tokyo');
    const body = { productId: id, optionId: 'standard', localDateStart: date, localDateEnd: date };
    const [vn] = await availabilities(body);
    const [jp] = await availabilities(body, undefined, keys.japan);
    expect(vn.id).toBe(`${date}T08:00:00+07:00`);
    expect(jp.id).toBe(`${date}T08:00:00+09:00`);
    expect(Date.parse(vn.utcCutoffAt) - Date.parse(jp.utcCutoffAt)).toBe(2 * 3_600_000);
    expect(new Date(jp.utcCutoffAt).toISOString()).toBe(
      new Date(localToUtc(date, '07:00', 'Asia/Tokyo')).toISOString(),
    );
  });

  it('shows an OPENING_HOURS day as one all-day departure that every order of the day uses', async () => {
    const id = await product(openingHoursSchedule());
    // the next open day (Monday to Saturday) at least 3 days ahead
    let n = 3;
    while (weekdayOf(dayIn(n)) === 'sun') n++;
    const date = dayIn(n);
    await addOrders(s.t.db, s.w.home.id, { count: 5, productId: id, start: localToUtc(date, '13:30', HCM) });
    const [a] = await availabilities({ productId: id, optionId: 'standard', localDateStart: date, localDateEnd: date });
    expect(a).toMatchObject({
      id: `${date}T09:00:00+07:00`,
      localDateTimeEnd: `${date}T17:00:00+07:00`,
      allDay: true,
      vacancies: 40,
      capacity: 50,
      status: 'AVAILABLE',
      openingHours: [{ from: '09:00', to: '17:00' }],
    });
  });
});

describe('POST /octo/availability by availability ids', () => {
  it('answers the departures named, in time order, leaving out ids the schedule does not have', async () => {
    const id = await product(startTimeSchedule());
    const [d1, d2] = [dayIn(9), dayIn(4)];
    const ids = [
      `${d1}T14:00:00+07:00`,
      `${d2}T08:00:00+07:00`,
      `${d2}T09:00:00+07:00`,
      `${d2}T08:00:00+09:00`,
      'soon',
    ];
    const list = await availabilities({ productId: id, optionId: 'standard', availabilityIds: ids });
    expect(list.map((a) => a.id)).toEqual([`${d2}T08:00:00+07:00`, `${d1}T14:00:00+07:00`]);
    // with a range as well: the ids within it
    const within = await availabilities({
      productId: id,
      optionId: 'standard',
      availabilityIds: ids,
      localDateStart: d1,
      localDateEnd: d1,
    });
    expect(within.map((a) => a.id)).toEqual([`${d1}T14:00:00+07:00`]);
  });
});

describe('prices (octo/pricing)', () => {
  it('adds unit prices in the default currency, and the total of the units asked', async () => {
    const id = await product(startTimeSchedule());
    const date = dayIn(5);
    const body = { productId: id, optionId: 'standard', localDateStart: date, localDateEnd: date };
    const res = await check(
      {
        ...body,
        units: [
          { id: 'adult', quantity: 2 },
          { id: 'child', quantity: 1 },
        ],
      },
      'octo/pricing',
    );
    expect(res.headers['octo-capabilities']).toBe('octo/pricing');
    const [a] = zAvailability.array().parse(res.json());
    expect(a.unitPricing).toEqual([
      {
        unitId: 'adult',
        original: 4500,
        retail: 4500,
        net: 3800,
        currency: 'USD',
        currencyPrecision: 2,
        includedTaxes: [],
      },
      {
        unitId: 'child',
        original: 2550,
        retail: 2550,
        net: null,
        currency: 'USD',
        currencyPrecision: 2,
        includedTaxes: [],
      },
    ]);
    expect(a.pricing).toEqual({
      original: 11550,
      retail: 11550,
      net: null,
      currency: 'USD',
      currencyPrecision: 2,
      includedTaxes: [],
    });
    const vnd = await availabilities({ ...body, currency: 'VND' }, 'octo/pricing');
    expect(vnd[0].unitPricing?.map((p) => [p.unitId, p.retail, p.currencyPrecision])).toEqual([
      ['adult', 1100000, 0],
      ['child', 600000, 0],
    ]);
    expect(vnd[0].pricing).toBeUndefined();
    const plain = await check(body);
    expect(plain.headers['octo-capabilities']).toBe('');
    expect(zAvailability.array().parse(plain.json())[0].unitPricing).toBeUndefined();
    await expectError(await check({ ...body, currency: 'EUR' }, 'octo/pricing'), 'BAD_REQUEST');
  });

  it('prices calendar days from the unit prices', async () => {
    const id = await product(startTimeSchedule());
    const [day] = await days(
      { productId: id, optionId: 'standard', localDateStart: dayIn(5), localDateEnd: dayIn(5), currency: 'VND' },
      'octo/pricing',
    );
    expect(day.unitPricingFrom?.map((p) => [p.unitId, p.retail, p.currency])).toEqual([
      ['adult', 1100000, 'VND'],
      ['child', 600000, 'VND'],
    ]);
  });
});

describe('POST /octo/availability/calendar', () => {
  it('has one entry per local date, summing the day, CLOSED on closed dates and on days without departures', async () => {
    const times = ['08:00', '14:00'];
    const id = await product(
      startTimeSchedule({
        startTimes: { mon: times, tue: times, wed: times, thu: times, fri: times, sat: times },
        closedDates: [dayIn(12)],
      }),
    );
    const date = dayIn(10);
    await addOrders(s.t.db, s.w.home.id, {
      count: 2,
      productId: id,
      start: localToUtc(date, '08:00', HCM),
      stepMinutes: 0,
    });
    await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: id,
      start: localToUtc(date, '14:00', HCM),
      stepMinutes: 0,
    });
    const list = await days({ productId: id, optionId: 'standard', localDateStart: dayIn(2), localDateEnd: dayIn(91) });
    expect(list).toHaveLength(90);
    expect(list[0].localDate).toBe(dayIn(2));
    expect(list[89].localDate).toBe(dayIn(91));
    const on = (d: string) => list.find((x) => x.localDate === d);
    if (weekdayOf(date) !== 'sun') {
      expect(on(date)).toEqual({
        localDate: date,
        available: true,
        status: 'AVAILABLE',
        vacancies: 14,
        capacity: 20,
        openingHours: [],
      });
    }
    if (weekdayOf(dayIn(12)) !== 'sun') {
      expect(on(dayIn(12))).toMatchObject({ status: 'CLOSED', available: false, vacancies: 0, capacity: 20 });
    }
    const sundays = list.filter((d) => weekdayOf(d.localDate) === 'sun');
    expect(sundays.length).toBeGreaterThanOrEqual(12);
    for (const sunday of sundays) expect(sunday).toMatchObject({ status: 'CLOSED', available: false, capacity: 0 });
  });

  it('says SOLD_OUT for a full day, and follows the units asked', async () => {
    const id = await product(
      openingHoursSchedule({
        capacity: 6,
        openingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: '09:00', to: '17:00' },
      }),
    );
    const [full, half] = [dayIn(4), dayIn(5)];
    await addOrders(s.t.db, s.w.home.id, { count: 3, productId: id, start: localToUtc(full, '10:00', HCM) });
    await addOrders(s.t.db, s.w.home.id, { count: 1, productId: id, start: localToUtc(half, '16:00', HCM) });
    const body = { productId: id, optionId: 'standard', localDateStart: full, localDateEnd: half };
    const [a, b] = await days({ ...body, units: [{ id: 'adult', quantity: 5 }] });
    expect(a).toMatchObject({
      status: 'SOLD_OUT',
      available: false,
      vacancies: 0,
      capacity: 6,
      openingHours: [{ from: '09:00', to: '17:00' }],
    });
    expect(b).toMatchObject({ status: 'AVAILABLE', available: false, vacancies: 4 });
    const [, fits] = await days({ ...body, units: [{ id: 'adult', quantity: 4 }] });
    expect(fits.available).toBe(true);
  });
});

describe('refusals', () => {
  it('names the product, option or unit at fault', async () => {
    const id = await product(startTimeSchedule());
    const dates = { localDateStart: dayIn(3), localDateEnd: dayIn(4) };
    for (const send of [check, calendar]) {
      await expectError(await send({ productId: 'nope', optionId: 'standard', ...dates }), 'INVALID_PRODUCT_ID', {
        productId: 'nope',
      });
      await expectError(await send({ productId: s.w.product, optionId: 'standard', ...dates }), 'INVALID_PRODUCT_ID');
      await expectError(await send({ productId: id, optionId: 'vip', ...dates }), 'INVALID_OPTION_ID', {
        optionId: 'vip',
      });
      await expectError(
        await send({ productId: id, optionId: 'standard', ...dates, units: [{ id: 'senior', quantity: 1 }] }),
        'INVALID_UNIT_ID',
        { unitId: 'senior' },
      );
    }
    // another team's product is unknown to this key
    const japanese = await product(startTimeSchedule(), s.w.japan.id);
    await expectError(await check({ productId: japanese, optionId: 'standard', ...dates }), 'INVALID_PRODUCT_ID');
  });

  it('refuses missing, reversed, too long or impossible date ranges with BAD_REQUEST', async () => {
    const id = await product(startTimeSchedule());
    const base = { productId: id, optionId: 'standard' };
    const bad: Json[] = [
      base,
      { ...base, localDateStart: dayIn(3) },
      { ...base, localDateStart: dayIn(4), localDateEnd: dayIn(3) },
      { ...base, localDateStart: dayIn(1), localDateEnd: dayIn(367) },
      { ...base, localDateStart: '2027-02-30', localDateEnd: '2027-03-02' },
    ];
    for (const body of bad) {
      const res = await check(body);
      await expectError(res, 'BAD_REQUEST');
      expect(res.json().errorMessage).toBeTruthy();
    }
    await expectError(await calendar({ ...base, localDateStart: dayIn(4), localDateEnd: dayIn(3) }), 'BAD_REQUEST');
    await expectError(await calendar({ ...base, localDateStart: dayIn(1), localDateEnd: dayIn(367) }), 'BAD_REQUEST');
    // 366 days is the most
    expect((await days({ ...base, localDateStart: dayIn(1), localDateEnd: dayIn(366) })).length).toBe(366);
  });

  it('refuses a body the schema does not allow with BAD_REQUEST and a message', async () => {
    for (const [send, body] of [
      [check, { optionId: 'standard', localDateStart: dayIn(1), localDateEnd: dayIn(2) }],
      [check, { productId: 'x', optionId: 'standard', localDateStart: 'tomorrow', localDateEnd: dayIn(2) }],
      [check, { productId: 'x', optionId: 'standard', availabilityIds: [] }],
      [calendar, { productId: 'x', optionId: 'standard', localDateStart: dayIn(1) }],
      [
        calendar,
        {
          productId: 'x',
          optionId: 'standard',
          localDateStart: dayIn(1),
          localDateEnd: dayIn(2),
          units: [{ id: 'adult', quantity: -1 }],
        },
      ],
    ] as const) {
      const res = await send(body as Json);
      await expectError(res, 'BAD_REQUEST');
      expect(String(res.json().errorMessage).length).toBeGreaterThan(0);
    }
  });

  it('needs a valid key', async () => {
    const body = { productId: 'x', optionId: 'standard', localDateStart: dayIn(1), localDateEnd: dayIn(2) };
    for (const url of ['/octo/availability', '/octo/availability/calendar', '/octo/availability/']) {
      const none = await octo(s.t, null, 'POST', url, body);
      expect(none.statusCode).toBe(401);
      expect(zBaseError.parse(none.json()).error).toBe('UNAUTHORIZED');
      const wrong = await octo(s.t, 'tdk_unknown', 'POST', url, body);
      expect(wrong.statusCode).toBe(403);
      expect(zBaseError.parse(wrong.json()).error).toBe('FORBIDDEN');
    }
  });
});

describe('the capacity module (what reserve uses)', () => {
  it('finds a departure by its availability id with its vacancies, inside a transaction under the lock', async () => {
    const id = await product(startTimeSchedule());
    const date = dayIn(8);
    const sellable = await sellableProduct(s.t.db, s.w.home.id, id);
    expect(sellable).toMatchObject({ id, teamId: s.w.home.id, timezone: HCM });
    if (!sellable) return;
    expect(await sellableProduct(s.t.db, s.w.home.id, s.w.product)).toBeNull();
    expect(await sellableProduct(s.t.db, s.w.japan.id, id)).toBeNull();
    expect(await departureOf(s.t.db, sellable, `${date}T09:00:00+07:00`)).toBeNull();
    expect(await departureOf(s.t.db, sellable, 'nonsense')).toBeNull();
    const availabilityId = `${date}T14:00:00+07:00`;
    const startsAt = localToUtc(date, '14:00', HCM);
    await hold(id, availabilityId, startsAt, 2);
    const seen = await s.t.db.tx(async (tx) => {
      await lockDeparture(tx, sellable, startsAt);
      return departureOf(tx, sellable, availabilityId);
    });
    expect(seen).toMatchObject({ availabilityId, localDate: date, capacity: 10, vacancies: 8, closed: false });
    expect(seen?.startsAt.toISOString()).toBe(startsAt.toISOString());
    expect(seen?.localDateTimeEnd).toBe(`${date}T18:00:00+07:00`);
  });

  it('makes concurrent writers of one departure count one after the other', async () => {
    const id = await product(startTimeSchedule({ capacity: 5 }));
    const sellable = await sellableProduct(s.t.db, s.w.home.id, id);
    if (!sellable) throw new Error('no product');
    const date = dayIn(9);
    const availabilityId = `${date}T08:00:00+07:00`;
    const startsAt = localToUtc(date, '08:00', HCM);
    // each writer takes 2 places when at least 2 are left: with 5 places, exactly 2 succeed
    const takeTwo = () =>
      s.t.db.tx(async (tx) => {
        await lockDeparture(tx, sellable, startsAt);
        const d = await departureOf(tx, sellable, availabilityId);
        if (!d || d.vacancies < 2) return false;
        const [key] = await tx.query<{ id: string }>('SELECT id FROM channel_keys WHERE key_hash = $1', [
          hashKey(keys.home),
        ]);
        const uuid = randomUUID();
        await tx.query(
          `INSERT INTO channel_bookings (uuid, team_id, key_id, channel, supplier_reference, product_id, option_id,
             availability_id, starts_at, local_date, unit_items, pax, status, utc_expires_at, request_hash)
           VALUES ($1, $2, $3, 'KLOOK', $4, $5, 'standard', $6, $7, $8, '[]', 2, 'ON_HOLD', now() + interval '30 minutes', 'race')`,
          [uuid, s.w.home.id, key.id, `SR-${uuid.slice(0, 8)}`, id, availabilityId, startsAt.toISOString(), date],
        );
        return true;
      });
    const results = await Promise.all(Array.from({ length: 8 }, takeTwo));
    expect(results.filter(Boolean)).toHaveLength(2);
    expect((await departureOf(s.t.db, sellable, availabilityId))?.vacancies).toBe(1);
  });
});
