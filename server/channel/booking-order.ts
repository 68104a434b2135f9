/**
 * A booking is an order: a confirmed booking becomes an order of the key's team, its amendments
 * change that order (through applyChannelChange, the one way a channel changes an order), and its
 * cancellation cancels it with the reason in its Activity. All inside the caller's transaction.
 */
import { randomUUID } from 'node:crypto';
import { COUNTS_AS_CHILD, type UnitType } from '../../shared/schedule';
import type { Db } from '../db/client';
import {
  confirmHold,
  lockOrder,
  type BookingPickup,
  type BookingRow,
  type StoredUnitItem,
} from '../repo/channel-bookings';
import { appendEvents, eventId, type Operator } from '../repo/events';
import { ordersByIds, type Price } from '../repo/orders';
import { moveStatuses } from '../repo/status-moves';
import { unprocessable } from '../octo/errors';
import type { BookingStatus } from './booking.machine';
import { applyChannelChange, type ChannelOrderFields, type FieldChange } from './order-changes';
import { currencyPrecision, toMinor } from './pricing';

/** The order's pick-up from OCTO's pickups fields: "Hotel Metropole, room 1204", or the point's id. */
export function pickupText(p: BookingPickup | null): string | undefined {
  if (!p || p.pickupRequested === false) return undefined;
  const hotel = p.pickupHotel?.trim();
  const room = p.pickupHotelRoom?.trim();
  if (hotel) return room ? `${hotel}, room ${room}` : hotel;
  if (p.pickupPointId?.trim()) return `Pick-up point ${p.pickupPointId.trim()}`;
  return p.pickupRequested ? 'Pick-up requested' : undefined;
}

/** What an order takes from a booking: all of it, save the phone, pick-up and notes it may lack. */
export type BookingOrderFields = Required<Omit<ChannelOrderFields, 'customerPhone' | 'pickup' | 'notes'>> &
  Pick<ChannelOrderFields, 'customerPhone' | 'pickup' | 'notes'>;

/** Customer, language, quantities, prices, phone, pick-up and notes of the order a booking makes
 *  (an absent phone, pick-up or notes leaves the order's as it is). */
export function orderFieldsOf(
  b: Pick<BookingRow, 'contact' | 'unitItems' | 'startsAt' | 'productId' | 'notes' | 'pickup'>,
): BookingOrderFields {
  const c = b.contact as {
    fullName?: string | null;
    firstName?: string | null;
    lastName?: string | null;
    emailAddress?: string | null;
    phoneNumber?: string | null;
    notes?: string | null;
    locales?: string[];
  };
  const name =
    c.fullName?.trim() ||
    [c.firstName, c.lastName]
      .filter((x) => x && x.trim())
      .join(' ')
      .trim();
  const children = b.unitItems.filter((u) => COUNTS_AS_CHILD.has(u.type as UnitType)).length;
  return {
    departureAt: b.startsAt.toISOString(),
    productId: b.productId,
    customerName: name,
    customerEmail: c.emailAddress?.trim() ?? '',
    language: c.locales?.[0] || 'en',
    adults: b.unitItems.length - children,
    children,
    prices: pricesOf(b.unitItems),
    customerPhone: c.phoneNumber?.trim() || undefined,
    pickup: pickupText(b.pickup),
    notes: b.notes?.trim() || c.notes?.trim() || undefined,
  };
}

/** Order prices: one per unit type (unit price x count) and the TOTAL, summed in minor units. */
export function pricesOf(items: StoredUnitItem[]): Price[] {
  if (items.length === 0) return [];
  const currency = items[0].currency;
  const scale = 10 ** currencyPrecision(currency);
  const byType = new Map<string, number>();
  for (const u of items) byType.set(u.type, (byType.get(u.type) ?? 0) + toMinor(u.retail, currency));
  const total = [...byType.values()].reduce((s, n) => s + n, 0);
  return [
    ...[...byType].map(([type, minor]) => ({ type, amount: minor / scale, currency })),
    { type: 'TOTAL', amount: total / scale, currency },
  ];
}

const isUniqueViolation = (err: unknown, constraint: string) =>
  (err as { code?: string }).code === '23505' &&
  String((err as { constraint?: string; message?: string }).constraint ?? (err as Error).message).includes(constraint);

/** The OTA order id an order of this booking carries. */
export const otaOrderIdOf = (b: Pick<BookingRow, 'resellerReference' | 'supplierReference'>) =>
  b.resellerReference || b.supplierReference;

/**
 * Confirms a hold into a new order of its team (status New Order, "Booked by Klook (OCTO)") in one
 * statement (confirmHold): the booking as stored after, with the places its departure has used, or
 * undefined when the booking changed since it was read (`stamp`) or ran out under the departure's
 * lock. A reference another order of the team and OTA has already is refused (the unique index
 * orders_team_ota_order decides, so two confirmations racing for one reference cannot both win).
 */
export async function confirmIntoNewOrder(
  db: Db,
  b: BookingRow,
  read: { stamp: string; status: BookingStatus; displayId: string; window: { from: Date; to: Date } },
  by: Operator,
): Promise<{ row: BookingRow; used: number } | undefined> {
  const otaOrderId = otaOrderIdOf(b);
  const f = orderFieldsOf(b);
  try {
    return await confirmHold(db, {
      uuid: b.uuid,
      teamId: b.teamId,
      displayId: read.displayId,
      status: read.status,
      stamp: read.stamp,
      window: read.window,
      order: {
        id: randomUUID(),
        otaOrderId,
        language: f.language,
        customerName: f.customerName,
        customerEmail: f.customerEmail,
        customerPhone: f.customerPhone ?? null,
        pickup: f.pickup ?? null,
        notes: f.notes ?? null,
        adults: f.adults,
        children: f.children,
        prices: f.prices,
      },
      event: { id: eventId(), byId: by.userId, byName: by.name, comment: `Booked by ${by.name}` },
      booking: { contact: b.contact, resellerReference: b.resellerReference, unitItems: b.unitItems },
    });
  } catch (err) {
    if (isUniqueViolation(err, 'orders_team_ota_order')) throw referenceTaken(otaOrderId);
    // an order imported meanwhile with this display id of its own: nothing written, try again
    if (isUniqueViolation(err, 'orders_team_display')) return undefined;
    throw err;
  }
}

const referenceTaken = (ref: string) =>
  unprocessable(
    `The reference ${ref} is already used by another order of this channel: send a resellerReference of its own`,
  );

/** Changes the order of an amended booking; the changes made (none: nothing written, or no order). */
export async function amendBookingOrder(tx: Db, after: BookingRow, by: Operator): Promise<FieldChange[]> {
  if (!after.orderId || !(await lockOrder(tx, after.orderId))) return [];
  const [before] = await ordersByIds(tx, [after.orderId]);
  return applyChannelChange(tx, after.teamId, before, orderFieldsOf(after), by);
}

/** Cancels the order of a cancelled booking, with the reason in its Activity. */
export async function cancelBookingOrder(tx: Db, b: BookingRow, reason: string | null, by: Operator): Promise<void> {
  if (!b.orderId) return;
  const order = await lockOrder(tx, b.orderId);
  if (!order) return;
  if (order.status !== 'canceled')
    await moveStatuses(tx, 'orders', by, [b.teamId], [{ id: b.orderId, statusV2: 'canceled' }]);
  await appendEvents(tx, by, [
    {
      teamId: b.teamId,
      orderId: b.orderId,
      type: 'COMMENT',
      comment: `Cancelled by ${by.name}${reason ? `: ${reason}` : ' (no reason given)'}`,
      data: { channelCancellation: { uuid: b.uuid, reason } },
    },
  ]);
}
