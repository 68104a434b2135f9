import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { dayIn } from './date-groups';
import { formatTime } from './format';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The create-tour form's departure: a day and a 24-hour time in the team's timezone. */
export interface DepartureFields {
  date: string;
  time: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A tour without orders departs at this time unless the person says otherwise. */
export const NEW_TOUR_TIME = '09:00';

/** Defaults: the given departure, or today at NEW_TOUR_TIME for a tour without orders. */
export function departureDefaults(departureAt: string | null, tz: string, now: Date): DepartureFields {
  if (departureAt) return { date: dayIn(departureAt, tz), time: formatTime(departureAt, tz) };
  return { date: dayIn(now.toISOString(), tz), time: NEW_TOUR_TIME };
}

export function isValidDeparture({ date, time }: DepartureFields): boolean {
  return DATE.test(date) && TIME.test(time) && dayjs(date).format('YYYY-MM-DD') === date;
}

/** The ISO timestamp of a day and time in the team's timezone. */
export function toDepartureAt({ date, time }: DepartureFields, tz: string): string {
  return dayjs.tz(`${date} ${time}`, tz).toISOString();
}

/** What the create dialog knows of a selected order (a loaded row). */
export interface TourOrder {
  id: string;
  departureAt: string;
  product: { id: string; route: string; pack: string };
}

export interface ProductChoice {
  id: string;
  route: string;
  pack: string;
  count: number;
}

export interface DepartureChoice extends DepartureFields {
  count: number;
}

/** Orders of one product at one departure, as the dialog lists them. */
export interface OrderGroup extends DepartureFields {
  product: ProductChoice;
  count: number;
}

/**
 * The selected orders as the create dialog shows them: their products and departures (most
 * common first; a tie goes to the earlier departure, the server's "first order"), the groups of
 * orders that depart together, and what differs between them. A tour is one product at one
 * departure: orders that differ in product, day or time do not belong together.
 */
export interface OrdersSummary {
  products: ProductChoice[];
  departures: DepartureChoice[];
  groups: OrderGroup[];
  differ: { product: boolean; day: boolean; time: boolean };
}

function tally<T>(orders: readonly TourOrder[], keyOf: (o: TourOrder) => string, make: (o: TourOrder) => T) {
  const counts = new Map<string, { value: T; count: number; first: number }>();
  for (const order of orders) {
    const key = keyOf(order);
    const at = Date.parse(order.departureAt);
    const seen = counts.get(key);
    if (seen) {
      seen.count++;
      seen.first = Math.min(seen.first, at);
    } else counts.set(key, { value: make(order), count: 1, first: at });
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.first - b.first);
}

export function summarizeOrders(orders: readonly TourOrder[], tz: string): OrdersSummary {
  const departureOf = (o: TourOrder) => ({ date: dayIn(o.departureAt, tz), time: formatTime(o.departureAt, tz) });
  const products = tally(
    orders,
    (o) => o.product.id,
    (o) => ({ id: o.product.id, route: o.product.route, pack: o.product.pack }),
  ).map(({ value, count }) => ({ ...value, count }));
  const departures = tally(orders, (o) => o.departureAt, departureOf).map(({ value, count }) => ({ ...value, count }));
  const byId = new Map(products.map((p) => [p.id, p]));
  const groups = tally(
    orders,
    (o) => `${o.product.id} ${o.departureAt}`,
    (o) => ({ product: byId.get(o.product.id)!, ...departureOf(o) }),
  )
    .sort((a, b) => a.first - b.first || a.value.product.route.localeCompare(b.value.product.route))
    .map(({ value, count }) => ({ ...value, count }));
  const distinct = (of: (d: DepartureChoice) => string) => new Set(departures.map(of)).size > 1;
  return {
    products,
    departures,
    groups,
    differ: { product: products.length > 1, day: distinct((d) => d.date), time: distinct((d) => d.time) },
  };
}

/** "These orders differ: 2 products, 2 departure times.", or null when they belong together. */
export function differenceWarning(summary: OrdersSummary): string | null {
  const { differ, products, departures } = summary;
  const count = (of: (d: DepartureChoice) => string) => new Set(departures.map(of)).size;
  const parts = [
    differ.product && `${products.length} products`,
    differ.day && `${count((d) => d.date)} days`,
    differ.time && `${count((d) => d.time)} departure times`,
  ].filter(Boolean);
  return parts.length ? `These orders differ: ${parts.join(', ')}.` : null;
}
