/**
 * A channel booking as OCTO shows it (Booking): its availability, its unit items, whether it can
 * still be cancelled, its cancellation, and prices (octo/pricing) from the unit prices kept on the
 * booking when it was made.
 */
import type { components } from '../octo/schema';
import type { BookingRow, StoredUnitItem } from '../repo/channel-bookings';
import type { Departure, SellableProduct } from './availability';
import { beforeCancellationCutoff } from './booking.machine';
import { octoAvailability } from './octo-availability';
import { sumPricing, toPricing, type OctoPricing } from './pricing';

type Schema = components['schemas'];
export type OctoBooking = Schema['Booking'];

const MINUTE_MS = 60_000;

const CONTACT_FIELDS = [
  'fullName',
  'firstName',
  'lastName',
  'emailAddress',
  'phoneNumber',
  'postalCode',
  'country',
  'notes',
] as const;

/** A contact with every field OCTO names (null when not given). */
export function octoContact(c: Record<string, unknown> | null | undefined): Schema['Contact'] {
  const out = Object.fromEntries(
    CONTACT_FIELDS.map((f) => [f, typeof c?.[f] === 'string' && c[f] !== '' ? (c[f] as string) : null]),
  ) as Omit<Schema['Contact'], 'locales'>;
  const locales = Array.isArray(c?.locales) ? (c.locales as unknown[]).filter((l) => typeof l === 'string') : [];
  return { ...out, locales: locales as string[] };
}

/** When a confirmed booking can no longer be cancelled or changed (ms). */
export const cancellationCutoffAt = (startsAt: Date, product: SellableProduct | null): number =>
  startsAt.getTime() - (product?.schedule.cancellationCutoffMinutes ?? 0) * MINUTE_MS;

/** The booking's departure as OCTO's Availability (no prices: those are the booking's own). */
function availabilityOf(row: BookingRow, product: SellableProduct | null, d: Departure | null): Schema['Availability'] {
  const option = product?.schedule.options.find((o) => o.id === row.optionId) ?? product?.schedule.options[0];
  if (product && option && d) return octoAvailability(product, d, { option, units: new Map(), currency: null });
  // the schedule no longer has this departure (changed since): the booking still names it
  return {
    id: row.availabilityId,
    localDateTimeStart: row.availabilityId,
    localDateTimeEnd: row.availabilityId,
    utcCutoffAt: row.startsAt.toISOString(),
    allDay: product?.schedule.availabilityType === 'OPENING_HOURS',
    available: false,
    status: 'CLOSED',
    vacancies: null,
    capacity: null,
    maxUnits: null,
    openingHours: [],
  };
}

const unitPricing = (u: StoredUnitItem): OctoPricing => toPricing(u.retail, u.currency, u.net);

/** The booking's total in its currency. */
export function bookingPricing(items: StoredUnitItem[]): OctoPricing | undefined {
  if (items.length === 0) return undefined;
  return sumPricing(items.map(unitPricing), items[0].currency);
}

export interface BookingView {
  product: SellableProduct | null;
  departure: Departure | null;
  /** octo/pricing asked for. */
  pricing: boolean;
}

export function octoBooking(row: BookingRow, view: BookingView): OctoBooking {
  const now = row.dbNow.getTime();
  const cancellable =
    row.status === 'ON_HOLD' ||
    (row.status === 'CONFIRMED' &&
      beforeCancellationCutoff(
        { expiresAt: null, cancellationCutoffAt: cancellationCutoffAt(row.startsAt, view.product) },
        now,
      ));
  const held = row.status === 'ON_HOLD' || row.status === 'EXPIRED';
  const booking: OctoBooking = {
    id: row.uuid,
    uuid: row.uuid,
    testMode: false,
    resellerReference: row.resellerReference,
    supplierReference: row.supplierReference,
    status: row.status,
    utcCreatedAt: row.createdAt.toISOString(),
    utcUpdatedAt: row.updatedAt.toISOString(),
    utcExpiresAt: held ? (row.utcExpiresAt?.toISOString() ?? null) : null,
    utcRedeemedAt: row.utcRedeemedAt?.toISOString() ?? null,
    utcConfirmedAt: row.utcConfirmedAt?.toISOString() ?? null,
    productId: row.productId,
    optionId: row.optionId,
    cancellable,
    cancellation: row.cancellation,
    freesale: false,
    availabilityId: row.availabilityId,
    availability: availabilityOf(row, view.product, view.departure),
    contact: octoContact(row.contact),
    notes: row.notes,
    // the pickups capability's fields (octo/pickups); no pick-up points are published, so no pickupPoint
    pickupRequested: row.pickup?.pickupRequested ?? false,
    pickupPointId: row.pickup?.pickupPointId ?? null,
    pickupHotel: row.pickup?.pickupHotel ?? null,
    pickupHotelRoom: row.pickup?.pickupHotelRoom ?? null,
    pickupPoint: null,
    deliveryMethods: [],
    voucher: null,
    unitItems: row.unitItems.map((u, i) => ({
      uuid: u.uuid,
      resellerReference: u.resellerReference,
      supplierReference: `${row.supplierReference}-${i + 1}`,
      unitId: u.unitId,
      status: row.status,
      utcRedeemedAt: row.utcRedeemedAt?.toISOString() ?? null,
      contact: octoContact(u.contact),
      ticket: null,
      ...(view.pricing ? { pricing: unitPricing(u) } : {}),
    })),
  };
  const total = view.pricing ? bookingPricing(row.unitItems) : undefined;
  return total ? { ...booking, pricing: total } : booking;
}
