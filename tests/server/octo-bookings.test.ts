import { randomUUID } from 'node:crypto';
import {
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zErrorUnauthorized,
  zErrorForbidden,
  zErrorUnprocessableEntity,
  zErrorBadRequest,
} from '@octocloud/types';
import { describe, expect, it } from 'vitest';
import { startBookingExpiry } from '../../server/channel/expiry';
import { addOrders, useServerSuite } from './fixtures';
import {
  booking,
  bookings,
  CONTACT,
  dayIn,
  departure,
  inboxRows,
  newProduct,
  octoCalls,
  octoError,
  reserveBody,
  vacancies,
} from './octo-booking-helpers';
import { channelKey, octo, openingHoursSchedule, startTimeSchedule } from './octo-fixtures';

/**
 * OCTO bookings through /octo: reserve (holds), confirm, extend, amend, cancel, get and list, every
 * answer parsed by @octocloud/types, every error code with its status; refusals in the inbox.
 */
const keys = { home: '', other: '', revoked: '' };
const s = useServerSuite({
  async init(t) {
    keys.home = await channelKey(t.db, t.world.home.id, 'KLOOK');
    keys.other = await channelKey(t.db, t.world.other.id, 'KKDAY');
    keys.revoked = await channelKey(t.db, t.world.home.id, 'KLOOK', true);
  },
});
const api = octoCalls(
  () => s.t,
  () => keys.home,
);
const otherApi = octoCalls(
  () => s.t,
  () => keys.other,
);
const product = (schedule = startTimeSchedule(), teamId = s.w.home.id) => newProduct(s.t, teamId, schedule);
const PRICING = 'octo/pricing';

const expireNow = (uuid: string) =>
  s.t.db.query(`UPDATE channel_bookings SET utc_expires_at = now() - interval '1 second' WHERE uuid = $1`, [uuid]);

describe('reserve: POST /octo/bookings', () => {
  it('holds the places ON_HOLD until utcExpiresAt, with its unit items, contact and availability', async () => {
    const id = await product();
    const at = departure(5, '14:00');
    const body = reserveBody(id, at, 2, 1, { resellerReference: 'KL-1001', notes: 'Window seat', contact: CONTACT });
    const before = Date.now();
    const b = booking(await api.reserve(body));
    expect(b).toMatchObject({
      uuid: body.uuid,
      id: body.uuid,
      status: 'ON_HOLD',
      productId: id,
      optionId: 'standard',
      availabilityId: at,
      resellerReference: 'KL-1001',
      notes: 'Window seat',
      cancellable: true,
      cancellation: null,
      voucher: null,
      utcConfirmedAt: null,
      contact: { fullName: 'Nguyen Van An', emailAddress: 'an.nguyen@example.test', locales: ['vi'] },
    });
    expect(b.supplierReference).toMatch(/^[A-Z2-9]{8}$/);
    const expires = Date.parse(b.utcExpiresAt!);
    expect(expires - before).toBeGreaterThan(29 * 60_000);
    expect(expires - before).toBeLessThan(31 * 60_000);
    expect(b.unitItems.map((u) => [u.unitId, u.status])).toEqual([
      ['adult', 'ON_HOLD'],
      ['adult', 'ON_HOLD'],
      ['child', 'ON_HOLD'],
    ]);
    expect(new Set(b.unitItems.map((u) => u.uuid)).size).toBe(3);
    expect(b.availability).toMatchObject({
      id: at,
      localDateTimeStart: at,
      capacity: 10,
      vacancies: 7,
      status: 'AVAILABLE',
    });
    expect(b.pricing).toBeUndefined();
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(7);
  });

  it('prices the booking in minor units with octo/pricing, and echoes the capability', async () => {
    const id = await product();
    const res = await api.reserve(reserveBody(id, departure(5), 2, 1), PRICING);
    expect(res.headers['octo-capabilities']).toBe(PRICING);
    const b = booking(res);
    expect(b.pricing).toEqual({
      original: 11550,
      retail: 11550,
      net: null,
      currency: 'USD',
      currencyPrecision: 2,
      includedTaxes: [],
    });
    expect(b.unitItems[0].pricing).toMatchObject({ retail: 4500, net: 3800, currency: 'USD' });
    const vnd = booking(await api.reserve(reserveBody(id, departure(5), 1, 0, { currency: 'VND' }), PRICING));
    expect(vnd.pricing).toMatchObject({ retail: 1100000, currency: 'VND', currencyPrecision: 0 });
  });

  it('holds for expirationMinutes, and generates a uuid when none is sent', async () => {
    const id = await product();
    const { uuid: _uuid, ...body } = reserveBody(id, departure(6), 1, 0, { expirationMinutes: 90 });
    const b = booking(await api.reserve(body));
    expect(b.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(b.utcExpiresAt!) - Date.now()).toBeGreaterThan(89 * 60_000);
    expect(booking(await api.get(b.uuid)).status).toBe('ON_HOLD');
  });

  it('refuses an unknown product, option, unit or departure with its code and the id at fault', async () => {
    const id = await product();
    const at = departure(5);
    const withOther = await product(startTimeSchedule(), s.w.other.id);
    const cases: [Record<string, unknown>, string, { parse(v: unknown): unknown }, Record<string, string>][] = [
      [{ productId: 'nope' }, 'INVALID_PRODUCT_ID', zErrorInvalidProductId, { productId: 'nope' }],
      [{ productId: withOther }, 'INVALID_PRODUCT_ID', zErrorInvalidProductId, { productId: withOther }],
      [{ productId: s.w.product }, 'INVALID_PRODUCT_ID', zErrorInvalidProductId, { productId: s.w.product }],
      [{ optionId: 'vip' }, 'INVALID_OPTION_ID', zErrorInvalidOptionId, { optionId: 'vip' }],
      [
        { unitItems: [{ unitId: 'adult' }, { unitId: 'senior' }] },
        'INVALID_UNIT_ID',
        zErrorInvalidUnitId,
        { unitId: 'senior' },
      ],
      [{ availabilityId: departure(5, '09:30') }, 'INVALID_AVAILABILITY_ID', zErrorInvalidAvailabilityId, {}],
      [
        { availabilityId: 'tomorrow' },
        'INVALID_AVAILABILITY_ID',
        zErrorInvalidAvailabilityId,
        { availabilityId: 'tomorrow' },
      ],
    ];
    for (const [change, code, schema, extra] of cases) {
      const err = octoError(await api.reserve({ ...reserveBody(id, at), ...change }), code, schema);
      expect(err).toMatchObject(extra);
    }
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(10);
  });

  it('refuses a closed date, a departure past its cut-off, and more places than are left (saying how many)', async () => {
    const closed = dayIn(4);
    const id = await product(startTimeSchedule({ closedDates: [closed] }));
    const onClosed = octoError(
      await api.reserve(reserveBody(id, departure(4))),
      'UNPROCESSABLE_ENTITY',
      zErrorUnprocessableEntity,
    );
    expect(onClosed.errorMessage).toMatch(/closed/);
    const soon = await product(startTimeSchedule({ bookingCutoffMinutes: 43200 }));
    const late = octoError(
      await api.reserve(reserveBody(soon, departure(5))),
      'UNPROCESSABLE_ENTITY',
      zErrorUnprocessableEntity,
    );
    expect(late.errorMessage).toMatch(/cut-off/);
    const at = departure(5);
    booking(await api.reserve(reserveBody(id, at, 7)));
    const full = octoError(
      await api.reserve(reserveBody(id, at, 4)),
      'UNPROCESSABLE_ENTITY',
      zErrorUnprocessableEntity,
    );
    expect(full.errorMessage).toBe(`Not enough places at ${at}: 3 places are left, 4 asked for`);
    booking(await api.reserve(reserveBody(id, at, 3)));
    const soldOut = octoError(await api.reserve(reserveBody(id, at, 1)), 'UNPROCESSABLE_ENTITY');
    expect(soldOut.errorMessage).toBe(`The departure ${at} is sold out`);
  });

  it('reads a product again when it changed since this server last read it (as through another instance)', async () => {
    const id = await product();
    const at = departure(6);
    const held = reserveBody(id, at, 2);
    booking(await api.reserve(held));
    const schedule = (patch: Record<string, unknown>) =>
      s.t.db.query(`UPDATE products SET schedule = schedule || $3::jsonb WHERE team_id = $1 AND id = $2`, [
        s.w.home.id,
        id,
        JSON.stringify(patch),
      ]);
    // the day closed behind this server's back: refused as closed, not held on what it read before
    await schedule({ closedDates: [dayIn(6)] });
    expect(octoError(await api.reserve(reserveBody(id, at, 1)), 'UNPROCESSABLE_ENTITY').errorMessage).toMatch(/closed/);
    // a retry of a booking made before still answers that booking
    expect(booking(await api.reserve(held)).uuid).toBe(held.uuid);
    // open again with more places: 8 was all that was left of 10, 15 fit in 20
    await schedule({ closedDates: [], capacity: 20 });
    expect(booking(await api.reserve(reserveBody(id, at, 15))).status).toBe('ON_HOLD');
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(3);
    // no longer sold through the channel
    await s.t.db.query('UPDATE products SET schedule = NULL WHERE team_id = $1 AND id = $2', [s.w.home.id, id]);
    octoError(await api.reserve(reserveBody(id, at, 1)), 'INVALID_PRODUCT_ID', zErrorInvalidProductId);
  });

  it('counts orders from any source against the places', async () => {
    const id = await product();
    const at = departure(7);
    const startsAt = new Date(Date.parse(`${at.slice(0, 19)}+07:00`));
    await addOrders(s.t.db, s.w.home.id, { count: 4, productId: id, start: startsAt, stepMinutes: 0 });
    const err = octoError(await api.reserve(reserveBody(id, at, 3)), 'UNPROCESSABLE_ENTITY');
    expect(err.errorMessage).toMatch(/2 places are left/);
  });

  it('refuses an e-mail address that is not one, and a currency the option is not sold in (BAD_REQUEST)', async () => {
    const id = await product();
    const bad = reserveBody(id, departure(5), 1, 0, { contact: { emailAddress: 'not-an-address' } });
    octoError(await api.reserve(bad), 'BAD_REQUEST', zErrorBadRequest);
    octoError(
      await api.reserve(reserveBody(id, departure(5), 1, 0, { currency: 'EUR' })),
      'BAD_REQUEST',
      zErrorBadRequest,
    );
  });

  it('books an OPENING_HOURS product on its opening time, sharing the day among the options', async () => {
    const id = await product(openingHoursSchedule({ capacity: 3 }));
    // the next day it opens (Monday to Saturday)
    let days = 3;
    while (new Date(`${dayIn(days)}T00:00:00Z`).getUTCDay() === 0) days++;
    const at = departure(days, '09:00');
    const b = booking(await api.reserve(reserveBody(id, at, 2)));
    expect(b.availability).toMatchObject({ id: at, allDay: true, openingHours: [{ from: '09:00', to: '17:00' }] });
    const err = octoError(await api.reserve(reserveBody(id, at, 2)), 'UNPROCESSABLE_ENTITY');
    expect(err.errorMessage).toMatch(/1 place is left/);
  });
});

describe('idempotency: the uuid', () => {
  it('answers the same request again with the same booking and holds nothing twice', async () => {
    const id = await product();
    const at = departure(5);
    const body = reserveBody(id, at, 3);
    const first = booking(await api.reserve(body));
    // the same request, its keys in another order
    const again = booking(await api.reserve(Object.fromEntries(Object.entries(body).reverse())));
    expect(again).toEqual(first);
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(7);
    const [{ n }] = await s.t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM channel_bookings WHERE uuid = $1',
      [body.uuid],
    );
    expect(n).toBe(1);
  });

  it('refuses another request with a used uuid (INVALID_BOOKING_UUID), also from another team', async () => {
    const id = await product();
    const body = reserveBody(id, departure(5), 2);
    booking(await api.reserve(body));
    const err = octoError(
      await api.reserve({ ...body, unitItems: [{ unitId: 'adult' }] }),
      'INVALID_BOOKING_UUID',
      zErrorInvalidBookingUuid,
    );
    expect(err).toMatchObject({ uuid: body.uuid });
    const theirs = await product(startTimeSchedule(), s.w.other.id);
    octoError(await otherApi.reserve({ ...body, productId: theirs }), 'INVALID_BOOKING_UUID', zErrorInvalidBookingUuid);
  });
});

describe('confirm: POST /octo/bookings/{uuid}/confirm', () => {
  it('confirms a live hold: CONFIRMED with utcConfirmedAt and the contact; again, unchanged', async () => {
    const id = await product();
    const held = booking(await api.reserve(reserveBody(id, departure(5), 2)));
    const b = booking(await api.confirm(held.uuid, { contact: CONTACT, resellerReference: 'KL-2002' }));
    expect(b).toMatchObject({
      status: 'CONFIRMED',
      resellerReference: 'KL-2002',
      utcExpiresAt: null,
      cancellable: true,
      contact: { fullName: CONTACT.fullName, emailAddress: CONTACT.emailAddress },
    });
    expect(Date.now() - Date.parse(b.utcConfirmedAt!)).toBeLessThan(60_000);
    expect(b.unitItems.every((u) => u.status === 'CONFIRMED')).toBe(true);
    const again = booking(await api.confirm(held.uuid, { contact: { fullName: 'Someone Else' } }));
    expect(again).toEqual(b);
  });

  it('refuses an expired hold (UNPROCESSABLE_ENTITY), which reads EXPIRED', async () => {
    const id = await product();
    const at = departure(5);
    const held = booking(await api.reserve(reserveBody(id, at, 2)));
    await expireNow(held.uuid);
    const err = octoError(await api.confirm(held.uuid), 'UNPROCESSABLE_ENTITY', zErrorUnprocessableEntity);
    expect(err.errorMessage).toMatch(/expired/);
    expect(booking(await api.get(held.uuid))).toMatchObject({ status: 'EXPIRED', cancellable: false });
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(10);
  });

  it('refuses an unknown uuid and another team’s booking (INVALID_BOOKING_UUID)', async () => {
    const theirs = await product(startTimeSchedule(), s.w.other.id);
    const b = booking(await otherApi.reserve(reserveBody(theirs, departure(5))));
    for (const uuid of [randomUUID(), b.uuid]) {
      const err = octoError(await api.confirm(uuid), 'INVALID_BOOKING_UUID', zErrorInvalidBookingUuid);
      expect(err.uuid).toBe(uuid);
      octoError(await api.get(uuid), 'INVALID_BOOKING_UUID', zErrorInvalidBookingUuid);
    }
  });

  it('refuses units other than the booking’s: they change with PATCH', async () => {
    const id = await product();
    const held = booking(await api.reserve(reserveBody(id, departure(5), 2)));
    const res = await api.confirm(held.uuid, { contact: CONTACT, unitItems: [{ unitId: 'adult' }] });
    octoError(res, 'UNPROCESSABLE_ENTITY');
    const withContacts = booking(
      await api.confirm(held.uuid, {
        contact: CONTACT,
        unitItems: [
          { unitId: 'adult', resellerReference: 'T-1' },
          { unitId: 'adult', contact: { fullName: 'Binh' } },
        ],
      }),
    );
    expect(withContacts.unitItems.map((u) => [u.resellerReference, u.contact.fullName])).toEqual([
      ['T-1', null],
      [null, 'Binh'],
    ]);
    expect(withContacts.unitItems.map((u) => u.uuid)).toEqual(held.unitItems.map((u) => u.uuid));
  });
});

describe('extend: POST /octo/bookings/{uuid}/extend', () => {
  it('moves a live hold’s expiry; refuses a confirmed booking and an expired hold', async () => {
    const id = await product();
    const held = booking(await api.reserve(reserveBody(id, departure(5), 1, 0, { expirationMinutes: 5 })));
    const longer = booking(await api.extend(held.uuid, { expirationMinutes: 120 }));
    expect(Date.parse(longer.utcExpiresAt!) - Date.now()).toBeGreaterThan(119 * 60_000);
    expect(longer.status).toBe('ON_HOLD');
    booking(await api.confirm(held.uuid));
    octoError(await api.extend(held.uuid), 'UNPROCESSABLE_ENTITY', zErrorUnprocessableEntity);
    const lapsed = booking(await api.reserve(reserveBody(id, departure(5))));
    await expireNow(lapsed.uuid);
    const err = octoError(await api.extend(lapsed.uuid), 'UNPROCESSABLE_ENTITY');
    expect(err.errorMessage).toMatch(/expired/);
  });
});

describe('amend: PATCH /octo/bookings/{uuid}', () => {
  it('moves a hold to another departure and changes its units, contact and notes', async () => {
    const id = await product();
    const [a, b] = [departure(5, '08:00'), departure(6, '14:00')];
    const held = booking(await api.reserve(reserveBody(id, a, 2)));
    const moved = booking(
      await api.amend(held.uuid, {
        availabilityId: b,
        unitItems: [{ unitId: 'adult' }, { unitId: 'child' }, { unitId: 'child' }],
        contact: { fullName: 'Tran Thi Binh' },
        notes: 'Vegetarian',
        resellerReference: 'KL-3003',
      }),
    );
    expect(moved).toMatchObject({
      status: 'ON_HOLD',
      availabilityId: b,
      notes: 'Vegetarian',
      resellerReference: 'KL-3003',
      contact: { fullName: 'Tran Thi Binh' },
    });
    expect(moved.unitItems.map((u) => u.unitId)).toEqual(['adult', 'child', 'child']);
    expect(await vacancies(s.t, s.w.home.id, id, a)).toBe(10);
    expect(await vacancies(s.t, s.w.home.id, id, b)).toBe(7);
  });

  it('checks added places against what is left, its own places not counting against it', async () => {
    const id = await product();
    const at = departure(5);
    const held = booking(await api.reserve(reserveBody(id, at, 4)));
    booking(await api.reserve(reserveBody(id, at, 4)));
    // 2 left: 4 + 2 = 6 fit, 7 do not
    booking(await api.amend(held.uuid, { unitItems: Array.from({ length: 6 }, () => ({ unitId: 'adult' })) }));
    const err = octoError(
      await api.amend(held.uuid, { unitItems: Array.from({ length: 7 }, () => ({ unitId: 'adult' })) }),
      'UNPROCESSABLE_ENTITY',
    );
    expect(err.errorMessage).toMatch(/6 places are left, 7 asked for/);
    expect(booking(await api.get(held.uuid)).unitItems).toHaveLength(6);
    const full = departure(6);
    booking(await api.reserve(reserveBody(id, full, 10)));
    octoError(await api.amend(held.uuid, { availabilityId: full }), 'UNPROCESSABLE_ENTITY');
  });

  it('refuses unknown units, options and departures, and a cancelled or expired booking', async () => {
    const id = await product();
    const held = booking(await api.reserve(reserveBody(id, departure(5), 2)));
    octoError(await api.amend(held.uuid, { unitItems: [{ unitId: 'pet' }] }), 'INVALID_UNIT_ID', zErrorInvalidUnitId);
    octoError(await api.amend(held.uuid, { optionId: 'vip' }), 'INVALID_OPTION_ID', zErrorInvalidOptionId);
    octoError(await api.amend(held.uuid, { availabilityId: departure(5, '10:00') }), 'INVALID_AVAILABILITY_ID');
    octoError(await api.amend(held.uuid, { productId: 'nope' }), 'INVALID_PRODUCT_ID', zErrorInvalidProductId);
    booking(await api.cancel(held.uuid));
    octoError(await api.amend(held.uuid, { notes: 'late' }), 'UNPROCESSABLE_ENTITY');
    const lapsed = booking(await api.reserve(reserveBody(id, departure(5))));
    await expireNow(lapsed.uuid);
    octoError(await api.amend(lapsed.uuid, { notes: 'late' }), 'UNPROCESSABLE_ENTITY');
  });
});

describe('cancel: POST /octo/bookings/{uuid}/cancel', () => {
  it('cancels a hold with its reason and frees its places; cancelling again answers it unchanged', async () => {
    const id = await product();
    const at = departure(5);
    const held = booking(await api.reserve(reserveBody(id, at, 3)));
    const b = booking(await api.cancel(held.uuid, { reason: 'Customer changed plans' }));
    expect(b).toMatchObject({ status: 'CANCELLED', cancellable: false });
    expect(b.cancellation).toMatchObject({ refund: 'FULL', reason: 'Customer changed plans' });
    expect(Date.now() - Date.parse(b.cancellation!.utcCancelledAt)).toBeLessThan(60_000);
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(10);
    expect(booking(await api.cancel(held.uuid, { reason: 'again' }))).toEqual(b);
  });

  it('cancels a confirmed booking until the cancellation cut-off, not after (force is not honoured)', async () => {
    // a cut-off of 30 days: departures within it can no longer be cancelled
    const id = await product(startTimeSchedule({ cancellationCutoffMinutes: 43200 }));
    const held = booking(await api.reserve(reserveBody(id, departure(5), 2)));
    const confirmed = booking(await api.confirm(held.uuid));
    expect(confirmed.cancellable).toBe(false);
    for (const body of [{ reason: 'late' }, { reason: 'late', force: true }]) {
      const err = octoError(await api.cancel(held.uuid, body), 'UNPROCESSABLE_ENTITY', zErrorUnprocessableEntity);
      expect(err.errorMessage).toMatch(/cancellation cut-off/);
    }
    expect(booking(await api.get(held.uuid)).status).toBe('CONFIRMED');
    const early = await product();
    const ok = booking(await api.reserve(reserveBody(early, departure(5), 2)));
    booking(await api.confirm(ok.uuid));
    expect(booking(await api.cancel(ok.uuid)).status).toBe('CANCELLED');
  });

  it('refuses an expired hold', async () => {
    const id = await product();
    const held = booking(await api.reserve(reserveBody(id, departure(5))));
    await expireNow(held.uuid);
    octoError(await api.cancel(held.uuid), 'UNPROCESSABLE_ENTITY');
  });
});

describe('get and list', () => {
  it('reads an expired hold EXPIRED before the sweeper runs, and the sweeper writes it down once', async () => {
    const id = await product();
    const held = booking(await api.reserve(reserveBody(id, departure(5))));
    await expireNow(held.uuid);
    expect(booking(await api.get(held.uuid)).status).toBe('EXPIRED');
    const stored = async () =>
      (await s.t.db.query<{ status: string }>('SELECT status FROM channel_bookings WHERE uuid = $1', [held.uuid]))[0]
        .status;
    expect(await stored()).toBe('ON_HOLD');
    // two sweepers (two server processes) side by side
    const [one, two] = [
      startBookingExpiry(s.t.db, { intervalMs: 60_000 }),
      startBookingExpiry(s.t.db, { intervalMs: 60_000 }),
    ];
    const swept = await Promise.all([one.sweep(), two.sweep()]);
    await Promise.all([one.stop(), two.stop()]);
    expect(swept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await stored()).toBe('EXPIRED');
    expect(booking(await api.get(held.uuid)).status).toBe('EXPIRED');
  });

  it('lists the team’s bookings by reseller reference, supplier reference, date or date range', async () => {
    const id = await product();
    const second = await product();
    const [d5, d6, d8] = [departure(5), departure(6, '14:00'), departure(8)];
    const a = booking(await api.reserve(reserveBody(id, d5, 1, 0, { resellerReference: `R-${id}` })));
    const b = booking(await api.reserve(reserveBody(id, d6, 1)));
    const c = booking(await api.reserve(reserveBody(second, d8, 1)));
    const theirs = await product(startTimeSchedule(), s.w.other.id);
    booking(await otherApi.reserve(reserveBody(theirs, d5, 1, 0, { resellerReference: `R-${id}` })));
    const uuids = async (q: string) => bookings(await api.list(q)).map((x) => x.uuid);
    expect(await uuids(`resellerReference=R-${id}`)).toEqual([a.uuid]);
    expect(await uuids(`supplierReference=${b.supplierReference}`)).toEqual([b.uuid]);
    expect(await uuids(`localDate=${dayIn(6)}&productId=${id}`)).toEqual([b.uuid]);
    expect(await uuids(`localDateStart=${dayIn(5)}&localDateEnd=${dayIn(8)}&productId=${id}`)).toEqual([
      a.uuid,
      b.uuid,
    ]);
    expect(
      await uuids(`localDateStart=${dayIn(5)}&localDateEnd=${dayIn(8)}&productId=${second}&optionId=standard`),
    ).toEqual([c.uuid]);
    expect(await uuids(`localDateStart=${dayIn(5)}&localDateEnd=${dayIn(8)}&optionId=other`)).toEqual([]);
    octoError(await api.list(`productId=${id}`), 'BAD_REQUEST', zErrorBadRequest);
    octoError(await api.list(''), 'BAD_REQUEST', zErrorBadRequest);
    octoError(await api.list(`localDateStart=${dayIn(5)}`), 'BAD_REQUEST', zErrorBadRequest);
  });
});

describe('keys and refusals', () => {
  it('answers 401 without a key and 403 with a revoked one, and records neither', async () => {
    const id = await product();
    const before = (await inboxRows(s.t, s.w.home.id)).length;
    octoError(
      await octo(s.t, null, 'POST', '/octo/bookings', reserveBody(id, departure(5))),
      'UNAUTHORIZED',
      zErrorUnauthorized,
      401,
    );
    octoError(
      await octo(s.t, keys.revoked, 'POST', '/octo/bookings', reserveBody(id, departure(5))),
      'FORBIDDEN',
      zErrorForbidden,
      403,
    );
    octoError(
      await octo(s.t, keys.revoked, 'GET', `/octo/bookings/${randomUUID()}`),
      'FORBIDDEN',
      zErrorForbidden,
      403,
    );
    expect(await inboxRows(s.t, s.w.home.id)).toHaveLength(before);
  });

  it('records each refused write in the inbox with its code, message and the request as received', async () => {
    const id = await product();
    const at = departure(9);
    booking(await api.reserve(reserveBody(id, at, 9)));
    const soldOut = reserveBody(id, at, 2, 0, { resellerReference: 'KL-SOLD' });
    const refused = octoError(await api.reserve(soldOut), 'UNPROCESSABLE_ENTITY');
    const unknown = reserveBody('ghost', at);
    octoError(await api.reserve(unknown), 'INVALID_PRODUCT_ID');
    const missing = randomUUID();
    octoError(await api.confirm(missing, { contact: CONTACT }), 'INVALID_BOOKING_UUID');
    const [confirmRow, unknownRow, soldOutRow] = await inboxRows(s.t, s.w.home.id);
    expect(soldOutRow).toMatchObject({
      kind: 'REFUSED',
      channel: 'KLOOK',
      source: 'OCTO',
      error_code: 'UNPROCESSABLE_ENTITY',
      reason: refused.errorMessage,
      reference: 'KL-SOLD',
      booking_uuid: soldOut.uuid,
      request: soldOut,
    });
    expect(unknownRow).toMatchObject({ error_code: 'INVALID_PRODUCT_ID', request: unknown });
    expect(confirmRow).toMatchObject({
      error_code: 'INVALID_BOOKING_UUID',
      booking_uuid: missing,
      request: { contact: CONTACT },
    });
    // reads are not recorded
    octoError(await api.get(randomUUID()), 'INVALID_BOOKING_UUID');
    expect((await inboxRows(s.t, s.w.home.id))[0]).toEqual(confirmRow);
  });
});
