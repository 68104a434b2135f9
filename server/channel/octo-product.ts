/**
 * A product with a schedule as OCTO shows it: Product, its Options (the schedule's options) and
 * their Units. Prices (`pricingFrom`) only when the reseller asked for octo/pricing.
 */
import type { ScheduleOption, ScheduleUnit } from '../../shared/schedule';
import type { components } from '../octo/schema';
import type { SellableProduct } from './availability';
import { weeklyStartTimes } from './departures';
import { optionCurrencies, pricedCurrencies, toPricing, unitPrice, type OctoPricing } from './pricing';

type Schema = components['schemas'];

export interface ProductView {
  /** Add pricingFrom to options and units (octo/pricing). */
  pricing: boolean;
}

/** The cancellation cut-off in OCTO's words: whole hours when it is, else minutes ("24 hours"). */
export function cancellationCutoff(
  minutes: number,
): Pick<Schema['Option'], 'cancellationCutoff' | 'cancellationCutoffAmount' | 'cancellationCutoffUnit'> {
  const [amount, unit] =
    minutes % 60 === 0 && minutes > 0 ? [minutes / 60, 'hour' as const] : [minutes, 'minute' as const];
  return {
    cancellationCutoff: `${amount} ${unit}${amount === 1 ? '' : 's'}`,
    cancellationCutoffAmount: amount,
    cancellationCutoffUnit: unit,
  };
}

/** Every price of the unit, in minor units. */
function unitPrices(unit: ScheduleUnit): OctoPricing[] {
  return unit.prices.map((p) => toPricing(p.retail, p.currency, p.net));
}

/** The lowest unit price of the option in each currency all its units are priced in. */
function optionPricesFrom(option: ScheduleOption): OctoPricing[] {
  return optionCurrencies(option).map((currency) => {
    const cheapest = option.units
      .map((u) => unitPrice(u, currency))
      .filter((p) => p !== undefined)
      .reduce((low, p) => (p.retail < low.retail ? p : low));
    return toPricing(cheapest.retail, currency, cheapest.net);
  });
}

export function octoUnit(unit: ScheduleUnit, view: ProductView): Schema['Unit'] {
  return {
    id: unit.id,
    internalName: unit.name,
    reference: null,
    type: unit.type,
    restrictions: {
      minAge: unit.minAge,
      maxAge: unit.maxAge,
      idRequired: false,
      minQuantity: null,
      maxQuantity: null,
      paxCount: 1,
      accompaniedBy: [],
    },
    requiredContactFields: [],
    ...(view.pricing ? { pricingFrom: unitPrices(unit) } : {}),
  };
}

export function octoOption(product: SellableProduct, option: ScheduleOption, view: ProductView): Schema['Option'] {
  const { schedule } = product;
  const startTimes = weeklyStartTimes(schedule);
  return {
    id: option.id,
    default: option.default,
    internalName: option.name,
    reference: null,
    // OCTO asks for at least one; a schedule without any start cannot be sold, but still shows its midnight
    availabilityLocalStartTimes: startTimes.length > 0 ? startTimes : ['00:00'],
    ...cancellationCutoff(schedule.cancellationCutoffMinutes),
    requiredContactFields: [],
    restrictions: { minUnits: 1, maxUnits: schedule.capacity },
    units: option.units.map((u) => octoUnit(u, view)),
    ...(view.pricing ? { pricingFrom: optionPricesFrom(option) } : {}),
  };
}

export function octoProduct(product: SellableProduct, view: ProductView): Schema['Product'] {
  const { schedule } = product;
  const currencies = pricedCurrencies(schedule.options);
  return {
    id: product.id,
    internalName: product.name,
    reference: null,
    locale: 'en',
    timeZone: product.timezone,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: schedule.availabilityType,
    deliveryFormats: [],
    deliveryMethods: ['VOUCHER'],
    redemptionMethod: 'MANIFEST',
    options: schedule.options.map((o) => octoOption(product, o, view)),
    ...(currencies.length > 0 ? { defaultCurrency: currencies[0] } : {}),
    availableCurrencies: currencies,
    pricingPer: 'UNIT',
  };
}
