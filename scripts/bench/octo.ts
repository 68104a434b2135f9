import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { hashKey, keyPrefix, newKeySecret } from '../../server/channel/keys';
import { openDb } from '../../server/db/client';
import { seedBenchData } from './bench-data';
import { cpuPerRequest, cpuSnapshot, type CpuSnapshot } from './cpu';
import { HttpClient } from './http-client';
import { startServer } from './start-server';
import { formatSummary, machineNote, summarize, verdict } from './stats';

/**
 * The OCTO channel over real HTTP against the server in its own process, with 100,000 orders in
 * the current month of one team (BENCH_ORDERS, BENCH_TEAM as bench-data.ts), one of whose products
 * is sold through the channel (start times every hour from 06:00 to 20:00, every day):
 *  1. reserve + confirm with 10 connections (BENCH_CONNECTIONS), each on a departure picked at random,
 *     each pair timed from the reserve's first byte to the confirm's last (target p95 <= 50 ms); every
 *     confirm creates an order;
 *  2. the availability calendar of 90 days, one request at a time (target p95 <= 30 ms), and the
 *     availability check of one day;
 *  3. the oversell race: 50 concurrent reserves of one place for a departure with 5 places left
 *     (target: exactly 5 holds), then the places back after the holds are cancelled.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const WARMUP_MS = 2000;
const SAMPLES = 100;
const PRODUCT = 'BENCH-OCTO';
const TIMES = Array.from({ length: 15 }, (_, i) => `${String(6 + i).padStart(2, '0')}:00`);

interface Booking {
  uuid: string;
  status: string;
}
interface Availability {
  id: string;
  available: boolean;
  vacancies: number | null;
}

const data = await seedBenchData();
const key = newKeySecret();
{
  // the channel key and the product's schedule, straight into the database before the server opens it
  const db = await openDb({ dataDir: data.dataDir, databaseUrl: data.databaseUrl });
  const schedule = {
    availabilityType: 'START_TIME',
    startTimes: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, TIMES])),
    capacity: 5000,
    durationMinutes: 60,
    bookingCutoffMinutes: 0,
    cancellationCutoffMinutes: 0,
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
            prices: [{ currency: 'USD', retail: 45 }],
          },
          {
            id: 'child',
            type: 'CHILD',
            name: 'Child',
            minAge: 3,
            maxAge: 11,
            prices: [{ currency: 'USD', retail: 25 }],
          },
        ],
      },
    ],
  };
  await db.query(
    `INSERT INTO products (id, team_id, name, route, pack, schedule) VALUES ($1, $2, 'Bench cruise', 'Bench cruise', NULL, $3::jsonb)`,
    [PRODUCT, data.teamId, JSON.stringify(schedule)],
  );
  await db.query(
    `INSERT INTO channel_keys (id, team_id, channel, name, prefix, key_hash) VALUES ($1, $2, 'KLOOK', 'Bench', $3, $4)`,
    [randomUUID(), data.teamId, keyPrefix(key), hashKey(key)],
  );
  await db.close();
}
const server = await startServer({ dataDir: data.dataDir, databaseUrl: data.databaseUrl, app: false });
const client = new HttpClient(server.url, key, CONNECTIONS);
const today = new Date();
const isoDay = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

/** Departures of the next 30 days with places, to spread the reserves over. */
async function departures(): Promise<string[]> {
  const res = await client.ok<Availability[]>('POST', '/octo/availability', {
    productId: PRODUCT,
    optionId: 'standard',
    localDateStart: isoDay(1),
    localDateEnd: isoDay(30),
  });
  return res.body.filter((a) => a.available).map((a) => a.id);
}

try {
  const ids = await departures();
  console.log(`\n${ids.length} departures of ${PRODUCT} over the next 30 days`);

  // 1. reserve + confirm, 10 connections
  const pairs: number[] = [];
  const reserves: number[] = [];
  const confirms: number[] = [];
  let confirmed = 0;
  let cpuStart: CpuSnapshot | null = null;
  const started = performance.now();
  const worker = async (n: number) => {
    let i = n;
    while (performance.now() - started < WARMUP_MS + DURATION_MS) {
      // any departure, as resellers' customers pick them (walking the list in step, every worker
      // booked right behind another and waited for its lock on the same departure)
      const availabilityId = ids[Math.floor(Math.random() * ids.length)];
      i++;
      const units = Array.from({ length: 1 + (i % 3) }, (_, k) => ({ unitId: k === 2 ? 'child' : 'adult' }));
      const t0 = performance.now();
      const reserve = await client.send<Booking>('POST', '/octo/bookings', {
        uuid: randomUUID(),
        productId: PRODUCT,
        optionId: 'standard',
        availabilityId,
        unitItems: units,
      });
      if (reserve.status !== 200)
        throw new Error(`reserve answered ${reserve.status}: ${JSON.stringify(reserve.body)}`);
      const confirm = await client.send<Booking>('POST', `/octo/bookings/${reserve.body.uuid}/confirm`, {
        resellerReference: `BENCH-${randomUUID().slice(0, 12)}`,
        contact: { fullName: 'Bench Customer', emailAddress: 'bench@example.test', locales: ['en'] },
      });
      if (confirm.status !== 200 || confirm.body.status !== 'CONFIRMED') {
        throw new Error(`confirm answered ${confirm.status}: ${JSON.stringify(confirm.body)}`);
      }
      if (performance.now() - started > WARMUP_MS) {
        cpuStart ??= cpuSnapshot(server.group);
        pairs.push(performance.now() - t0);
        reserves.push(reserve.ms);
        confirms.push(confirm.ms);
        confirmed++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => worker(i)));
  const cpuEnd = cpuSnapshot(server.group);
  const pair = summarize(pairs);
  console.log(`\nReserve + confirm, ${CONNECTIONS} connections for ${DURATION_MS / 1000} s:`);
  console.log(`  ${formatSummary(pair)}  (${(confirmed / (DURATION_MS / 1000)).toFixed(0)} bookings/s)`);
  console.log(`  reserve alone: ${formatSummary(summarize(reserves))}`);
  console.log(`  confirm alone: ${formatSummary(summarize(confirms))}`);
  if (cpuStart) console.log(`  ${cpuPerRequest(cpuStart, cpuEnd, confirmed * 2, cpus().length)}`);

  // 2. the calendar of 90 days and a day's availability, one request at a time
  const calendar: number[] = [];
  const check: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const body = { productId: PRODUCT, optionId: 'standard', localDateStart: isoDay(0), localDateEnd: isoDay(89) };
    const res = await client.ok<unknown[]>('POST', '/octo/availability/calendar', body);
    if (i === 0 && res.body.length !== 90) throw new Error(`The calendar has ${res.body.length} days, not 90`);
    calendar.push(res.ms);
    const day = isoDay(1 + (i % 30));
    check.push(
      (
        await client.ok('POST', '/octo/availability', {
          productId: PRODUCT,
          optionId: 'standard',
          localDateStart: day,
          localDateEnd: day,
        })
      ).ms,
    );
  }
  const cal = summarize(calendar);
  console.log(`\nAvailability calendar, 90 days:  ${formatSummary(cal)}`);
  console.log(`Availability check, one day:     ${formatSummary(summarize(check))}`);

  // 3. the oversell race on a departure with 5 places left
  const [raceId] = ids.slice(-1);
  const before = (
    await client.ok<Availability[]>('POST', '/octo/availability', {
      productId: PRODUCT,
      optionId: 'standard',
      availabilityIds: [raceId],
    })
  ).body[0];
  // fill it up to the last 5 places (a booking holds at most 500 units)
  for (let fill = (before.vacancies ?? 0) - 5; fill > 0; fill -= 500) {
    const big = await client.send<Booking>('POST', '/octo/bookings', {
      productId: PRODUCT,
      optionId: 'standard',
      availabilityId: raceId,
      unitItems: Array.from({ length: Math.min(fill, 500) }, () => ({ unitId: 'adult' })),
    });
    if (big.status !== 200)
      throw new Error(`filling the departure answered ${big.status}: ${JSON.stringify(big.body)}`);
  }
  const raceStarted = performance.now();
  const race = await Promise.all(
    Array.from({ length: 50 }, () =>
      client.send<Booking>('POST', '/octo/bookings', {
        productId: PRODUCT,
        optionId: 'standard',
        availabilityId: raceId,
        unitItems: [{ unitId: 'adult' }],
      }),
    ),
  );
  const raceMs = performance.now() - raceStarted;
  const held = race.filter((r) => r.status === 200);
  const refused = race.filter((r) => r.status === 400);
  const left = async () =>
    (
      await client.ok<Availability[]>('POST', '/octo/availability', {
        productId: PRODUCT,
        optionId: 'standard',
        availabilityIds: [raceId],
      })
    ).body[0].vacancies;
  const afterRace = await left();
  for (const r of held) await client.ok('POST', `/octo/bookings/${r.body.uuid}/cancel`, { reason: 'bench' });
  const afterCancel = await left();
  console.log(
    `\nOversell race: 50 concurrent reserves for the last 5 places in ${raceMs.toFixed(0)} ms: ` +
      `${held.length} held, ${refused.length} refused (UNPROCESSABLE_ENTITY), ${race.length - held.length - refused.length} other; ` +
      `vacancies ${afterRace} after, ${afterCancel} once the holds were cancelled`,
  );

  console.log(`\nMachine: ${machineNote()}`);
  console.log('\nTargets:');
  console.log(
    `  reserve + confirm p95 <= 50 ms with ${CONNECTIONS} connections: ${pair.p95.toFixed(1)} ms ${verdict(pair.p95 <= 50)}`,
  );
  console.log(`  calendar of 90 days p95 <= 30 ms: ${cal.p95.toFixed(1)} ms ${verdict(cal.p95 <= 30)}`);
  console.log(
    `  oversell race: exactly 5 of 50 held, places back after cancel: ${held.length} held, ${afterCancel} back ${verdict(held.length === 5 && afterRace === 0 && afterCancel === 5)}`,
  );
} finally {
  client.close();
  await server.stop();
  data.remove();
}
