import { findCountry } from '../../shared/countries';
import type { ProductSchedule, ScheduleUnit, Weekday } from '../../shared/schedule';
import { WEEKDAYS } from '../../shared/schedule';
import type { Db } from '../db/client';
import type { SeededTeam } from './base';
import { FIRST_NAMES, LAST_NAMES, OTA_PREFIX, USD_RATE, type ProductSeed } from './catalog';
import { pricesFor, type OrderRow } from './orders';
import type { Random } from './random';
import { reachOf } from './tour-day';
import type { EventRow } from './tours';
import { localDate, zonedTime } from './time';

/**
 * What a reseller needs to sell the demo products (products.schedule), so that a channel can book
 * right after `npm start`. Per team: one product open from/to (OPENING_HOURS), one not sold through
 * the channel (teams of four products or more), the others with departures at the product's start
 * times every day (START_TIME). Prices in the team's country's currency and in USD. Availability
 * runs on every day but one closed date 12 days after the seed; the first departure of tomorrow of
 * the team's first START_TIME product is sold out by a group order (soldOutOrder).
 */

/** Open from/to, and the weekdays open (all when absent). */
const OPENING_HOURS: Record<string, { from: string; to: string; days?: Weekday[] }> = {
  'DN-BANA': { from: '08:00', to: '17:00' },
  'KYO-ARASHIYAMA': { from: '08:30', to: '17:00' },
  // the palace is closed on Mondays
  'PAR-VERSAILLES': { from: '08:45', to: '18:30', days: ['tue', 'wed', 'thu', 'fri', 'sat', 'sun'] },
  'CNX-ELEPH': { from: '08:00', to: '17:00' },
  'REP-TONLE': { from: '08:00', to: '17:00' },
  'XX-TEST-B': { from: '10:00', to: '18:00' },
};
/** Products the demo does not sell through the channel ("Not sold through the channel"). */
const NOT_SOLD = new Set(['HN-SAPA-2D', 'OSA-NARA', 'PAR-LOIRE', 'HKT-PHIPHI']);
/** Places of each departure (START_TIME) or day (OPENING_HOURS) unless listed. */
const CAPACITY: Record<string, number> = { 'PAR-VERSAILLES': 300, 'XX-BENCH': 10_000 };
const CLOSED_IN_DAYS = 12;

/** The currencies a team's products are priced in: its country's, then USD. */
export function teamCurrencies(team: Pick<SeededTeam, 'code' | 'currency'>): string[] {
  return [...new Set([findCountry(team.code)?.currencies[0] ?? team.currency, 'USD'])];
}

const digitsOf = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** An amount in the team's seed currency, in another, rounded as that currency counts. */
function convert(amount: number, from: string, to: string): number {
  const f = 10 ** digitsOf(to);
  return Math.round(((amount * (USD_RATE[to] ?? 1)) / (USD_RATE[from] ?? 1)) * f) / f;
}

function unit(
  team: SeededTeam,
  id: string,
  type: ScheduleUnit['type'],
  ages: [number, number],
  price: number,
): ScheduleUnit {
  const name = id[0].toUpperCase() + id.slice(1);
  const prices = teamCurrencies(team).map((currency) => {
    const retail = convert(price, team.currency, currency);
    return { currency, retail, net: convert(retail * 0.8, currency, currency) };
  });
  return { id, type, name, minAge: ages[0], maxAge: ages[1], prices };
}

const startDuration = (product: ProductSeed) =>
  product.pack?.startsWith('2 days') ? 26 * 60 : product.pack === 'Half day' || product.pack === null ? 4 * 60 : 9 * 60;

/** Today in the team's timezone plus `days`, as "YYYY-MM-DD". */
function dayAfter(now: Date, timeZone: string, days: number): string {
  const d = localDate(now, timeZone);
  return new Date(Date.UTC(d.year, d.month - 1, d.day + days)).toISOString().slice(0, 10);
}

/** The product's schedule in the demo; null when the demo does not sell it through the channel. */
export function demoSchedule(team: SeededTeam, product: ProductSeed, now: Date): ProductSchedule | null {
  if (NOT_SOLD.has(product.id)) return null;
  const closedDates = [dayAfter(now, team.timezone, CLOSED_IN_DAYS)];
  const hours = OPENING_HOURS[product.id];
  if (hours) {
    return {
      availabilityType: 'OPENING_HOURS',
      openingHours: { days: hours.days ?? [...WEEKDAYS], from: hours.from, to: hours.to },
      capacity: CAPACITY[product.id] ?? 150,
      durationMinutes: 180,
      bookingCutoffMinutes: 60,
      cancellationCutoffMinutes: 1440,
      closedDates,
      options: [
        {
          id: 'entry',
          name: 'Entry ticket',
          default: true,
          units: [
            unit(team, 'adult', 'ADULT', [12, 99], product.price),
            unit(team, 'child', 'CHILD', [3, 11], product.price * 0.7),
          ],
        },
      ],
    };
  }
  const starts = [...product.starts].sort();
  const overnight = product.pack?.startsWith('2 days') ?? false;
  return {
    availabilityType: 'START_TIME',
    startTimes: Object.fromEntries(WEEKDAYS.map((day) => [day, starts])),
    capacity: CAPACITY[product.id] ?? (overnight ? 16 : 20),
    durationMinutes: startDuration(product),
    bookingCutoffMinutes: overnight ? 720 : 120,
    cancellationCutoffMinutes: overnight ? 2880 : 1440,
    closedDates,
    options: [
      {
        id: 'standard',
        name: product.pack ?? 'Standard',
        default: true,
        units: [
          unit(team, 'adult', 'ADULT', [12, 99], product.price),
          unit(team, 'child', 'CHILD', [4, 11], product.price * 0.7),
        ],
      },
      {
        id: 'private',
        name: 'Private guide',
        default: false,
        units: [unit(team, 'adult', 'ADULT', [12, 99], product.price * 1.8)],
      },
    ],
  };
}

/** The team's product whose first departure tomorrow is sold out: its first START_TIME one. */
export function soldOutProduct(
  team: SeededTeam,
  now: Date,
): { product: ProductSeed; schedule: ProductSchedule } | null {
  for (const product of team.products) {
    const schedule = demoSchedule(team, product, now);
    if (schedule?.availabilityType === 'START_TIME') return { product, schedule };
  }
  return null;
}

/** Writes every demo product's schedule. */
export async function seedSchedules(db: Db, teams: SeededTeam[], now: Date): Promise<void> {
  const rows = teams.flatMap((team) =>
    team.products.map((product) => ({ id: product.id, team_id: team.id, schedule: demoSchedule(team, product, now) })),
  );
  await db.query(
    `UPDATE products p SET schedule = v.schedule
       FROM jsonb_to_recordset($1::jsonb) AS v(id text, team_id text, schedule jsonb)
      WHERE p.id = v.id AND p.team_id = v.team_id`,
    [JSON.stringify(rows)],
  );
}

/**
 * A group order that takes the places left of tomorrow's first departure of the team's sold-out
 * product (the orders already on it count, canceled ones do not), with its CREATE event; null when
 * none are left or the team sells no START_TIME product.
 */
export function soldOutOrder(
  rnd: Random,
  team: SeededTeam,
  orders: OrderRow[],
  now: Date,
  displayNumber: number,
  usedOtaIds: Set<string>,
): { order: OrderRow; event: EventRow } | null {
  const sold = soldOutProduct(team, now);
  if (!sold) return null;
  const { product, schedule } = sold;
  const tomorrow = localDate(now, team.timezone);
  tomorrow.day += 1;
  const [h, m] = [...product.starts].sort()[0].split(':').map(Number);
  const departure = zonedTime(tomorrow, h, m, team.timezone);
  const used = orders
    .filter(
      (o) => o.product_id === product.id && o.departure_at.getTime() === departure.getTime() && o.status !== 'canceled',
    )
    .reduce((sum, o) => sum + o.quantity_total, 0);
  const left = schedule.capacity - used;
  if (left <= 0) return null;
  const children = left >= 6 ? 2 : 0;
  const adults = left - children;
  let otaOrderId: string;
  do otaOrderId = `${OTA_PREFIX.KLOOK}${rnd.digits(8)}`;
  while (usedOtaIds.has(otaOrderId));
  usedOtaIds.add(otaOrderId);
  const [first, last] = [rnd.pick(FIRST_NAMES), rnd.pick(LAST_NAMES)];
  const booked = new Date(now.getTime() - 26 * 3600_000);
  const id = rnd.uuid();
  const order: OrderRow = {
    id,
    ...reachOf(team, product, id),
    team_id: team.id,
    display_id: `${team.code}-${String(displayNumber).padStart(6, '0')}`,
    ota: 'KLOOK',
    ota_order_id: otaOrderId,
    departure_at: departure,
    booked_at: booked,
    language: 'en',
    product_id: product.id,
    customer_name: `${first} ${last}`,
    customer_email: `groups.${first
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}@example.com`,
    quantity_total: left,
    quantity_adult: adults,
    quantity_child: children,
    prices: pricesFor(product, team.currency, team.currency, adults, children),
    tour_id: null,
    status: 'new',
    email_checkpoints: { confirmation: false, info: false, review: false, marketing: false },
    review_checkpoints: { OTA: false, TripAdvisor: false, Google: false, MyProGuide: false },
    version: 1,
  };
  const event: EventRow = {
    id: rnd.uuid(),
    team_id: team.id,
    order_id: order.id,
    tour_id: null,
    type: 'CREATE',
    is_system_event: true,
    operated_by_id: null,
    operated_by_name: null,
    comment: `Imported from ${order.ota}`,
    data: { ota: order.ota },
    timestamp: booked,
  };
  return { order, event };
}
