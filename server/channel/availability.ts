/**
 * A product's departures with their places left now: the schedule (departures.ts) meets the
 * orders and live holds already there (repo/capacity.ts). Capacity belongs to the departure of the
 * PRODUCT, shared by its options: START_TIME counts what departs at the start, OPENING_HOURS every
 * order of the local day.
 */
import type { ProductSchedule } from '../../shared/schedule';
import type { Db } from '../db/client';
import { lockDepartureKey, usedPlaces, type DepartureWindow } from '../repo/capacity';
import { channelProduct } from '../repo/channel-products';
import { expandSchedule, scheduledDeparture, type ScheduledDeparture } from './departures';

export interface SellableProduct {
  id: string;
  name: string;
  teamId: string;
  timezone: string;
  schedule: ProductSchedule;
}

/** The team's product with a schedule, or null (no such product, or not sold through the channel). */
export async function sellableProduct(db: Db, teamId: string, productId: string): Promise<SellableProduct | null> {
  return (await channelProduct(db, teamId, productId)) ?? null;
}

export interface Departure {
  /** local start with offset, e.g. 2026-11-27T08:00:00+07:00 */
  availabilityId: string;
  /** UTC */
  startsAt: Date;
  /** YYYY-MM-DD */
  localDate: string;
  /** start + durationMinutes, local with offset */
  localDateTimeEnd: string;
  /** start - bookingCutoffMinutes */
  utcCutoffAt: Date;
  capacity: number;
  /** max(0, capacity - used places now) */
  vacancies: number;
  /** closed date, or past its cut-off */
  closed: boolean;
  /** "HH:mm" local start */
  localTime: string;
  /** The departure's local start (same as availabilityId). */
  localDateTimeStart: string;
}

export type AvailabilityStatus = 'AVAILABLE' | 'LIMITED' | 'SOLD_OUT' | 'CLOSED';

/** CLOSED when closed; else by vacancies: SOLD_OUT at 0, LIMITED under half the capacity, AVAILABLE. */
export function statusOf(d: Pick<Departure, 'closed' | 'vacancies' | 'capacity'>): AvailabilityStatus {
  if (d.closed) return 'CLOSED';
  if (d.vacancies <= 0) return 'SOLD_OUT';
  return d.vacancies * 2 < d.capacity ? 'LIMITED' : 'AVAILABLE';
}

/** The window whose orders and holds use the departure's places. */
export function windowOf(product: SellableProduct, d: ScheduledDeparture): DepartureWindow {
  if (product.schedule.availabilityType === 'OPENING_HOURS') return { from: d.dayFrom, to: d.dayTo };
  return { from: d.startsAt, to: new Date(d.startsAt.getTime() + 1) };
}

/** A scheduled departure with `used` places taken, as it reads at `now`. */
export function departureWith(product: SellableProduct, d: ScheduledDeparture, used: number, now: Date): Departure {
  const capacity = product.schedule.capacity;
  return {
    availabilityId: d.availabilityId,
    startsAt: d.startsAt,
    localDate: d.localDate,
    localDateTimeEnd: d.localDateTimeEnd,
    utcCutoffAt: d.utcCutoffAt,
    capacity,
    vacancies: Math.max(0, capacity - used),
    closed: d.closedDate || now.getTime() >= d.utcCutoffAt.getTime(),
    localTime: d.localTime,
    localDateTimeStart: d.availabilityId,
  };
}

/** The departures with their vacancies now, counted in one statement. */
async function withVacancies(
  db: Db,
  product: SellableProduct,
  scheduled: ScheduledDeparture[],
  now: Date,
): Promise<Departure[]> {
  const used = await usedPlaces(
    db,
    product.teamId,
    product.id,
    scheduled.map((d) => windowOf(product, d)),
  );
  return scheduled.map((d, i) => departureWith(product, d, used[i], now));
}

/**
 * The product's departure with this availability id and its vacancies now; null when the schedule
 * has no such departure (wrong format, wrong time, wrong weekday). Works inside a transaction (pass tx).
 */
export async function departureOf(
  db: Db,
  product: SellableProduct,
  availabilityId: string,
  now: Date = new Date(),
): Promise<Departure | null> {
  const scheduled = scheduledDeparture(product.schedule, product.timezone, availabilityId);
  if (!scheduled) return null;
  const [departure] = await withVacancies(db, product, [scheduled], now);
  return departure;
}

/** The product's departures of the local dates from start to end (both included), in order. */
export async function departuresBetween(
  db: Db,
  product: SellableProduct,
  localDateStart: string,
  localDateEnd: string,
  now: Date = new Date(),
): Promise<Departure[]> {
  const scheduled = expandSchedule(product.schedule, product.timezone, localDateStart, localDateEnd);
  return withVacancies(db, product, scheduled, now);
}

/** The product's departures among these availability ids (ids the schedule does not have are left out), in time order. */
export async function departuresByIds(
  db: Db,
  product: SellableProduct,
  availabilityIds: string[],
  now: Date = new Date(),
): Promise<Departure[]> {
  const seen = new Map<string, ScheduledDeparture>();
  for (const id of availabilityIds) {
    const d = seen.has(id) ? null : scheduledDeparture(product.schedule, product.timezone, id);
    if (d) seen.set(id, d);
  }
  const scheduled = [...seen.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return withVacancies(db, product, scheduled, now);
}

/** Serialises reserves and amendments of one departure (call inside a transaction before counting). */
export async function lockDeparture(tx: Db, product: SellableProduct, startsAt: Date): Promise<void> {
  await lockDepartureKey(tx, product.teamId, product.id, startsAt);
}
