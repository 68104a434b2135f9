/**
 * The OCTO booking service: confirm, extend, amend and cancel here, reserve in reserve.ts, reads in
 * booking-read.ts. Each write is one transaction; the booking's statechart (booking.machine.ts)
 * decides whether a request is allowed and what follows. Places are counted under the departure's lock, with the database's clock read
 * after the lock, so a departure is never sold past its capacity (see lockDeparture).
 */
import type { Db } from '../db/client';
import { invalidAvailability, invalidBooking, invalidProduct, unprocessable } from '../octo/errors';
import {
  bookingOfTeam,
  dbClock,
  bookingToConfirm,
  lockOrder,
  updateBooking,
  type BookingRow,
  type StoredUnitItem,
} from '../repo/channel-bookings';
import { insertInboxItem } from '../repo/inbox';
import { answer, DEFAULT_HOLD_MINUTES, render, type Call } from './booking-read';
import { nextDisplayIds } from '../repo/sequence';
import {
  departureOf,
  departureWith,
  lockDeparture,
  sellableProduct,
  windowOf,
  type Departure,
  type SellableProduct,
} from './availability';
import {
  asInput,
  contactOf,
  currencyOf,
  openDeparture,
  optionOf,
  pickupOf,
  soldOut,
  unitItemsOf,
  type AmendBody,
  type CancelBody,
  type ConfirmBody,
  type ExtendBody,
  type ReserveBody,
  type UnitItemInput,
} from './booking-input';
import { amendBookingOrder, cancelBookingOrder, confirmIntoNewOrder } from './booking-order';
import { decide, type BookingContext, type BookingEvent } from './booking.machine';
import { formatLocal, scheduledDeparture } from './departures';
import { channelOperator } from './keys';
import { cancellationCutoffAt, octoBooking, type OctoBooking } from './octo-booking';
import { optionPricedIn } from './pricing';

export type { AmendBody, CancelBody, ConfirmBody, ExtendBody, ReserveBody };

export { getBooking, listBookings, type Call } from './booking-read';
export { reserve } from './reserve';

/** A booking of the caller's team, locked for the transaction. */
async function lockedBooking(tx: Db, call: Call, uuid: string): Promise<BookingRow> {
  const row = await bookingOfTeam(tx, call.caller.teamId, uuid, true);
  if (!row) throw invalidBooking(uuid);
  return row;
}

const contextOf = (row: BookingRow, product: SellableProduct | null): BookingContext => ({
  expiresAt: row.utcExpiresAt?.getTime() ?? null,
  cancellationCutoffAt: cancellationCutoffAt(row.startsAt, product),
});

/** Asks the statechart; a refusal is UNPROCESSABLE_ENTITY with its reason. */
function allowed(row: BookingRow, product: SellableProduct | null, event: BookingEvent) {
  const d = decide(row.status, contextOf(row, product), event);
  if (!d.allowed) throw unprocessable(d.reason);
  return d;
}

/** How often a confirmation reads the booking again when it changed between its read and its write. */
const CONFIRM_ATTEMPTS = 3;

/**
 * Two round trips besides the key: the booking with its product and the order's display number,
 * then one statement that locks the booking and its departure, checks under the lock that the
 * hold is still the one read and still live, and writes the order, its Activity and the booking
 * (confirmIntoNewOrder). A number taken for a write that does not happen is not given again.
 * When the booking changed in between (amended, cancelled, confirmed by a retry, run out), it is
 * read again and the statechart decides again.
 */
export async function confirm(call: Call, uuid: string, body: ConfirmBody): Promise<OctoBooking> {
  const contact = contactOf(body.contact);
  for (let attempt = 0; attempt < CONFIRM_ATTEMPTS; attempt++) {
    const read = await bookingToConfirm(call.db, call.caller.teamId, uuid);
    if (!read) throw invalidBooking(uuid);
    const { row, product } = read;
    const d = allowed(row, product ?? null, { type: 'booking.confirm', at: row.dbNow.getTime() });
    // confirming a confirmed booking again answers it as it is
    if (!d.effects.includes('createOrder')) return (await render(call.db, call, [row]))[0];
    const unitItems = body.unitItems ? sameUnits(row, body.unitItems) : row.unitItems;
    const resellerReference = body.resellerReference ?? row.resellerReference;
    const confirmed = { ...row, contact: { ...row.contact, ...contact }, resellerReference, unitItems };
    const scheduled = product ? scheduledDeparture(product.schedule, product.timezone, row.availabilityId) : null;
    // a product no longer sold (or a departure no longer scheduled) still locks the hold's instant
    const window =
      product && scheduled
        ? windowOf(product, scheduled)
        : { from: row.startsAt, to: new Date(row.startsAt.getTime() + 1) };
    // taken as the booking was read (so the team's counter is not held while the order is written);
    // a hold that ran out between the two clocks gets one here, and the write finds it run out
    const displayId =
      read.displayId ?? (await nextDisplayIds(call.db, call.caller.teamId, 'orders', `${read.teamCode}-`, 1))[0];
    const done = await confirmIntoNewOrder(
      call.db,
      confirmed,
      { stamp: read.stamp, status: d.next, displayId, window },
      channelOperator(call.caller),
    );
    if (!done) continue;
    // the hold's places became the order's: the departure reads as counted under the lock
    const departure = product && scheduled ? departureWith(product, scheduled, done.used, row.dbNow) : null;
    return octoBooking(done.row, { product: product ?? null, departure, pricing: call.pricing });
  }
  throw unprocessable('The booking kept changing while it was being confirmed: send the confirmation again');
}

/** Unit items sent with a confirmation: contacts and references of the same units (changing the
 *  units themselves is an amendment). */
function sameUnits(row: BookingRow, items: UnitItemInput[]): StoredUnitItem[] {
  const ids = (list: { unitId: string }[]) =>
    list
      .map((u) => u.unitId)
      .sort()
      .join(',');
  if (ids(items) !== ids(row.unitItems)) {
    throw unprocessable('The units differ from the booking: change them with PATCH /bookings/{uuid} before confirming');
  }
  const left = [...row.unitItems];
  return items.map((item, i) => {
    const at = left.findIndex((u) => (item.uuid ? u.uuid === item.uuid : u.unitId === item.unitId));
    const kept = left.splice(at >= 0 ? at : left.findIndex((u) => u.unitId === item.unitId), 1)[0];
    return {
      ...kept,
      resellerReference: item.resellerReference ?? kept.resellerReference,
      contact: item.contact ? contactOf(item.contact, `unitItems[${i}].contact`) : kept.contact,
    };
  });
}

export async function extend(call: Call, uuid: string, body: ExtendBody): Promise<OctoBooking> {
  const minutes = body.expirationMinutes ?? DEFAULT_HOLD_MINUTES;
  await call.db.tx(async (tx) => {
    const row = await lockedBooking(tx, call, uuid);
    const product = await sellableProduct(tx, call.caller.teamId, row.productId);
    if (product && row.status === 'ON_HOLD') await lockDeparture(tx, product, row.startsAt);
    const at = (await dbClock(tx)).getTime();
    const d = allowed(row, product, { type: 'booking.extend', at, expiresAt: at + minutes * 60_000 });
    if (d.effects.includes('extendHold')) await updateBooking(tx, uuid, { expiresInMinutes: minutes });
  });
  return answer(call.db, call, uuid);
}

/** Whether an order departing at `at` with the product uses the places of this departure. */
function sameDeparture(product: SellableProduct, d: Departure, productId: string, at: Date): boolean {
  if (productId !== product.id) return false;
  if (product.schedule.availabilityType === 'OPENING_HOURS')
    return formatLocal(at, product.timezone).slice(0, 10) === d.localDate;
  return at.getTime() === d.startsAt.getTime();
}

export async function amend(call: Call, uuid: string, body: AmendBody): Promise<OctoBooking> {
  const { caller } = call;
  const contact = body.contact ? contactOf(body.contact) : undefined;
  await call.db.tx(async (tx) => {
    const row = await lockedBooking(tx, call, uuid);
    const current = await sellableProduct(tx, caller.teamId, row.productId);
    // a booking that cannot change is refused as such, whatever else the request says
    allowed(row, current, { type: 'booking.amend', at: row.dbNow.getTime() });
    const productId = body.productId ?? row.productId;
    const productChanged = productId !== row.productId;
    const product = productChanged ? await sellableProduct(tx, caller.teamId, productId) : current;
    if (!product) throw invalidProduct(productId);
    const optionId =
      body.optionId ??
      (productChanged
        ? (product.schedule.options.find((o) => o.default) ?? product.schedule.options[0]).id
        : row.optionId);
    const option = optionOf(product, optionId);
    const currency = optionPricedIn(option, row.unitItems[0]?.currency ?? '')
      ? row.unitItems[0].currency
      : currencyOf(option, null);
    const unitItems = unitItemsOf(option, body.unitItems ?? row.unitItems.map(asInput), currency);
    const availabilityId = body.availabilityId ?? row.availabilityId;
    const scheduled = scheduledDeparture(product.schedule, product.timezone, availabilityId);
    if (!scheduled) throw invalidAvailability(availabilityId, `is not a departure of product ${product.id}`);

    // the places it holds now: a hold at its departure, a confirmed booking through its order
    const order = row.status === 'CONFIRMED' && row.orderId ? await lockOrder(tx, row.orderId) : undefined;
    const own =
      row.status === 'ON_HOLD'
        ? { productId: row.productId, at: row.startsAt, places: row.pax }
        : order && order.status !== 'canceled'
          ? { productId: order.productId, at: order.departureAt, places: order.places }
          : { productId: row.productId, at: row.startsAt, places: 0 };
    const moves = productChanged || scheduled.startsAt.getTime() !== row.startsAt.getTime();
    const needsPlaces = moves || unitItems.length > own.places;
    if (needsPlaces) {
      // both departures, in one order, so two amendments never wait for each other
      const locks = [
        { p: product, at: scheduled.startsAt },
        ...(current && moves ? [{ p: current, at: row.startsAt }] : []),
      ].sort((a, b) => `${a.p.id}/${a.at.toISOString()}`.localeCompare(`${b.p.id}/${b.at.toISOString()}`));
      for (const l of locks) await lockDeparture(tx, l.p, l.at);
    }
    const at = await dbClock(tx);
    const d = allowed(row, current, { type: 'booking.amend', at: at.getTime() });
    if (needsPlaces) {
      openDeparture(product, availabilityId, at);
      const departure = (await departureOf(tx, product, availabilityId, at))!;
      const mine = sameDeparture(product, departure, own.productId, own.at) ? own.places : 0;
      if (departure.vacancies + mine < unitItems.length) soldOut(departure, unitItems.length, mine);
    }
    await updateBooking(tx, uuid, {
      productId: product.id,
      optionId: option.id,
      availabilityId: scheduled.availabilityId,
      startsAt: scheduled.startsAt,
      localDate: scheduled.localDate,
      unitItems,
      pax: unitItems.length,
      resellerReference: body.resellerReference,
      notes: body.notes,
      pickup: pickupOf(body, row.pickup),
      ...(contact ? { contact: { ...row.contact, ...contact } } : {}),
      ...(row.status === 'ON_HOLD' && body.expirationMinutes ? { expiresInMinutes: body.expirationMinutes } : {}),
    });
    if (!d.effects.includes('amendOrder')) return;
    const after = (await bookingOfTeam(tx, caller.teamId, uuid))!;
    const changes = await amendBookingOrder(tx, after, channelOperator(caller));
    if (changes.length === 0) return;
    await insertInboxItem(tx, {
      teamId: caller.teamId,
      kind: 'AMENDMENT',
      channel: after.channel,
      source: 'OCTO',
      orderId: after.orderId,
      bookingUuid: uuid,
      reference: after.resellerReference ?? after.supplierReference,
      changes,
    });
  });
  return answer(call.db, call, uuid);
}

export async function cancel(call: Call, uuid: string, body: CancelBody): Promise<OctoBooking> {
  const reason = body.reason?.trim() || null;
  await call.db.tx(async (tx) => {
    const row = await lockedBooking(tx, call, uuid);
    const product = await sellableProduct(tx, call.caller.teamId, row.productId);
    const at = await dbClock(tx);
    // `force` is not honoured: past the cut-off only the operator cancels
    const d = allowed(row, product, { type: 'booking.cancel', at: at.getTime() });
    if (d.from === d.next) return;
    await updateBooking(tx, uuid, {
      status: d.next,
      cancellation: { refund: 'FULL', reason, utcCancelledAt: at.toISOString() },
    });
    if (!d.effects.includes('cancelOrder')) return;
    await cancelBookingOrder(tx, row, reason, channelOperator(call.caller));
    await insertInboxItem(tx, {
      teamId: call.caller.teamId,
      kind: 'CANCELLATION',
      channel: row.channel,
      source: 'OCTO',
      orderId: row.orderId,
      bookingUuid: uuid,
      reference: row.resellerReference ?? row.supplierReference,
      reason,
    });
  });
  return answer(call.db, call, uuid);
}
