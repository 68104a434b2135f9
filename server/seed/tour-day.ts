import type { SeededTeam } from './base';
import { FIRST_NAMES, LAST_NAMES, OTA_PREFIX, type ProductSeed } from './catalog';
import { pricesFor, type OrderRow } from './orders';
import { Random } from './random';
import { localDate, localTime, zonedTime } from './time';
import type { EventRow, TourRow } from './tours';

/**
 * The tour day's demo data: how to reach each customer (a phone written as the team's country
 * writes it, a hotel or meeting point of the product's city, the OTA's notes now and then), and for
 * each team a tour departing today with 6 to 10 parties, so the manifest can be tried right away.
 * The contact details draw from a generator of their own (seeded by the order id), so the rest of
 * the demo data stays what it was.
 */

/** A mobile number as each country writes it internationally. */
const PHONES: Record<string, (r: Random) => string> = {
  VN: (r) => `+84 9${r.digits(2)} ${r.digits(3)} ${r.digits(3)}`,
  JP: (r) => `+81 90-${r.digits(4)}-${r.digits(4)}`,
  FR: (r) => `+33 6 ${r.digits(2)} ${r.digits(2)} ${r.digits(2)} ${r.digits(2)}`,
  TH: (r) => `+66 8${r.digits(1)} ${r.digits(3)} ${r.digits(4)}`,
  KH: (r) => `+855 1${r.digits(1)} ${r.digits(3)} ${r.digits(3)}`,
};
const phoneOf = (code: string, r: Random) =>
  (PHONES[code] ?? ((x: Random) => `+1 555 ${x.digits(3)} ${x.digits(4)}`))(r);

/** Hotels and meeting points by the city a product starts from (its id's prefix). */
const PICKUPS: Record<string, string[]> = {
  HN: [
    'Sofitel Legend Metropole Hanoi',
    'Hanoi La Siesta Hotel',
    'Meeting point: Hoan Kiem Lake, Thap Rua side',
    'Apricot Hotel',
  ],
  HCM: ['Hotel Majestic Saigon', 'Rex Hotel', 'Meeting point: Ben Thanh Market, south gate', 'Liberty Central Saigon'],
  HUE: ['Azerai La Residence Hue', 'Meeting point: Ngo Mon Gate', 'Pilgrimage Village'],
  DN: ['InterContinental Danang', 'Meeting point: Dragon Bridge, east end', 'Novotel Danang Premier Han River'],
  TYO: ['Park Hyatt Tokyo', 'Meeting point: Shinjuku Station, west exit bus terminal', 'Hotel Gracery Shinjuku'],
  KYO: ['Hotel Granvia Kyoto', 'Meeting point: Kyoto Station, Hachijo exit'],
  OSA: ['Hotel Nikko Osaka', 'Meeting point: Osaka Station, Sakurabashi exit'],
  PAR: [
    'Hôtel Regina Louvre',
    'Meeting point: Place de la Concorde, obelisk',
    'Pullman Paris Tour Eiffel',
    'Hôtel du Louvre',
  ],
  BKK: ['Mandarin Oriental Bangkok', 'Meeting point: Siam Paragon, main entrance', 'Riva Surya Bangkok'],
  CNX: ['137 Pillars House', 'Meeting point: Tha Phae Gate'],
  HKT: ['Rawai Palm Beach Resort', 'Meeting point: Rassada Pier, gate 2'],
  REP: ['Raffles Grand Hotel d’Angkor', 'Meeting point: Old Market, Pub Street corner', 'Shinta Mani Angkor'],
  PNH: ['Raffles Hotel Le Royal', 'Meeting point: Royal Palace, riverside'],
};
const NOTES = [
  'Vegetarian',
  'Child seat needed',
  'Gluten-free meal, please',
  'Celebrating a birthday',
  'Wheelchair user: needs step-free access',
  'Arriving late from the airport: call on arrival',
  'Halal meal',
  'Two vegetarians in the group',
];

/** A number from a text (an order id), to seed a generator of its own. */
export const seedOf = (id: string) => [...id].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

export interface Reach {
  customer_phone: string | null;
  pickup: string | null;
  notes: string | null;
}

/** How to reach the customer of an order: most have a phone, many a pick-up, some notes. */
export function reachOf(team: { code: string }, product: { id: string }, orderId: string, always = false): Reach {
  const r = new Random(seedOf(orderId));
  const places = PICKUPS[product.id.split('-')[0]] ?? (always ? ['Meeting point: main entrance'] : undefined);
  const place = places && (always || r.chance(0.6)) ? r.pick(places) : null;
  return {
    customer_phone: always || r.chance(0.85) ? phoneOf(team.code, r) : null,
    pickup:
      place && !place.startsWith('Meeting point') && r.chance(0.5)
        ? `${place}, room ${r.int(2, 18)}${r.digits(2)}`
        : place,
    notes: r.chance(always ? 0.35 : 0.15) ? r.pick(NOTES) : null,
  };
}

/**
 * Today's tour of a team: its first product's next start today (else its last one), 6 to 10
 * confirmed parties linked to it (some with children), each with a phone and a pick-up.
 */
export function todayTour(
  rnd: Random,
  team: SeededTeam,
  now: Date,
  numbers: { order: number; tour: number },
  usedOtaIds: Set<string>,
  departures: { orders: OrderRow[]; capacity: number | null },
): { tour: TourRow; orders: OrderRow[]; events: EventRow[] } | null {
  const product: ProductSeed | undefined = team.products[0];
  if (!product) return null;
  const today = localDate(now, team.timezone);
  const starts = [...product.starts].sort().map((s) => {
    const [h, m] = s.split(':').map(Number);
    return zonedTime(today, h, m, team.timezone);
  });
  const departure = starts.find((d) => d.getTime() > now.getTime()) ?? starts[starts.length - 1];
  const tour: TourRow = {
    id: rnd.uuid(),
    team_id: team.id,
    display_id: `T-${String(numbers.tour).padStart(6, '0')}`,
    display_name: `${product.name} ${localTime(departure, team.timezone)}`,
    departure_at: departure,
    product_id: product.id,
    prices: pricesFor(product, team.currency, team.currency, 1, 1).filter((p) => p.type !== 'TOTAL'),
    status: 'arranged',
    version: 2,
  };
  const events: EventRow[] = [];
  const staff = team.staff[0] ?? null;
  // the departure keeps a seat free: the demo sells out only tomorrow's (./schedules.ts)
  const taken = departures.orders
    .filter(
      (o) => o.product_id === product.id && o.departure_at.getTime() === departure.getTime() && o.status !== 'canceled',
    )
    .reduce((sum, o) => sum + o.quantity_total, 0);
  let seats = departures.capacity === null ? Infinity : departures.capacity - taken - 1;
  const parties = Array.from({ length: rnd.int(6, 10) }, () => {
    const adults = Math.min(rnd.int(1, 4), seats);
    const children = Math.min(rnd.chance(0.35) ? rnd.int(1, 2) : 0, seats - adults);
    seats -= adults + children;
    return { adults, children };
  }).filter((p) => p.adults > 0);
  if (parties.length === 0) return null;
  const orders: OrderRow[] = parties.map(({ adults, children }, i) => {
    const [first, last] = [rnd.pick(FIRST_NAMES), rnd.pick(LAST_NAMES)];
    const ota = rnd.pick(['KLOOK', 'KKDAY', 'VIATOR', 'MPG'] as const);
    let otaOrderId: string;
    do otaOrderId = `${OTA_PREFIX[ota]}${rnd.digits(8)}`;
    while (usedOtaIds.has(otaOrderId));
    usedOtaIds.add(otaOrderId);
    const id = rnd.uuid();
    const currency = ota === 'VIATOR' ? 'USD' : team.currency;
    const booked = new Date(now.getTime() - rnd.int(2, 30) * 24 * 3600_000);
    events.push({
      id: rnd.uuid(),
      team_id: team.id,
      order_id: id,
      tour_id: tour.id,
      type: 'LINK',
      is_system_event: staff === null,
      operated_by_id: staff?.id ?? null,
      operated_by_name: staff?.name ?? null,
      comment: `Linked to tour ${tour.display_id}`,
      data: { tourId: tour.id, fromTourId: null },
      timestamp: new Date(Math.min(now.getTime(), booked.getTime() + 3600_000)),
    });
    return {
      id,
      team_id: team.id,
      display_id: `${team.code}-${String(numbers.order + i).padStart(6, '0')}`,
      ota,
      ota_order_id: otaOrderId,
      departure_at: departure,
      booked_at: booked,
      language: 'en',
      product_id: product.id,
      customer_name: `${first} ${last}`,
      customer_email: `${first}.${last}${rnd.int(1, 999)}@example.com`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z0-9.@]/g, ''),
      ...reachOf(team, product, id, true),
      quantity_total: adults + children,
      quantity_adult: adults,
      quantity_child: children,
      prices: pricesFor(product, team.currency, currency, adults, children),
      tour_id: tour.id,
      status: 'arranged',
      email_checkpoints: { confirmation: true, info: true, review: false, marketing: false },
      review_checkpoints: { OTA: false, TripAdvisor: false, Google: false, MyProGuide: false },
      version: 2,
    };
  });
  return { tour, orders, events };
}
