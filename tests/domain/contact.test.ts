import { describe, expect, it } from 'vitest';
import { checkInText, copiedMessage, copyLabel, mapHref, telHref } from '../../src/domain/contact';
import { activityTypeLabel, describeChanges } from '../../src/domain/edit-changes';

// How the order panel reaches a customer (issue 25 point 2) and reads the party's check-in.
describe('reaching the customer', () => {
  it('dials a phone as the OTA wrote it: digits and a leading +, nothing when nothing is dialable', () => {
    expect(telHref('+84 912 345 678')).toBe('tel:+84912345678');
    expect(telHref('(028) 3823-4567')).toBe('tel:02838234567');
    expect(telHref(' ext. ')).toBeNull();
  });

  it('searches the pick-up place on the map, the place encoded as one query', () => {
    expect(mapHref(' Hotel Majestic Saigon, 1 Đồng Khởi ')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Hotel%20Majestic%20Saigon%2C%201%20%C4%90%E1%BB%93ng%20Kh%E1%BB%9Fi',
    );
  });

  it('names the copy buttons and their toasts', () => {
    expect([copyLabel('phone'), copyLabel('pickup'), copyLabel('notes'), copyLabel('email')]).toEqual([
      'Copy phone',
      'Copy pick-up',
      'Copy notes',
      'Copy e-mail',
    ]);
    expect(copiedMessage('phone')).toBe('Phone copied');
  });
});

describe("the party's check-in as the order reads it", () => {
  const at = '2026-11-27T01:12:00.000Z'; // 08:12 in Ho Chi Minh City
  it('says who checked how many in and when (team time), a no-show, and nothing while expected', () => {
    const lan = { id: 'u1', name: 'Lan' };
    expect(checkInText({ state: 'CHECKED_IN', arrived: 2, at, by: lan }, 3, 'Asia/Ho_Chi_Minh')).toBe(
      'Checked in 2 of 3 by Lan, 08:12',
    );
    expect(checkInText({ state: 'CHECKED_IN', arrived: 3, at, by: null }, 3, 'Asia/Ho_Chi_Minh')).toBe(
      'Checked in 3 of 3, 08:12',
    );
    expect(checkInText({ state: 'NO_SHOW', arrived: 0, at, by: lan }, 3, 'Asia/Ho_Chi_Minh')).toBe('No-show');
    expect(checkInText({ state: 'EXPECTED', arrived: 0, at: null, by: null }, 3, 'Asia/Ho_Chi_Minh')).toBeNull();
  });

  it('names a CHECK_IN event in the activity, and a check-in change in words', () => {
    expect(activityTypeLabel('CHECK_IN')).toBe('Check-in');
    expect(activityTypeLabel('STATUS')).toBe('STATUS');
    expect(
      describeChanges(
        [
          { field: 'checkIn', from: { state: 'EXPECTED', arrived: 0 }, to: { state: 'CHECKED_IN', arrived: 2 } },
          { field: 'checkIn', from: 'CHECKED_IN', to: 'NO_SHOW' },
          { field: 'customerPhone', from: null, to: '+84 912 345 678' },
          { field: 'pickup', from: 'Lobby', to: 'Hotel Majestic' },
        ],
        'Asia/Ho_Chi_Minh',
      ),
    ).toEqual([
      'Check-in Expected -> Checked in 2',
      'Check-in Checked in -> No-show',
      'Phone — -> +84 912 345 678',
      'Pick-up Lobby -> Hotel Majestic',
    ]);
  });
});
