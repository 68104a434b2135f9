import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Ota } from '../../shared/otas';
import type { ProductSchedule } from '../../shared/schedule';
import { hashKey, keyPrefix, newKeySecret } from '../../server/channel/keys';
import type { Db } from '../../server/db/client';
import type { Suite } from './fixtures';

/**
 * OCTO test data: a channel key of a team (as an ADMIN would create it) and a product with a
 * schedule, written straight to the database so the OCTO suites do not depend on the screens.
 */
export async function channelKey(db: Db, teamId: string, channel: Ota = 'KLOOK', revoked = false): Promise<string> {
  const secret = newKeySecret();
  await db.query(
    `INSERT INTO channel_keys (id, team_id, channel, name, prefix, key_hash, revoked_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7 THEN now() END)`,
    [randomUUID(), teamId, channel, `${channel} test key`, keyPrefix(secret), hashKey(secret), revoked],
  );
  return secret;
}

/** A START_TIME schedule: 08:00 and 14:00 every day, 10 places, adults and children in USD and VND. */
export function startTimeSchedule(overrides: Partial<ProductSchedule> = {}): ProductSchedule {
  const times = ['08:00', '14:00'];
  return {
    availabilityType: 'START_TIME',
    startTimes: { mon: times, tue: times, wed: times, thu: times, fri: times, sat: times, sun: times },
    capacity: 10,
    durationMinutes: 240,
    bookingCutoffMinutes: 60,
    cancellationCutoffMinutes: 1440,
    closedDates: [],
    options: [
      {
        id: 'standard',
        name: 'Standard',
        default: true,
        units: [
          {
            id: 'adult',
            type: 'ADULT',
            name: 'Adult',
            minAge: 12,
            maxAge: 99,
            prices: [
              { currency: 'USD', retail: 45, net: 38 },
              { currency: 'VND', retail: 1100000, net: null },
            ],
          },
          {
            id: 'child',
            type: 'CHILD',
            name: 'Child',
            minAge: 3,
            maxAge: 11,
            prices: [
              { currency: 'USD', retail: 25.5, net: null },
              { currency: 'VND', retail: 600000, net: null },
            ],
          },
        ],
      },
    ],
    ...overrides,
  };
}

/** An OPENING_HOURS schedule: open 09:00-17:00 Monday to Saturday, 50 places a day. */
export function openingHoursSchedule(overrides: Partial<ProductSchedule> = {}): ProductSchedule {
  return {
    ...startTimeSchedule(),
    availabilityType: 'OPENING_HOURS',
    startTimes: undefined,
    openingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], from: '09:00', to: '17:00' },
    capacity: 50,
    durationMinutes: 480,
    ...overrides,
  };
}

/** Gives a team's product a schedule (creating the product when it is not there). */
export async function sellProduct(db: Db, teamId: string, productId: string, schedule: ProductSchedule): Promise<void> {
  await db.query(
    `INSERT INTO products (id, team_id, name, route, pack, schedule) VALUES ($1, $2, $3, $4, NULL, $5::jsonb)
     ON CONFLICT (team_id, id) DO UPDATE SET schedule = EXCLUDED.schedule`,
    [productId, teamId, `Product ${productId}`, `Route ${productId}`, JSON.stringify(schedule)],
  );
}

/** An OCTO call with a channel key (no key when null) and, optionally, capabilities. */
export function octo(
  t: Suite,
  key: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  capabilities?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(capabilities ? { 'octo-capabilities': capabilities } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
