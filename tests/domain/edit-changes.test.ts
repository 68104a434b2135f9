import { describe, expect, it } from 'vitest';
import { describeChanges } from '../../src/domain/edit-changes';

const HCM = 'Asia/Ho_Chi_Minh';

describe('an edit in the activity', () => {
  it('names the departure before and after in the team timezone, 24-hour', () => {
    expect(
      describeChanges(
        [{ field: 'departureAt', from: '2026-11-02T06:30:00.000Z', to: '2026-11-02T07:00:00.000Z' }],
        HCM,
      ),
    ).toEqual(['Departure 13:30 -> 14:00']);
  });

  it('adds the weekday when the departure moves to another day of the week', () => {
    expect(
      describeChanges(
        [{ field: 'departureAt', from: '2026-11-02T06:30:00.000Z', to: '2026-11-03T16:30:00.000Z' }],
        HCM,
      ),
    ).toEqual(['Departure Mon 13:30 -> Tue 23:30']);
    // the same UTC day, but 00:30 the next day in Ho Chi Minh City
    expect(
      describeChanges(
        [{ field: 'departureAt', from: '2026-11-02T06:30:00.000Z', to: '2026-11-02T17:30:00.000Z' }],
        HCM,
      ),
    ).toEqual(['Departure Mon 13:30 -> Tue 00:30']);
    // an amendment from Saturday noon to Sunday morning, as the inbox shows it
    expect(
      describeChanges(
        [{ field: 'departureAt', from: '2026-11-28T05:00:00.000Z', to: '2026-11-29T01:00:00.000Z' }],
        HCM,
      ),
    ).toEqual(['Departure Sat 12:00 -> Sun 08:00']);
  });

  it('adds the date when the departure moves a week or more', () => {
    expect(
      describeChanges(
        [{ field: 'departureAt', from: '2026-11-02T06:30:00.000Z', to: '2026-11-09T06:30:00.000Z' }],
        HCM,
      ),
    ).toEqual(['Departure 2 Nov 2026 13:30 -> 9 Nov 2026 13:30']);
    expect(describeChanges([{ field: 'departureAt', from: null, to: '2026-11-09T06:30:00.000Z' }], HCM)).toEqual([
      'Departure — -> 9 Nov 2026 13:30',
    ]);
  });

  it('names what a channel changes: party, customer, product and a cancellation', () => {
    expect(
      describeChanges(
        [
          { field: 'adults', from: 2, to: 3 },
          { field: 'children', from: 1, to: 0 },
          { field: 'customerName', from: 'Ann Lee', to: 'Ann Tran' },
          { field: 'customerEmail', from: 'ann@example.com', to: '' },
          { field: 'productId', from: 'HL-2D', to: 'HL-3D' },
          { field: 'statusV2', from: 'new', to: 'canceled' },
        ],
        HCM,
      ),
    ).toEqual([
      'Adults 2 -> 3',
      'Children 1 -> 0',
      'Customer Ann Lee -> Ann Tran',
      'E-mail ann@example.com -> —',
      'Product HL-2D -> HL-3D',
      'Status New Order -> Canceled',
    ]);
  });

  it('names each price type that changed, was added or removed, in its currency', () => {
    const from = [
      { type: 'ADULT', amount: 45, currency: 'USD' },
      { type: 'CHILD', amount: 20, currency: 'USD' },
      { type: 'INFANT', amount: 0, currency: 'USD' },
    ];
    const to = [
      { type: 'ADULT', amount: 50, currency: 'USD' },
      { type: 'CHILD', amount: 20, currency: 'USD' },
      { type: 'SENIOR', amount: 30, currency: 'EUR' },
    ];
    expect(describeChanges([{ field: 'prices', from, to }], HCM)).toEqual([
      'Adult US$45.00 -> US$50.00',
      'Senior added 30,00\u00a0€',
      'Infant removed',
    ]);
  });

  it('writes dong the Vietnamese way, and a change of currency on both sides', () => {
    const from = [{ type: 'ADULT', amount: 1450000, currency: 'VND' }];
    const to = [{ type: 'ADULT', amount: 60, currency: 'USD' }];
    expect(describeChanges([{ field: 'prices', from, to }], HCM)).toEqual(['Adult 1.450.000\u00a0₫ -> US$60.00']);
  });

  it('names a tour name and a language change, and any other field by name', () => {
    expect(
      describeChanges(
        [
          { field: 'displayName', from: 'Morning', to: 'Sunrise' },
          { field: 'language', from: 'en', to: null },
          { field: 'emailCheckpoints', from: {}, to: {} },
        ],
        HCM,
      ),
    ).toEqual(['Name Morning -> Sunrise', 'Language English -> —', 'emailCheckpoints changed']);
  });
});
