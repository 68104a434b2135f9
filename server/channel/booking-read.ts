/** Reading OCTO bookings: one or a list, rendered with their products and departures. */
import type { Db } from '../db/client';
import { invalidBooking, octoBadRequest } from '../octo/errors';
import {
  bookingOfTeam,
  listTeamBookings,
  uuidOwner,
  type BookingFilters,
  type BookingRow,
} from '../repo/channel-bookings';
import type { UuidOwner } from '../repo/channel-products';
import { departureOf, sellableProduct, type Departure, type SellableProduct } from './availability';
import { type ChannelCaller } from './keys';
import { octoBooking, type OctoBooking } from './octo-booking';

export interface Call {
  db: Db;
  caller: ChannelCaller;
  /** octo/pricing asked for. */
  pricing: boolean;
}

export const DEFAULT_HOLD_MINUTES = 30;

/** Renders bookings with their products and departures (each looked up once). */
export async function render(db: Db, call: Call, rows: BookingRow[]): Promise<OctoBooking[]> {
  const products = new Map<string, Promise<SellableProduct | null>>();
  const departures = new Map<string, Promise<Departure | null>>();
  const productOf = (id: string) => {
    if (!products.has(id)) products.set(id, sellableProduct(db, call.caller.teamId, id));
    return products.get(id)!;
  };
  const out: OctoBooking[] = [];
  for (const row of rows) {
    const product = await productOf(row.productId);
    const key = `${row.productId}/${row.availabilityId}`;
    if (product && !departures.has(key)) departures.set(key, departureOf(db, product, row.availabilityId));
    const departure = product ? await departures.get(key)! : null;
    out.push(octoBooking(row, { product, departure, pricing: call.pricing }));
  }
  return out;
}

export async function answer(db: Db, call: Call, uuid: string): Promise<OctoBooking> {
  const row = await bookingOfTeam(db, call.caller.teamId, uuid);
  if (!row) throw invalidBooking(uuid);
  return (await render(db, call, [row]))[0];
}

export const getBooking = (call: Call, uuid: string) => answer(call.db, call, uuid);

export async function listBookings(call: Call, f: BookingFilters): Promise<OctoBooking[]> {
  if ((f.localDateStart === undefined) !== (f.localDateEnd === undefined)) {
    throw octoBadRequest('Give localDateStart and localDateEnd together');
  }
  if (f.localDateStart && f.localDateEnd && f.localDateEnd < f.localDateStart) {
    throw octoBadRequest('localDateEnd is before localDateStart');
  }
  const named = f.resellerReference ?? f.supplierReference ?? f.localDate ?? f.localDateStart;
  if (named === undefined) {
    throw octoBadRequest(
      'Name the bookings: resellerReference, supplierReference, localDate, or localDateStart and localDateEnd',
    );
  }
  return render(call.db, call, await listTeamBookings(call.db, call.caller.teamId, f));
}

// ---- writes ----

/** The same uuid again: the same request answers its booking, another request is refused. */
export async function retried(call: Call, uuid: string, hash: string, owner?: UuidOwner): Promise<OctoBooking | null> {
  owner ??= await uuidOwner(call.db, uuid);
  if (!owner) return null;
  if (owner.teamId !== call.caller.teamId || owner.requestHash !== hash) {
    throw invalidBooking(uuid, 'is already used by another booking: send a new uuid for a new booking');
  }
  return answer(call.db, call, uuid);
}
