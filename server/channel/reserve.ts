/** The OCTO reserve: a hold of places at a departure, ON_HOLD until it expires (bookings.ts has the rest). */
import { randomUUID } from 'node:crypto';
import { invalidProduct, OctoError } from '../octo/errors';
import { reserveHold, type StoredUnitItem } from '../repo/channel-bookings';
import { productAndUuidOwner } from '../repo/channel-products';
import { departureWith, windowOf, type SellableProduct } from './availability';
import {
  contactOf,
  currencyOf,
  newSupplierReference,
  openDeparture,
  optionOf,
  pickupOf,
  requestHash,
  soldOut,
  unitItemsOf,
  type ReserveBody,
} from './booking-input';
import { octoBooking, type OctoBooking } from './octo-booking';
import { DEFAULT_HOLD_MINUTES, retried, type Call } from './booking-read';
import { forgetProduct, knownProduct, rememberProduct } from './product-cache';

/**
 * One round trip besides the key when this process knows the product (product-cache.ts): the hold
 * itself (fingerprint check, lock, count and insert in one statement: reserveHold). Otherwise, or
 * when the product turns out to have changed (stale, or a request the remembered product refuses),
 * the product is read first with the uuid's owner, and the hold follows. Nothing is held when the
 * places are not there.
 */
export async function reserve(call: Call, body: ReserveBody): Promise<OctoBooking> {
  const { db, caller } = call;
  const hash = requestHash(body);
  const known = knownProduct(db, caller.teamId, body.productId);
  if (known) {
    const plan = planOf(body, known.product, true);
    const done = plan && (await hold(call, body, hash, plan, known.fingerprint));
    if (done) return done;
    forgetProduct(db, caller.teamId, body.productId);
  }
  const found = await productAndUuidOwner(db, caller.teamId, body.productId, body.uuid ?? null);
  if (found.owner) return (await retried(call, body.uuid!, hash, found.owner))!;
  if (!found.product) throw invalidProduct(body.productId);
  rememberProduct(db, { product: found.product, fingerprint: found.fingerprint });
  return (await hold(call, body, hash, planOf(body, found.product, false)!, null))!;
}

interface HoldPlan {
  product: SellableProduct;
  option: ReturnType<typeof optionOf>;
  unitItems: StoredUnitItem[];
  contact: ReturnType<typeof contactOf>;
  scheduled: ReturnType<typeof openDeparture>;
}

/** The request checked against the product; a refusal throws, or with a remembered product (which
 *  may be out of date) answers null, so that the product is read again first. */
function planOf(body: ReserveBody, product: SellableProduct, remembered: boolean): HoldPlan | null {
  try {
    const option = optionOf(product, body.optionId);
    const currency = currencyOf(option, body.currency);
    return {
      product,
      option,
      unitItems: unitItemsOf(option, body.unitItems, currency),
      contact: contactOf(body.contact),
      scheduled: openDeparture(product, body.availabilityId, new Date()),
    };
  } catch (err) {
    if (remembered && err instanceof OctoError) return null;
    throw err;
  }
}

/** The hold of a checked request; undefined when the product is not the fingerprint's any more. */
async function hold(
  call: Call,
  body: ReserveBody,
  hash: string,
  { product, option, unitItems, contact, scheduled }: HoldPlan,
  fingerprint: string | null,
): Promise<OctoBooking | undefined> {
  const { caller } = call;
  const uuid = body.uuid ?? randomUUID();
  const held = await reserveHold(
    call.db,
    {
      uuid,
      teamId: caller.teamId,
      keyId: caller.keyId,
      channel: caller.channel,
      supplierReference: newSupplierReference(),
      resellerReference: body.resellerReference ?? null,
      productId: product.id,
      optionId: option.id,
      availabilityId: scheduled.availabilityId,
      startsAt: scheduled.startsAt,
      localDate: scheduled.localDate,
      unitItems,
      pax: unitItems.length,
      expirationMinutes: body.expirationMinutes ?? DEFAULT_HOLD_MINUTES,
      contact,
      notes: body.notes ?? null,
      pickup: pickupOf(body) ?? null,
      requestHash: hash,
    },
    { startsAt: scheduled.startsAt, ...windowOf(product, scheduled) },
    product.schedule.capacity,
    fingerprint,
  );
  if (held.stale) return undefined;
  // the departure as the hold leaves it, without counting again
  const departure = departureWith(product, scheduled, held.used + (held.row?.pax ?? 0), held.clock);
  if (held.row) return octoBooking(held.row, { product, departure, pricing: call.pricing });
  // a retry of this uuid (sent before, or winning the lock first), else the places were not there
  if (body.uuid) {
    const again = await retried(call, uuid, hash);
    if (again) return again;
  }
  return soldOut(departure, unitItems.length);
}
