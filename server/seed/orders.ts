import type { Ota, Status } from '../../src/domain/statuses';
import type { Schemas } from '../../shared/contract';
import type { CheckInColumn, OrderTableRow } from '../repo/orders';
import { FIRST_NAMES, LANGUAGES, LAST_NAMES, OTA_PREFIX, USD_RATE, type ProductSeed } from './catalog';
import type { SeededTeam } from './base';
import type { Random } from './random';
import { reachOf } from './tour-day';
import { zonedTime, type LocalDate } from './time';

/** Generates one team's orders (rows of table orders, still unlinked) on the given days. */

/** The contract's Price with the only kinds the seed generates. */
export type Price = Omit<Schemas['Price'], 'type'> & { type: 'ADULT' | 'CHILD' | 'TOTAL' };

/** A row of table orders, with the seed's narrower prices and statuses (every one EXPECTED). */
export interface OrderRow extends Omit<OrderTableRow, CheckInColumn> {
  prices: Price[];
  status: Status;
}

const OTA_WEIGHTS: Record<Ota, number> = { KLOOK: 40, KKDAY: 25, VIATOR: 20, MPG: 15 };

const PAST: Record<Status, number> = {
  completed: 55,
  canceled: 15,
  arranged: 10,
  pending: 8,
  cancel_requested: 5,
  new: 7,
  grouped: 0,
};
const FUTURE: Record<Status, number> = {
  new: 40,
  pending: 28,
  arranged: 8,
  canceled: 12,
  cancel_requested: 10,
  grouped: 2,
  completed: 0,
};

const ascii = new Map<string, string>();
/** "Müller" -> "muller": e-mail friendly. */
function plain(name: string): string {
  let out = ascii.get(name);
  if (out === undefined) {
    out = name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9]/g, '');
    ascii.set(name, out);
  }
  return out;
}

const DECIMALS: Record<string, number> = { EUR: 2, USD: 2 };
function round(amount: number, currency: string): number {
  const f = 10 ** (DECIMALS[currency] ?? 0);
  return Math.round(amount * f) / f;
}

export function pricesFor(
  product: ProductSeed,
  currency: string,
  toCurrency: string,
  adult: number,
  child: number,
): Price[] {
  const rate = (USD_RATE[toCurrency] ?? 1) / (USD_RATE[currency] ?? 1);
  const unitAdult = round(product.price * rate, toCurrency);
  const unitChild = round(product.price * 0.7 * rate, toCurrency);
  const prices: Price[] = [{ type: 'ADULT', amount: unitAdult, currency: toCurrency }];
  if (child > 0) prices.push({ type: 'CHILD', amount: unitChild, currency: toCurrency });
  prices.push({
    type: 'TOTAL',
    amount: round(unitAdult * adult + unitChild * child, toCurrency),
    currency: toCurrency,
  });
  return prices;
}

/** Status an order would have on its own, given when it departs. */
export function unlinkedStatus(rnd: Random, departure: Date, now: Date): Status {
  return rnd.weighted(departure.getTime() < now.getTime() ? PAST : FUTURE);
}

/** Checkpoints that fit the status (confirmation sent for most confirmed orders, reviews after the tour). */
export function checkpointsFor(rnd: Random, order: Pick<OrderRow, 'status' | 'departure_at'>, now: Date) {
  const s = order.status;
  const confirmed = s === 'grouped' || s === 'arranged' || s === 'completed';
  const soon = order.departure_at.getTime() - now.getTime() < 2 * 24 * 3600 * 1000;
  const done = s === 'completed';
  return {
    email_checkpoints: {
      confirmation: rnd.chance(confirmed ? 0.9 : s === 'pending' ? 0.4 : s === 'canceled' ? 0.5 : 0.05),
      info: (confirmed && soon && rnd.chance(0.7)) || false,
      review: done && rnd.chance(0.5),
      marketing: rnd.chance(0.1),
    },
    review_checkpoints: {
      OTA: done && rnd.chance(0.4),
      TripAdvisor: done && rnd.chance(0.2),
      Google: done && rnd.chance(0.2),
      MyProGuide: done && rnd.chance(0.1),
    },
  };
}

export interface GenerateOptions {
  team: SeededTeam;
  count: number;
  days: LocalDate[];
  now: Date;
  /** First display number, e.g. 1 -> VN-000001. */
  firstNumber: number;
  usedOtaIds: Set<string>;
}

export function generateOrders(rnd: Random, opts: GenerateOptions): OrderRow[] {
  const { team, now } = opts;
  const orders: OrderRow[] = [];
  for (let i = 0; i < opts.count; i++) {
    const product = rnd.pick(team.products);
    const [h, m] = rnd.pick(product.starts).split(':').map(Number);
    const departure = zonedTime(rnd.pick(opts.days), h, m, team.timezone);
    const latest = Math.min(now.getTime(), departure.getTime());
    const lead = rnd.chance(0.15) ? rnd.int(10, 48 * 60) : rnd.int(60, 45 * 24 * 60); // minutes before
    const booked = new Date(latest - lead * 60_000);
    const ota = rnd.weighted(OTA_WEIGHTS);
    let otaOrderId: string;
    do otaOrderId = `${OTA_PREFIX[ota]}${rnd.digits(8)}`;
    while (opts.usedOtaIds.has(otaOrderId));
    opts.usedOtaIds.add(otaOrderId);
    const adult = rnd.weighted({ 1: 25, 2: 40, 3: 15, 4: 12, 5: 5, 6: 3 } as Record<string, number>);
    const adults = Number(adult);
    const children = rnd.chance(0.3) ? rnd.int(1, 2) : 0;
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    const status = unlinkedStatus(rnd, departure, now);
    const currency = ota === 'VIATOR' ? 'USD' : team.currency;
    const id = rnd.uuid();
    const order: OrderRow = {
      id,
      ...reachOf(team, product, id),
      team_id: team.id,
      display_id: '',
      ota,
      ota_order_id: otaOrderId,
      departure_at: departure,
      booked_at: booked,
      language: rnd.pick(LANGUAGES),
      product_id: product.id,
      customer_name: `${first} ${last}`,
      customer_email: `${plain(first)}.${plain(last)}${rnd.int(1, 999)}@example.com`,
      quantity_total: adults + children,
      quantity_adult: adults,
      quantity_child: children,
      prices: pricesFor(product, team.currency, currency, adults, children),
      tour_id: null,
      status,
      email_checkpoints: { confirmation: false, info: false, review: false, marketing: false },
      review_checkpoints: { OTA: false, TripAdvisor: false, Google: false, MyProGuide: false },
      version: 1,
    };
    orders.push(order);
  }
  // Display numbers follow the booking order, like an OTA feed would have created them.
  orders.sort((a, b) => a.booked_at.getTime() - b.booked_at.getTime());
  orders.forEach((o, i) => (o.display_id = `${team.code}-${String(opts.firstNumber + i).padStart(6, '0')}`));
  return orders;
}
