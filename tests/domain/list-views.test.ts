import { describe, expect, it } from 'vitest';
import type { ListFilters } from '../../src/domain/list-filters';
import { belongsToView, isIssue, issueLabel, type ViewRow, type ViewScope } from '../../src/domain/list-views';
import { tourPlace } from '../../src/domain/tour-place';

const NOW = new Date('2026-03-10T12:00:00Z');
const noFilters: ListFilters = {
  startDate: null,
  endDate: null,
  basis: 'departure',
  ota: null,
  status: null,
  search: '',
  sort: 'DEPARTURE_AT_ASC',
};
const scope = (
  kind: ViewScope['kind'],
  view: string | null,
  filters: Partial<ListFilters> = {},
  timezone = 'UTC',
): ViewScope => ({
  kind,
  view,
  filters: { ...noFilters, ...filters },
  timezone,
  now: NOW,
});
const order = (over: Partial<ViewRow> = {}): ViewRow => ({
  id: 'o1',
  ota: 'KLOOK',
  departureAt: '2026-03-20T09:00:00Z',
  bookedAt: '2026-02-01T09:00:00Z',
  statusV2: 'new',
  tour: null,
  emailCheckpoints: { confirmation: false },
  ...over,
});

describe('order views', () => {
  it.each([
    ['new-added', 'new'],
    ['pending', 'pending'],
    ['cancel-requested', 'cancel_requested'],
    ['canceled', 'canceled'],
  ])('%s keeps %s rows and drops the others', (view, status) => {
    expect(belongsToView(order({ statusV2: status }), scope('orders', view))).toBe(true);
    expect(belongsToView(order({ statusV2: 'arranged' }), scope('orders', view))).toBe(false);
  });

  it('all orders keeps every status', () => {
    expect(belongsToView(order({ statusV2: 'completed' }), scope('orders', null))).toBe(true);
  });

  it('issues: departing within 48 hours unconfirmed, or linked while canceled / cancel-requested', () => {
    const soon = '2026-03-11T08:00:00Z';
    expect(isIssue(order({ departureAt: soon }), NOW)).toBe(true);
    expect(isIssue(order({ departureAt: soon, emailCheckpoints: { confirmation: true } }), NOW)).toBe(false);
    expect(isIssue(order({ departureAt: soon, statusV2: 'canceled' }), NOW)).toBe(false);
    expect(isIssue(order({ statusV2: 'canceled', tour: { id: 't1' } }), NOW)).toBe(true);
    expect(isIssue(order({ statusV2: 'cancel_requested', tour: { id: 't1' } }), NOW)).toBe(true);
    // moved out of cancel-requested while departing far away: no issue any more, it leaves the view
    expect(belongsToView(order({ statusV2: 'pending', tour: { id: 't1' } }), scope('orders', 'issues'))).toBe(false);
  });
});

describe('tour views', () => {
  const tour = (over: Partial<ViewRow> = {}): ViewRow => ({
    id: 't1',
    departureAt: '2026-03-10T20:00:00Z',
    statusV2: 'grouped',
    ...over,
  });

  it('status views', () => {
    expect(belongsToView(tour(), scope('tours', 'grouped'))).toBe(true);
    expect(belongsToView(tour({ statusV2: 'arranged' }), scope('tours', 'grouped'))).toBe(false);
    expect(belongsToView(tour({ statusV2: 'completed' }), scope('tours', 'completed'))).toBe(true);
  });

  it('today and tomorrow are days of the team timezone', () => {
    // 20:00 UTC on 10 March is 03:00 on 11 March in Ho Chi Minh City
    expect(belongsToView(tour(), scope('tours', 'today', {}, 'UTC'))).toBe(true);
    expect(belongsToView(tour(), scope('tours', 'today', {}, 'Asia/Ho_Chi_Minh'))).toBe(false);
    expect(belongsToView(tour(), scope('tours', 'tomorrow', {}, 'Asia/Ho_Chi_Minh'))).toBe(true);
  });

  it("today's and tomorrow's tours are not held to the range (their day is their own)", () => {
    const lastMarch = { startDate: '2026-03-01', endDate: '2026-03-10' };
    const hcm = 'Asia/Ho_Chi_Minh';
    expect(belongsToView(tour(), scope('tours', 'tomorrow', lastMarch, hcm))).toBe(true);
    expect(belongsToView(tour(), scope('tours', null, lastMarch, hcm))).toBe(false);
  });
});

describe('filters', () => {
  it('date range (inclusive, team timezone), status and OTA', () => {
    const hcm = 'Asia/Ho_Chi_Minh';
    const lateOn19th = order({ departureAt: '2026-03-19T18:00:00Z' }); // 01:00 on 20 March in HCM
    expect(
      belongsToView(lateOn19th, scope('orders', null, { startDate: '2026-03-20', endDate: '2026-03-20' }, hcm)),
    ).toBe(true);
    expect(belongsToView(lateOn19th, scope('orders', null, { startDate: '2026-03-20', endDate: '2026-03-20' }))).toBe(
      false,
    );
    expect(belongsToView(order(), scope('orders', null, { status: 'pending' }))).toBe(false);
    expect(belongsToView(order(), scope('orders', null, { ota: 'VIATOR' }))).toBe(false);
  });

  const march20 = { startDate: '2026-03-20', endDate: '2026-03-20' };
  it('a booking-date range judges the booking day, not the departure', () => {
    expect(belongsToView(order(), scope('orders', null, march20))).toBe(true);
    expect(belongsToView(order(), scope('orders', null, { ...march20, basis: 'booking' }))).toBe(false);
    const booked20th = order({ bookedAt: '2026-03-20T01:00:00Z', departureAt: '2026-05-01T09:00:00Z' });
    expect(belongsToView(booked20th, scope('orders', null, { ...march20, basis: 'booking' }))).toBe(true);
  });

  it('a search sets the range aside (the server matched the row on what no edit changes)', () => {
    const april = order({ departureAt: '2026-04-02T09:00:00Z' });
    expect(belongsToView(april, scope('orders', null, march20))).toBe(false);
    expect(belongsToView(april, scope('orders', null, { ...march20, search: 'nguyen' }))).toBe(true);
    // the other filters still apply while searching
    expect(belongsToView(april, scope('orders', null, { ...march20, search: 'nguyen', status: 'pending' }))).toBe(
      false,
    );
  });
});

describe('the issue a row of "Orders with issues" names', () => {
  const soon = '2026-03-11T05:30:00Z'; // 17.5 h after NOW
  it('says that no confirmation went out, and how soon the order departs', () => {
    expect(issueLabel(order({ departureAt: soon }), NOW)).toBe('Unconfirmed, departs in 17 h');
    expect(issueLabel(order({ departureAt: '2026-03-10T12:40:00Z' }), NOW)).toBe(
      'Unconfirmed, departs within the hour',
    );
    expect(issueLabel(order({ departureAt: soon, emailCheckpoints: { confirmation: true } }), NOW)).toBeNull();
    expect(issueLabel(order({ departureAt: '2026-03-13T12:00:00Z' }), NOW)).toBeNull();
  });

  it('names the tour a canceled or cancel-requested order is still linked to; both issues when both hold', () => {
    const tour = { id: 't1', displayId: 'T-000042' };
    expect(issueLabel({ ...order({ statusV2: 'canceled' }), tour }, NOW)).toBe('Canceled, still in tour T-000042');
    expect(issueLabel({ ...order({ statusV2: 'cancel_requested', departureAt: soon }), tour }, NOW)).toBe(
      'Unconfirmed, departs in 17 h; Cancel requested, still in tour T-000042',
    );
    // every row isIssue keeps has a label, and no other row has one
    for (const row of [
      order({ departureAt: soon }),
      { ...order({ statusV2: 'canceled', departureAt: soon }), tour },
      order({ statusV2: 'canceled', departureAt: soon }),
      order(),
    ])
      expect(issueLabel(row, NOW) !== null).toBe(isIssue(row, NOW));
  });
});

describe("a tour's place, for the guide picker", () => {
  it("is where the first order's route starts", () => {
    expect(tourPlace([{ product: { route: 'Siem Reap → Tonle Sap' } }])).toBe('Siem Reap');
    expect(tourPlace([{ product: { route: ' ' } }, { product: { route: 'Phnom Penh' } }])).toBe('Phnom Penh');
    expect(tourPlace([])).toBeNull();
  });
});
