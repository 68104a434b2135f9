import { describe, expect, it } from 'vitest';
import {
  departureDefaults,
  differenceWarning,
  isValidDeparture,
  summarizeOrders,
  toDepartureAt,
  type TourOrder,
} from '../../src/domain/create-tour-form';

const PHNOM_PENH = 'Asia/Phnom_Penh'; // UTC+7
const TONLE_SAP = { id: 'tonle-sap', route: 'Tonle Sap', pack: 'Sunset boat' };
const CITY = { id: 'phnom-penh', route: 'Phnom Penh', pack: 'City walk' };

/** An order departing at a Phnom Penh wall-clock time (`YYYY-MM-DD HH:mm`, UTC+7). */
const order = (id: string, product: TourOrder['product'], local: string): TourOrder => {
  const [day, time] = local.split(' ');
  const [h, m] = time.split(':').map(Number);
  const utc = new Date(`${day}T00:00:00Z`);
  utc.setUTCMinutes(h * 60 + m - 7 * 60);
  return { id, product, departureAt: utc.toISOString() };
};

describe('the create-tour form', () => {
  it('defaults a tour without orders to today 09:00 in the team timezone', () => {
    expect(departureDefaults(null, PHNOM_PENH, new Date('2026-03-10T20:00:00.000Z'))).toEqual({
      date: '2026-03-11',
      time: '09:00',
    });
  });

  it('reads a departure in the team timezone, 24-hour, and accepts only real days and times', () => {
    expect(departureDefaults('2026-03-10T13:45:00.000Z', PHNOM_PENH, new Date())).toEqual({
      date: '2026-03-10',
      time: '20:45',
    });
    expect(toDepartureAt({ date: '2026-03-10', time: '08:30' }, PHNOM_PENH)).toBe('2026-03-10T01:30:00.000Z');
    expect(isValidDeparture({ date: '2026-02-30', time: '08:30' })).toBe(false);
    expect(isValidDeparture({ date: '2026-03-10', time: '24:00' })).toBe(false);
    expect(isValidDeparture({ date: '2026-03-10', time: '23:59' })).toBe(true);
  });
});

describe('orders that do not belong together', () => {
  it('the issue: a 13:30 Tonle Sap order and a 14:00 Phnom Penh order differ in product and time', () => {
    const summary = summarizeOrders(
      [order('a', TONLE_SAP, '2026-11-02 13:30'), order('b', CITY, '2026-11-02 14:00')],
      PHNOM_PENH,
    );
    expect(summary.differ).toEqual({ product: true, day: false, time: true });
    expect(differenceWarning(summary)).toBe('These orders differ: 2 products, 2 departure times.');
    expect(summary.groups).toEqual([
      { product: { ...TONLE_SAP, count: 1 }, date: '2026-11-02', time: '13:30', count: 1 },
      { product: { ...CITY, count: 1 }, date: '2026-11-02', time: '14:00', count: 1 },
    ]);
  });

  it('orders of one product at the same time on different days differ in day only', () => {
    const summary = summarizeOrders(
      [
        order('a', CITY, '2026-11-02 14:00'),
        order('b', CITY, '2026-11-03 14:00'),
        order('c', CITY, '2026-11-04 14:00'),
      ],
      PHNOM_PENH,
    );
    expect(summary.differ).toEqual({ product: false, day: true, time: false });
    expect(differenceWarning(summary)).toBe('These orders differ: 3 days.');
  });

  it('days are the team timezone days: 23:30 and 00:30 local are two days, though one UTC day', () => {
    const summary = summarizeOrders(
      [order('a', CITY, '2026-11-02 23:30'), order('b', CITY, '2026-11-03 00:30')],
      PHNOM_PENH,
    );
    expect(summary.departures.map((d) => d.date)).toEqual(['2026-11-02', '2026-11-03']);
    expect(differenceWarning(summary)).toBe('These orders differ: 2 days, 2 departure times.');
  });

  it('orders of one product at one departure belong together: no warning, one group', () => {
    const summary = summarizeOrders(
      [order('a', CITY, '2026-11-02 14:00'), order('b', CITY, '2026-11-02 14:00')],
      PHNOM_PENH,
    );
    expect(differenceWarning(summary)).toBeNull();
    expect(summary.groups).toEqual([{ product: { ...CITY, count: 2 }, date: '2026-11-02', time: '14:00', count: 2 }]);
  });

  it('offers the most common product and departure first', () => {
    const summary = summarizeOrders(
      [
        order('a', TONLE_SAP, '2026-11-02 13:30'),
        order('b', CITY, '2026-11-02 14:00'),
        order('c', CITY, '2026-11-02 14:00'),
        order('d', CITY, '2026-11-03 09:00'),
      ],
      PHNOM_PENH,
    );
    expect(summary.products.map((p) => [p.id, p.count])).toEqual([
      ['phnom-penh', 3],
      ['tonle-sap', 1],
    ]);
    expect(summary.departures.map((d) => [d.date, d.time, d.count])).toEqual([
      ['2026-11-02', '14:00', 2],
      ['2026-11-02', '13:30', 1],
      ['2026-11-03', '09:00', 1],
    ]);
    // the dialog lists the groups by departure
    expect(summary.groups.map((g) => [g.product.id, g.time, g.count])).toEqual([
      ['tonle-sap', '13:30', 1],
      ['phnom-penh', '14:00', 2],
      ['phnom-penh', '09:00', 1],
    ]);
  });

  it('breaks a tie with the earlier departure (the first order, as the server would)', () => {
    const summary = summarizeOrders(
      [order('a', CITY, '2026-11-02 14:00'), order('b', TONLE_SAP, '2026-11-02 13:30')],
      PHNOM_PENH,
    );
    expect(summary.products[0].id).toBe('tonle-sap');
    expect(summary.departures[0].time).toBe('13:30');
  });

  it('has nothing to offer for a tour without orders', () => {
    const summary = summarizeOrders([], PHNOM_PENH);
    expect(summary).toEqual({
      products: [],
      departures: [],
      groups: [],
      differ: { product: false, day: false, time: false },
    });
    expect(differenceWarning(summary)).toBeNull();
  });
});
