import { randomUUID } from 'node:crypto';
import { zBaseError, zBooking } from '@octocloud/types';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { departureOf, sellableProduct } from '../../server/channel/availability';
import { formatLocal, localToUtc } from '../../server/channel/departures';
import type { ProductSchedule } from '../../shared/schedule';
import { useServerSuite, type ServerSuite, type Suite } from './fixtures';
import { channelKey, octo, sellProduct } from './octo-fixtures';

/** Shared by the OCTO booking suites: departures by day and time, calls, and parsed answers. */
export const HCM = 'Asia/Ho_Chi_Minh';
const DAY = 86_400_000;

export type Json = Record<string, unknown>;
export type Booking = ReturnType<typeof zBooking.parse>;

/** The local date `days` from today in a zone. */
export const dayIn = (days: number, tz = HCM) => formatLocal(Date.now() + days * DAY, tz).slice(0, 10);

/** The availability id of a departure `days` from today at a local time. */
export const departure = (days: number, time = '08:00', tz = HCM) =>
  formatLocal(localToUtc(dayIn(days, tz), time, tz), tz);

/** The next local date from `from` days on that falls on a weekday (0 = Sunday ... 6 = Saturday). */
export function nextWeekday(weekday: number, from = 3, tz = HCM): string {
  for (let d = from; d < from + 7; d++) {
    if (new Date(`${dayIn(d, tz)}T00:00:00Z`).getUTCDay() === weekday) return dayIn(d, tz);
  }
  throw new Error('unreachable');
}

export const atLocal = (date: string, time: string, tz = HCM) => formatLocal(localToUtc(date, time, tz), tz);

/** A product of a team with its own schedule, so tests do not share places. */
export async function newProduct(t: Suite, teamId: string, schedule: ProductSchedule): Promise<string> {
  const id = `p-${randomUUID().slice(0, 8)}`;
  await sellProduct(t.db, teamId, id, schedule);
  return id;
}

/** A reserve body: `adults` adults and `children` children at the departure. */
export function reserveBody(
  productId: string,
  availabilityId: string,
  adults = 2,
  children = 0,
  extra: Json = {},
): Json {
  return {
    uuid: randomUUID(),
    productId,
    optionId: 'standard',
    availabilityId,
    unitItems: [
      ...Array.from({ length: adults }, () => ({ unitId: 'adult' })),
      ...Array.from({ length: children }, () => ({ unitId: 'child' })),
    ],
    ...extra,
  };
}

export const CONTACT = {
  fullName: 'Nguyen Van An',
  emailAddress: 'an.nguyen@example.test',
  phoneNumber: '+84 90 000 0000',
  locales: ['vi'],
};

export interface Octo {
  reserve(body: Json, caps?: string): Promise<LightMyRequestResponse>;
  confirm(uuid: string, body?: Json, caps?: string): Promise<LightMyRequestResponse>;
  extend(uuid: string, body?: Json): Promise<LightMyRequestResponse>;
  amend(uuid: string, body: Json, caps?: string): Promise<LightMyRequestResponse>;
  cancel(uuid: string, body?: Json): Promise<LightMyRequestResponse>;
  get(uuid: string, caps?: string): Promise<LightMyRequestResponse>;
  list(query: string): Promise<LightMyRequestResponse>;
}

/** The booking calls of one key. */
export function octoCalls(t: () => Suite, key: () => string): Octo {
  return {
    reserve: (body, caps) => octo(t(), key(), 'POST', '/octo/bookings', body, caps),
    confirm: (uuid, body = { contact: CONTACT }, caps) =>
      octo(t(), key(), 'POST', `/octo/bookings/${uuid}/confirm`, body, caps),
    extend: (uuid, body = {}) => octo(t(), key(), 'POST', `/octo/bookings/${uuid}/extend`, body),
    amend: (uuid, body, caps) => octo(t(), key(), 'PATCH', `/octo/bookings/${uuid}`, body, caps),
    cancel: (uuid, body = { reason: 'Customer changed plans' }) =>
      octo(t(), key(), 'POST', `/octo/bookings/${uuid}/cancel`, body),
    get: (uuid, caps) => octo(t(), key(), 'GET', `/octo/bookings/${uuid}`, undefined, caps),
    list: (query) => octo(t(), key(), 'GET', `/octo/bookings?${query}`),
  };
}

/** A server suite of its own with a Klook key of the home team, and that key's booking calls. */
export function octoBookingSuite(): { s: ServerSuite; api: Octo; keys: { home: string } } {
  const keys = { home: '' };
  const s = useServerSuite({
    async init(t) {
      keys.home = await channelKey(t.db, t.world.home.id, 'KLOOK');
    },
  });
  const api = octoCalls(
    () => s.t,
    () => keys.home,
  );
  return { s, api, keys };
}

/** A 200 answer parsed as an OCTO Booking. */
export function booking(res: LightMyRequestResponse): Booking {
  expect(res.statusCode, res.body).toBe(200);
  return zBooking.parse(res.json());
}

export function bookings(res: LightMyRequestResponse): Booking[] {
  expect(res.statusCode, res.body).toBe(200);
  return zBooking.array().parse(res.json());
}

/** A 4xx OCTO error parsed by the base schema and the code's own (e.g. zErrorInvalidUnitId). */
export function octoError(
  res: LightMyRequestResponse,
  code: string,
  schema: { parse(v: unknown): unknown } = zBaseError,
  status = 400,
): { error: string; errorMessage: string } & Json {
  expect(res.statusCode, res.body).toBe(status);
  const body = zBaseError.parse(res.json());
  schema.parse(res.json());
  expect(body.error).toBe(code);
  return res.json();
}

/** Rows of the channel inbox of a team (newest first). */
export const inboxRows = (t: Suite, teamId: string) =>
  t.db.query<{
    kind: string;
    channel: string;
    source: string;
    order_id: string | null;
    booking_uuid: string | null;
    reference: string | null;
    changes: { field: string; from: unknown; to: unknown }[] | null;
    reason: string | null;
    error_code: string | null;
    request: unknown;
  }>('SELECT * FROM channel_inbox WHERE team_id = $1 ORDER BY created_at DESC, id DESC', [teamId]);

/** The places left at a departure now (what the availability endpoints count). */
export async function vacancies(t: Suite, teamId: string, productId: string, availabilityId: string): Promise<number> {
  const product = await sellableProduct(t.db, teamId, productId);
  const d = product && (await departureOf(t.db, product, availabilityId));
  if (!d) throw new Error(`No departure ${availabilityId} of ${productId}`);
  return d.vacancies;
}
