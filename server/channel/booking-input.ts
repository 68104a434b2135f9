/**
 * What the booking service accepts from a reseller: contacts, unit items priced in the booking's
 * currency, an option of the product, a departure open for sale, and the request's hash (the uuid's
 * idempotency). Pure checks: each refusal is the OCTO error the reseller is answered.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ScheduleOption } from '../../shared/schedule';
import { invalidAvailability, invalidOption, invalidUnit, octoBadRequest, unprocessable } from '../octo/errors';
import type { operations } from '../octo/schema';
import type { BookingPickup, StoredUnitItem } from '../repo/channel-bookings';
import type { Departure, SellableProduct } from './availability';
import { scheduledDeparture, type ScheduledDeparture } from './departures';
import { optionPricedIn, pricedCurrencies, unitPrice } from './pricing';

type Body<O extends keyof operations> = operations[O] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
export type ReserveBody = Body<'octoReserveBooking'>;
export type ConfirmBody = Body<'octoConfirmBooking'>;
export type AmendBody = Body<'octoUpdateBooking'>;
export type ExtendBody = NonNullable<Body<'octoExtendBooking'>>;
export type CancelBody = NonNullable<Body<'octoCancelBooking'>>;
export type UnitItemInput = ReserveBody['unitItems'][number];
export type ContactInput = NonNullable<ReserveBody['contact']>;

/** zod's e-mail rule, so that what we accept, resellers' OCTO clients parse. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;
const CONTACT_KEYS = [
  'fullName',
  'firstName',
  'lastName',
  'emailAddress',
  'phoneNumber',
  'locales',
  'postalCode',
  'country',
  'notes',
];

/** The contact as kept: the fields OCTO names, an e-mail address that is one. */
export function contactOf(c: ContactInput | undefined, where = 'contact'): Record<string, unknown> {
  if (!c) return {};
  const email = c.emailAddress?.trim();
  if (email && !EMAIL.test(email)) throw octoBadRequest(`${where}.emailAddress ${email} is not an e-mail address`);
  return Object.fromEntries(
    CONTACT_KEYS.filter((k) => c[k as keyof ContactInput] != null).map((k) => [k, c[k as keyof ContactInput]]),
  );
}

/** A body's stable hash: the same request again hashes the same whatever its key order. */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A short code the operator and the reseller can read out (32^8 values). */
export const newSupplierReference = () => [...randomBytes(8)].map((b) => REF_ALPHABET[b % 32]).join('');

export function optionOf(product: SellableProduct, optionId: string): ScheduleOption {
  const option = product.schedule.options.find((o) => o.id === optionId);
  if (!option) throw invalidOption(optionId);
  return option;
}

/** The booking's currency: the one asked for, else the option's first (default) one. */
export function currencyOf(option: ScheduleOption, asked: string | null | undefined): string {
  if (asked) {
    if (!optionPricedIn(option, asked)) throw octoBadRequest(`The option ${option.id} is not sold in ${asked}`);
    return asked;
  }
  return pricedCurrencies([option])[0] ?? option.units[0]?.prices[0]?.currency ?? 'USD';
}

/** Unit items as kept: each with its uuid, its unit's type and its price in the booking's currency. */
export function unitItemsOf(option: ScheduleOption, items: UnitItemInput[], currency: string): StoredUnitItem[] {
  const seen = new Set<string>();
  return items.map((item, i) => {
    const unit = option.units.find((u) => u.id === item.unitId);
    if (!unit) throw invalidUnit(item.unitId);
    const price = unitPrice(unit, currency) ?? unit.prices[0];
    const uuid = item.uuid ?? randomUUID();
    if (seen.has(uuid)) throw octoBadRequest(`unitItems[${i}].uuid ${uuid} is given twice`);
    seen.add(uuid);
    return {
      uuid,
      unitId: unit.id,
      resellerReference: item.resellerReference ?? null,
      contact: item.contact ? contactOf(item.contact, `unitItems[${i}].contact`) : null,
      type: unit.type,
      currency: price?.currency ?? currency,
      retail: price?.retail ?? 0,
      net: price?.net ?? null,
    };
  });
}

/** A kept unit item as the reseller would send it again. */
export const asInput = (u: StoredUnitItem): UnitItemInput => ({
  uuid: u.uuid,
  unitId: u.unitId,
  ...(u.resellerReference === null ? {} : { resellerReference: u.resellerReference }),
  ...(u.contact === null ? {} : { contact: u.contact as ContactInput }),
});

/** The scheduled departure an availability id names, open for sale now. */
export function openDeparture(product: SellableProduct, availabilityId: string, now: Date): ScheduledDeparture {
  const d = scheduledDeparture(product.schedule, product.timezone, availabilityId);
  if (!d) throw invalidAvailability(availabilityId, `is not a departure of product ${product.id}`);
  if (d.closedDate) throw unprocessable(`The departure ${availabilityId} is closed: the product does not run that day`);
  if (now.getTime() >= d.utcCutoffAt.getTime()) {
    throw unprocessable(
      `Bookings for ${availabilityId} closed at ${d.utcCutoffAt.toISOString()} (the booking cut-off)`,
    );
  }
  return d;
}

export function soldOut(d: Departure, wanted: number, alreadyHeld = 0): never {
  const left = d.vacancies + alreadyHeld;
  throw unprocessable(
    left === 0
      ? `The departure ${d.availabilityId} is sold out`
      : `Not enough places at ${d.availabilityId}: ${left} ${left === 1 ? 'place is' : 'places are'} left, ${wanted} asked for`,
  );
}

const PICKUP_KEYS = ['pickupRequested', 'pickupPointId', 'pickupHotel', 'pickupHotelRoom'] as const;
type PickupInput = Partial<Pick<ReserveBody, (typeof PICKUP_KEYS)[number]>>;

/** The pickups capability's fields of a request merged into what the booking had; undefined when
 *  the request names none of them (an amendment that leaves the pick-up alone). */
export function pickupOf(body: PickupInput, was: BookingPickup | null = null): BookingPickup | null | undefined {
  const given = PICKUP_KEYS.filter((k) => body[k] !== undefined);
  if (given.length === 0) return undefined;
  const merged: BookingPickup = { ...(was ?? {}) };
  for (const k of given) Object.assign(merged, { [k]: body[k] });
  return merged;
}
