import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CONTACT,
  booking,
  departure,
  inboxRows,
  newProduct,
  octoBookingSuite,
  octoError,
  reserveBody,
} from './octo-booking-helpers';
import { startTimeSchedule } from './octo-fixtures';

/**
 * The tour day through OCTO: the contact's phone, the pickups capability's hotel and room and the
 * booking's notes become the order's phone, pick-up and notes; an amendment that changes them is a
 * diff in the order's Activity and the inbox; a check-in redeems the booking (REDEEMED with
 * utcRedeemedAt, then neither cancellable nor amendable), its undoing or a no-show makes it
 * CONFIRMED again.
 */
const { s, api } = octoBookingSuite();

const orderOf = async (uuid: string) => {
  const [{ order_id }] = await s.t.db.query<{ order_id: string }>(
    'SELECT order_id FROM channel_bookings WHERE uuid = $1',
    [uuid],
  );
  const res = await s.req('GET', `/api/v1/orders/${order_id}`, s.w.member.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const checkIn = (orderId: string, state: string, arrived?: number) =>
  s.req('PUT', `/api/v1/orders/${orderId}/check-in`, s.w.member.token, {
    state,
    key: randomUUID(),
    ...(arrived === undefined ? {} : { arrived }),
  });

/** A confirmed booking of a product of its own, with a pick-up at a hotel and notes. */
async function confirmed(extra: Record<string, unknown> = {}) {
  const product = await newProduct(s.t, s.w.home.id, startTimeSchedule());
  const held = booking(
    await api.reserve(
      reserveBody(product, departure(4), 2, 1, {
        notes: 'Vegetarian, one child seat',
        pickupRequested: true,
        pickupHotel: 'Hotel Majestic Saigon',
        pickupHotelRoom: '1204',
        ...extra,
      }),
    ),
  );
  const res = await api.confirm(held.uuid, { contact: CONTACT });
  expect(booking(res).status).toBe('CONFIRMED');
  // the pickups fields as sent (zod's Booking leaves them out)
  return res.json() as ReturnType<typeof booking> & Record<string, unknown>;
}

describe('OCTO bookings carry what the guide needs', () => {
  it('gives the order the contact phone, the pick-up (hotel and room) and the notes, and shows the pickup fields back', async () => {
    const b = await confirmed();
    expect(b).toMatchObject({
      pickupRequested: true,
      pickupHotel: 'Hotel Majestic Saigon',
      pickupHotelRoom: '1204',
      pickupPointId: null,
      notes: 'Vegetarian, one child seat',
    });
    const order = await orderOf(b.uuid);
    expect(order.customer).toMatchObject({ name: CONTACT.fullName, phone: CONTACT.phoneNumber });
    expect(order.pickup).toBe('Hotel Majestic Saigon, room 1204');
    expect(order.notes).toBe('Vegetarian, one child seat');
    expect(order.checkIn).toEqual({ state: 'EXPECTED', arrived: 0, at: null, by: null });
  });

  it('a pick-up point without a hotel reads as the point; no pick-up requested leaves it empty', async () => {
    const point = await confirmed({ pickupHotel: null, pickupHotelRoom: null, pickupPointId: 'pp-ben-thanh' });
    expect((await orderOf(point.uuid)).pickup).toBe('Pick-up point pp-ben-thanh');
    const none = await confirmed({ pickupRequested: false, pickupHotel: null, pickupHotelRoom: null });
    expect((await orderOf(none.uuid)).pickup).toBeNull();
  });

  it('an amendment of phone, pick-up and notes changes the order and records each as a diff', async () => {
    const b = await confirmed();
    const res = await api.amend(b.uuid, {
      notes: 'Gluten-free',
      pickupHotel: 'Rex Hotel',
      pickupHotelRoom: '508',
      contact: { phoneNumber: '+84 91 111 2222' },
    });
    expect(booking(res).notes).toBe('Gluten-free');
    expect(res.json()).toMatchObject({ pickupHotel: 'Rex Hotel', pickupHotelRoom: '508', notes: 'Gluten-free' });
    const order = await orderOf(b.uuid);
    expect(order.customer.phone).toBe('+84 91 111 2222');
    expect(order.pickup).toBe('Rex Hotel, room 508');
    expect(order.notes).toBe('Gluten-free');
    const edit = order.eventLogs.find((e: { type: string }) => e.type === 'EDIT');
    expect(edit.changes).toEqual(
      expect.arrayContaining([
        { field: 'customerPhone', from: CONTACT.phoneNumber, to: '+84 91 111 2222' },
        { field: 'pickup', from: 'Hotel Majestic Saigon, room 1204', to: 'Rex Hotel, room 508' },
        { field: 'notes', from: 'Vegetarian, one child seat', to: 'Gluten-free' },
      ]),
    );
    const [item] = await inboxRows(s.t, s.w.home.id);
    expect(item.kind).toBe('AMENDMENT');
    expect(item.changes!.map((c) => c.field).sort()).toEqual(['customerPhone', 'notes', 'pickup']);
  });
});

describe('a check-in redeems the OCTO booking', () => {
  it('CHECKED_IN reads REDEEMED with utcRedeemedAt; cancel and amend are refused; undo and no-show make it CONFIRMED', async () => {
    const b = await confirmed();
    const order = await orderOf(b.uuid);

    const partial = await checkIn(order.id, 'CHECKED_IN', 2);
    expect(partial.statusCode, partial.body).toBe(200);
    const redeemed = booking(await api.get(b.uuid));
    expect(redeemed.status).toBe('REDEEMED');
    expect(Date.parse(redeemed.utcRedeemedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(redeemed.cancellable).toBe(false);
    expect(redeemed.unitItems.every((u) => u.status === 'REDEEMED')).toBe(true);

    // the reseller can no longer cancel or change a redeemed booking, and the order stays as it is
    expect(octoError(await api.cancel(b.uuid), 'UNPROCESSABLE_ENTITY').errorMessage).toMatch(/REDEEMED/);
    octoError(await api.amend(b.uuid, { notes: 'too late' }), 'UNPROCESSABLE_ENTITY');
    expect((await orderOf(b.uuid)).statusV2).not.toBe('canceled');

    // the rest of the party arrives: still REDEEMED, at the first time
    expect((await checkIn(order.id, 'CHECKED_IN')).statusCode).toBe(200);
    expect(booking(await api.get(b.uuid)).utcRedeemedAt).toBe(redeemed.utcRedeemedAt);

    expect((await checkIn(order.id, 'EXPECTED')).statusCode).toBe(200);
    const undone = booking(await api.get(b.uuid));
    expect(undone.status).toBe('CONFIRMED');
    expect(undone.utcRedeemedAt).toBeNull();

    expect((await checkIn(order.id, 'CHECKED_IN')).statusCode).toBe(200);
    expect(booking(await api.get(b.uuid)).status).toBe('REDEEMED');
    expect((await checkIn(order.id, 'NO_SHOW')).statusCode).toBe(200);
    expect(booking(await api.get(b.uuid)).status).toBe('CONFIRMED');
    // a no-show's booking may be cancelled by the reseller as any confirmed one
    expect(booking(await api.cancel(b.uuid)).status).toBe('CANCELLED');
    expect((await orderOf(b.uuid)).statusV2).toBe('canceled');
  });
});
