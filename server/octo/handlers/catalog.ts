/**
 * The OCTO catalogue: the supplier (the key's team), its products sold through the channel, and
 * their availability, per departure or per day.
 */
import { departuresBetween, departuresByIds, sellableProduct, type SellableProduct } from '../../channel/availability';
import { daysInRange, isLocalDate } from '../../channel/departures';
import { octoAvailability, octoCalendar, type AvailabilityView } from '../../channel/octo-availability';
import { octoProduct } from '../../channel/octo-product';
import { optionDefaultCurrency, optionPricedIn } from '../../channel/pricing';
import { channelProducts, supplierInfo } from '../../repo/channel-products';
import type { Db } from '../../db/client';
import { invalidOption, invalidProduct, invalidUnit, octoBadRequest, OctoError } from '../errors';
import type { OctoCall, OctoHandler } from '../operation';

/** The longest date range a reseller may ask for at once, in days. */
const MAX_RANGE_DAYS = 366;

export const octoGetSupplier: OctoHandler<'octoGetSupplier'> = async (_input, { db, config, channel }) => {
  const supplier = await supplierInfo(db, channel.teamId);
  if (!supplier) throw new OctoError('FORBIDDEN', 'The API key is invalid or has been revoked');
  return {
    id: supplier.id,
    name: supplier.name,
    endpoint: `${config.publicOrigin}/octo`,
    contact: { website: null, email: supplier.email, telephone: supplier.telephone, address: supplier.address },
  };
};

export const octoListProducts: OctoHandler<'octoListProducts'> = async (_input, { db, channel, capabilities }) => {
  const products = await channelProducts(db, channel.teamId);
  const pricing = capabilities.has('octo/pricing');
  return products.map((p) => octoProduct(p, { pricing }));
};

export const octoGetProduct: OctoHandler<'octoGetProduct'> = async ({ path }, { db, channel, capabilities }) => {
  const product = await sellableProduct(db, channel.teamId, path.id);
  if (!product) throw invalidProduct(path.id);
  return octoProduct(product, { pricing: capabilities.has('octo/pricing') });
};

interface AvailabilityBody {
  productId: string;
  optionId: string;
  units?: { id: string; quantity: number }[];
  currency?: string | null;
}

/** The product, option, units and currency of an availability request, or the OCTO error that refuses it. */
async function availabilityRequest(
  db: Db,
  call: OctoCall,
  body: AvailabilityBody,
): Promise<{ product: SellableProduct; view: AvailabilityView }> {
  const product = await sellableProduct(db, call.channel.teamId, body.productId);
  if (!product) throw invalidProduct(body.productId);
  const option = product.schedule.options.find((o) => o.id === body.optionId);
  if (!option) throw invalidOption(body.optionId);
  const units = new Map<string, number>();
  for (const u of body.units ?? []) {
    if (!option.units.some((known) => known.id === u.id)) throw invalidUnit(u.id);
    units.set(u.id, (units.get(u.id) ?? 0) + u.quantity);
  }
  const pricing = call.capabilities.has('octo/pricing');
  const currency =
    body.currency ?? (pricing ? (optionDefaultCurrency(product.schedule.options, option) ?? null) : null);
  if (currency !== null && !optionPricedIn(option, currency)) {
    throw octoBadRequest(`The currency ${currency} is not available for the option ${option.id}`);
  }
  if (currency === null && pricing) {
    throw octoBadRequest(`The option ${option.id} has no currency in which all its units are priced`);
  }
  return { product, view: { option, units, currency: pricing ? currency : null } };
}

/** A valid local date range of at most MAX_RANGE_DAYS days, or BAD_REQUEST. */
function checkRange(start: string, end: string): void {
  for (const [name, value] of [
    ['localDateStart', start],
    ['localDateEnd', end],
  ]) {
    if (!isLocalDate(value)) throw octoBadRequest(`${name} ${value} is not a date (YYYY-MM-DD)`);
  }
  if (end < start) throw octoBadRequest('localDateEnd is before localDateStart');
  if (daysInRange(start, end) > MAX_RANGE_DAYS) {
    throw octoBadRequest(`The date range is longer than ${MAX_RANGE_DAYS} days`);
  }
}

export const octoAvailabilityCalendar: OctoHandler<'octoAvailabilityCalendar'> = async ({ body }, call) => {
  checkRange(body.localDateStart, body.localDateEnd);
  const { product, view } = await availabilityRequest(call.db, call, body);
  const departures = await departuresBetween(call.db, product, body.localDateStart, body.localDateEnd);
  return octoCalendar(product, departures, body.localDateStart, body.localDateEnd, view);
};

/**
 * Departures of a date range, or of availability ids (ids the schedule does not have are left out,
 * as the reference supplier does); both given: the ids within the range.
 */
export const octoCheckAvailability: OctoHandler<'octoCheckAvailability'> = async ({ body }, call) => {
  const { localDateStart: start, localDateEnd: end, availabilityIds: ids } = body;
  if ((start === undefined) !== (end === undefined)) {
    throw octoBadRequest('Send both localDateStart and localDateEnd');
  }
  if (start === undefined && ids === undefined) {
    throw octoBadRequest('Send localDateStart and localDateEnd, or availabilityIds');
  }
  if (start !== undefined && end !== undefined) checkRange(start, end);
  const { product, view } = await availabilityRequest(call.db, call, body);
  const departures =
    ids !== undefined
      ? (await departuresByIds(call.db, product, ids)).filter(
          (d) => start === undefined || end === undefined || (d.localDate >= start && d.localDate <= end),
        )
      : await departuresBetween(call.db, product, start as string, end as string);
  return departures.map((d) => octoAvailability(product, d, view));
};
