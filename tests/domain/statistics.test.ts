import { describe, expect, it } from 'vitest';
import {
  channelRows,
  dailyRows,
  kpis,
  noShowRate,
  pointsChange,
  relativeChange,
  revenueByCurrency,
  type ChannelStatistics,
  type OrderStatistics,
} from '../../src/domain/statistics-figures';
import { changeDirection, formatChange, formatCount, formatShare } from '../../src/domain/statistics-format';
import { ordersLink } from '../../src/domain/statistics-links';
import {
  currentMonth,
  isMonth,
  monthRange,
  nextMonth,
  parseStatisticsQuery,
  previousMonth,
  statisticsSearch,
} from '../../src/domain/statistics-period';
import { parseListFilters, defaultListFilters } from '../../src/domain/list-filters';

/** A month of statistics as the server answers it; each test sets what it reads. */
const channel = (over: Partial<ChannelStatistics> & Pick<ChannelStatistics, 'ota' | 'name'>): ChannelStatistics => ({
  monthlyTotal: 0,
  dailyOrders: [0, 0, 0],
  passengers: { adult: 0, child: 0 },
  revenue: [],
  canceled: 0,
  cancelRequested: 0,
  confirmationSent: 0,
  infoSent: 0,
  checkedIn: 0,
  noShow: 0,
  ...over,
});
const month = (over: Partial<OrderStatistics> = {}): OrderStatistics => ({
  month: '2026-11',
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  basis: 'departure',
  days: ['2026-11-01', '2026-11-02', '2026-11-03'],
  channels: [
    channel({ ota: 'KLOOK', name: 'Klook' }),
    channel({ ota: 'KKDAY', name: 'KKday' }),
    channel({ ota: 'VIATOR', name: 'Viator' }),
    channel({ ota: 'MPG', name: 'MPG' }),
  ],
  totalOrders: 0,
  monthlyTotalOrders: 0,
  passengers: { adult: 0, child: 0 },
  revenue: [],
  canceled: 0,
  cancelRequested: 0,
  confirmationSent: 0,
  infoSent: 0,
  checkedIn: 0,
  noShow: 0,
  ...over,
});

describe('the period', () => {
  it("defaults to the current month in the team's timezone, not the browser's", () => {
    // 30 Nov 2026 20:00 UTC is already 1 December in Ho Chi Minh City (UTC+7), still November in Lima
    const now = Date.parse('2026-11-30T20:00:00Z');
    expect(currentMonth('Asia/Ho_Chi_Minh', now)).toBe('2026-12');
    expect(currentMonth('America/Lima', now)).toBe('2026-11');
  });

  it('knows real months only', () => {
    expect(['2026-01', '2026-12', '1999-07'].every(isMonth)).toBe(true);
    expect(['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', ''].some(isMonth)).toBe(false);
  });

  it('spans a month from its first to its last day, leap years included', () => {
    expect(monthRange('2026-11')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(monthRange('2024-02')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(monthRange('2026-02')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
  });

  it('steps over year ends', () => {
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonth('2026-03')).toBe('2026-02');
  });

  it('reads the month and basis from the URL, defaults when absent', () => {
    expect(parseStatisticsQuery('', '2026-11')).toEqual({
      query: { month: '2026-11', basis: 'departure' },
      notices: [],
    });
    expect(parseStatisticsQuery('?month=2025-02&basis=booking', '2026-11')).toEqual({
      query: { month: '2025-02', basis: 'booking' },
      notices: [],
    });
  });

  it('drops a value that makes no sense, says so, and keeps the other', () => {
    const parsed = parseStatisticsQuery('?month=2026-13&basis=booking', '2026-11');
    expect(parsed.query).toEqual({ month: '2026-11', basis: 'booking' });
    expect(parsed.notices).toEqual([
      'Ignored the month "2026-13": months are written YYYY-MM. Showing the current month.',
    ]);
    const other = parseStatisticsQuery('?month=2026-04&basis=created', '2026-11');
    expect(other.query).toEqual({ month: '2026-04', basis: 'departure' });
    expect(other.notices).toEqual([
      'Ignored the date basis "created": it is departure or booking. Showing departure dates.',
    ]);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(statisticsSearch({ month: '2026-11', basis: 'departure' }, '2026-11')).toBe('');
    expect(statisticsSearch({ month: '2026-10', basis: 'departure' }, '2026-11')).toBe('?month=2026-10');
    expect(statisticsSearch({ month: '2026-11', basis: 'booking' }, '2026-11')).toBe('?basis=booking');
    const query = { month: '2025-12', basis: 'booking' } as const;
    expect(parseStatisticsQuery(statisticsSearch(query, '2026-11'), '2026-11').query).toEqual(query);
  });
});

describe('links to the orders behind a figure', () => {
  it('names the days, and the basis, OTA and status only when they filter', () => {
    expect(ordersLink({ startDate: '2026-11-01', endDate: '2026-11-30', basis: 'departure' })).toBe(
      '/orders?from=2026-11-01&to=2026-11-30',
    );
    expect(
      ordersLink({
        startDate: '2026-11-05',
        endDate: '2026-11-05',
        basis: 'booking',
        ota: 'KKDAY',
        status: 'canceled',
      }),
    ).toBe('/orders?from=2026-11-05&to=2026-11-05&basis=booking&ota=KKDAY&status=canceled');
  });

  it.each(['departure', 'booking'] as const)('are read by the orders list as the same filters (%s)', (basis) => {
    const link = ordersLink({
      startDate: '2026-11-05',
      endDate: '2026-11-07',
      basis,
      ota: 'MPG',
      status: 'cancel_requested',
    });
    const { filters, notices } = parseListFilters(
      new URL(link, 'http://x').searchParams,
      defaultListFilters('Asia/Ho_Chi_Minh', Date.parse('2026-11-25T00:00:00Z')),
    );
    expect(notices).toEqual([]);
    expect(filters).toMatchObject({
      startDate: '2026-11-05',
      endDate: '2026-11-07',
      basis,
      ota: 'MPG',
      status: 'cancel_requested',
    });
  });
});

describe('changes against the period before', () => {
  it('are relative for counts and amounts', () => {
    expect(relativeChange(15, 10)).toEqual({ kind: 'relative', value: 0.5 });
    expect(relativeChange(5, 10)).toEqual({ kind: 'relative', value: -0.5 });
    expect(relativeChange(7, 7)).toEqual({ kind: 'same' });
    expect(relativeChange(0, 0)).toEqual({ kind: 'same' });
    expect(relativeChange(3, 0)).toEqual({ kind: 'new' });
    expect(relativeChange(0, 4)).toEqual({ kind: 'relative', value: -1 });
  });

  it('are in percentage points for shares, and nothing when a month had no orders', () => {
    expect(pointsChange(0.5, 0.25)).toEqual({ kind: 'points', value: 25 });
    expect(pointsChange(0.5, 0.5)).toEqual({ kind: 'same' });
    expect(pointsChange(0.5, null)).toEqual({ kind: 'none' });
    expect(pointsChange(null, 0.5)).toEqual({ kind: 'none' });
  });

  it('read as signed percentages, points or words', () => {
    expect(formatChange({ kind: 'relative', value: 0.125 })).toBe('+12.5%');
    expect(formatChange({ kind: 'relative', value: -1 })).toBe('-100%');
    expect(formatChange({ kind: 'points', value: -3.25 })).toBe('-3.3 pts');
    expect(formatChange({ kind: 'new' })).toBe('New');
    expect(formatChange({ kind: 'same' })).toBe('No change');
    expect(formatChange({ kind: 'none' })).toBe('—');
    expect(changeDirection({ kind: 'relative', value: -0.2 })).toBe('down');
    expect(changeDirection({ kind: 'new' })).toBe('up');
    expect(changeDirection({ kind: 'none' })).toBe('flat');
  });

  it('counts and shares read in full', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatShare(0.4251)).toBe('42.5%');
    expect(formatShare(null)).toBe('—');
  });
});

describe('the KPI cards', () => {
  const now = month({
    totalOrders: 40,
    passengers: { adult: 70, child: 1 },
    revenue: [
      { currency: 'VND', amount: 9_000_000 },
      { currency: 'USD', amount: 300 },
    ],
    canceled: 4,
    cancelRequested: 0,
    confirmationSent: 30,
    infoSent: 10,
  });
  const before = month({
    month: '2026-10',
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    totalOrders: 20,
    passengers: { adult: 30, child: 10 },
    revenue: [
      { currency: 'USD', amount: 400 },
      { currency: 'EUR', amount: 50 },
    ],
    canceled: 0,
    cancelRequested: 2,
    confirmationSent: 10,
    infoSent: 0,
  });
  const cards = kpis(now, before);
  const card = (id: string) => cards.find((c) => c.id === id)!;

  it('are orders, passengers, revenue, canceled, cancel requested and the two e-mail shares, in that order', () => {
    expect(cards.map((c) => c.label)).toEqual([
      'Orders',
      'Passengers',
      'Revenue',
      'Canceled',
      'Cancel Requested',
      'Confirmation sent',
      'Info sent',
    ]);
  });

  it('compare each figure with the month before', () => {
    expect(card('orders').lines).toEqual([
      { value: { kind: 'count', value: 40 }, change: { kind: 'relative', value: 1 } },
    ]);
    expect(card('passengers').lines[0]).toEqual({
      value: { kind: 'count', value: 71 },
      change: { kind: 'relative', value: 31 / 40 },
    });
    expect(card('passengers').detail).toBe('70 adults, 1 child');
    expect(card('canceled').lines[0].change).toEqual({ kind: 'new' });
    expect(card('cancelRequested').lines[0].change).toEqual({ kind: 'relative', value: -1 });
    expect(card('confirmationSent').lines[0]).toEqual({
      value: { kind: 'share', value: 0.75 },
      change: { kind: 'points', value: 25 },
    });
    expect(card('confirmationSent').detail).toBe('30 of 40 orders');
    expect(card('infoSent').lines[0].change).toEqual({ kind: 'points', value: 25 });
  });

  it('give revenue per currency of either month, largest now first', () => {
    expect(card('revenue').lines).toEqual([
      { value: { kind: 'money', currency: 'VND', amount: 9_000_000 }, change: { kind: 'new' } },
      { value: { kind: 'money', currency: 'USD', amount: 300 }, change: { kind: 'relative', value: -0.25 } },
      { value: { kind: 'money', currency: 'EUR', amount: 0 }, change: { kind: 'relative', value: -1 } },
    ]);
  });

  it('link to the orders behind them: the status for the two status counts, all orders otherwise', () => {
    expect(card('orders').link).toBe('/orders?from=2026-11-01&to=2026-11-30');
    expect(card('canceled').link).toBe('/orders?from=2026-11-01&to=2026-11-30&status=canceled');
    expect(card('cancelRequested').link).toBe('/orders?from=2026-11-01&to=2026-11-30&status=cancel_requested');
    const booked = kpis({ ...now, basis: 'booking' }, before);
    expect(booked.map((c) => c.link).every((l) => l.includes('&basis=booking'))).toBe(true);
  });

  it('have nothing to compare a share with when a month had no orders', () => {
    const empty = kpis(month(), month());
    expect(empty.find((c) => c.id === 'confirmationSent')!.lines[0]).toEqual({
      value: { kind: 'share', value: null },
      change: { kind: 'none' },
    });
    expect(empty.find((c) => c.id === 'revenue')!.lines).toEqual([]);
  });
});

describe('the chart rows', () => {
  const stats = month({
    totalOrders: 8,
    revenue: [
      { currency: 'VND', amount: 500 },
      { currency: 'USD', amount: 40 },
    ],
    channels: [
      channel({
        ota: 'KLOOK',
        name: 'Klook',
        monthlyTotal: 5,
        dailyOrders: [1, 0, 4],
        passengers: { adult: 9, child: 2 },
        revenue: [{ currency: 'VND', amount: 500 }],
      }),
      channel({ ota: 'KKDAY', name: 'KKday', monthlyTotal: 0 }),
      channel({
        ota: 'VIATOR',
        name: 'Viator',
        monthlyTotal: 3,
        dailyOrders: [0, 3, 0],
        revenue: [{ currency: 'USD', amount: 40 }],
      }),
      channel({ ota: 'MPG', name: 'MPG' }),
    ],
  });

  it('stack each day by channel, with the day total', () => {
    expect(dailyRows(stats)).toEqual([
      { day: '2026-11-01', KLOOK: 1, KKDAY: 0, VIATOR: 0, MPG: 0, total: 1 },
      { day: '2026-11-02', KLOOK: 0, KKDAY: 0, VIATOR: 3, MPG: 0, total: 3 },
      { day: '2026-11-03', KLOOK: 4, KKDAY: 0, VIATOR: 0, MPG: 0, total: 4 },
    ]);
  });

  it("give each channel's orders, share and passengers", () => {
    const rows = channelRows(stats);
    expect(rows.map((r) => [r.ota, r.orders, r.share])).toEqual([
      ['KLOOK', 5, 5 / 8],
      ['KKDAY', 0, 0],
      ['VIATOR', 3, 3 / 8],
      ['MPG', 0, 0],
    ]);
    expect(rows[0]).toMatchObject({ adult: 9, child: 2 });
    expect(channelRows(month())[0].share).toBeNull();
  });

  it('give each channel its no-show rate of the recorded check-ins, none when nothing was recorded', () => {
    const checked = month({
      channels: [
        channel({ ota: 'KLOOK', name: 'Klook', monthlyTotal: 9, checkedIn: 6, noShow: 2 }),
        channel({ ota: 'KKDAY', name: 'KKday', monthlyTotal: 4, checkedIn: 4, noShow: 0 }),
        channel({ ota: 'VIATOR', name: 'Viator', monthlyTotal: 3, checkedIn: 0, noShow: 3 }),
        // orders, but not one check-in recorded: no rate (not 0%)
        channel({ ota: 'MPG', name: 'MPG', monthlyTotal: 5 }),
      ],
    });
    expect(channelRows(checked).map((r) => [r.ota, r.noShowRate])).toEqual([
      ['KLOOK', 0.25],
      ['KKDAY', 0],
      ['VIATOR', 1],
      ['MPG', null],
    ]);
    expect(noShowRate({ checkedIn: 1, noShow: 2 })).toBe(2 / 3);
    expect(channelRows(checked).map((r) => formatShare(r.noShowRate))).toEqual(['25%', '0%', '100%', '—']);
  });

  it('split revenue by currency, every channel in each', () => {
    expect(revenueByCurrency(stats)).toEqual([
      {
        currency: 'VND',
        channels: [
          { ota: 'KLOOK', name: 'Klook', amount: 500 },
          { ota: 'KKDAY', name: 'KKday', amount: 0 },
          { ota: 'VIATOR', name: 'Viator', amount: 0 },
          { ota: 'MPG', name: 'MPG', amount: 0 },
        ],
      },
      {
        currency: 'USD',
        channels: [
          { ota: 'KLOOK', name: 'Klook', amount: 0 },
          { ota: 'KKDAY', name: 'KKday', amount: 0 },
          { ota: 'VIATOR', name: 'Viator', amount: 40 },
          { ota: 'MPG', name: 'MPG', amount: 0 },
        ],
      },
    ]);
  });
});
