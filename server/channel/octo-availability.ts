/**
 * Departures as OCTO shows them: an Availability per departure, an AvailabilityCalendarDay per
 * local date, with prices in one currency when the reseller asked for octo/pricing.
 */
import type { ScheduleOption } from '../../shared/schedule';
import type { components } from '../octo/schema';
import { statusOf, type Departure, type SellableProduct } from './availability';
import { formatUtc, localDatesBetween } from './departures';
import { sumPricing, timesPricing, unitPricing, type OctoPricing } from './pricing';

type Schema = components['schemas'];
type UnitPricing = Schema['UnitPricing'];
/** OCTO's Availability; `pricing` (the total of the units asked) is the spec's, beyond our document. */
export type OctoAvailability = Schema['Availability'] & { pricing?: OctoPricing };
export type OctoCalendarDay = Schema['AvailabilityCalendarDay'] & { pricingFrom?: OctoPricing };

/** What the reseller asked for besides the dates. */
export interface AvailabilityView {
  option: ScheduleOption;
  /** Quantity per unit id (units the option has). */
  units: Map<string, number>;
  /** Prices in this currency (octo/pricing), or none. */
  currency: string | null;
}

/** Places the asked units take (each unit is one pax). */
export function paxOf(view: Pick<AvailabilityView, 'units'>): number {
  let pax = 0;
  for (const q of view.units.values()) pax += q;
  return pax;
}

function openingHours(product: SellableProduct): Schema['OpeningHours'][] {
  const oh = product.schedule.openingHours;
  return product.schedule.availabilityType === 'OPENING_HOURS' && oh ? [{ from: oh.from, to: oh.to }] : [];
}

/** Each unit's price, and the total of the units asked when some were. */
function prices(view: AvailabilityView): { unitPricing: UnitPricing[]; total?: OctoPricing } | null {
  const { currency } = view;
  if (!currency) return null;
  const unitPricingList: UnitPricing[] = [];
  const parts: OctoPricing[] = [];
  for (const unit of view.option.units) {
    const p = unitPricing(unit, currency);
    if (!p) continue;
    unitPricingList.push({ ...p, unitId: unit.id });
    const quantity = view.units.get(unit.id) ?? 0;
    if (quantity > 0) parts.push(timesPricing(p, quantity));
  }
  return { unitPricing: unitPricingList, ...(parts.length > 0 ? { total: sumPricing(parts, currency) } : {}) };
}

/** A departure can take the asked pax now. */
function fits(d: Departure, pax: number): boolean {
  return !d.closed && d.vacancies > 0 && d.vacancies >= pax;
}

/** One departure as OCTO's Availability (a closed one shows no vacancies). */
export function octoAvailability(product: SellableProduct, d: Departure, view: AvailabilityView): OctoAvailability {
  const open = d.closed ? 0 : d.vacancies;
  const priced = prices(view);
  return {
    id: d.availabilityId,
    localDateTimeStart: d.localDateTimeStart,
    localDateTimeEnd: d.localDateTimeEnd,
    utcCutoffAt: formatUtc(d.utcCutoffAt),
    allDay: product.schedule.availabilityType === 'OPENING_HOURS',
    available: fits(d, paxOf(view)),
    status: statusOf(d),
    vacancies: open,
    capacity: d.capacity,
    maxUnits: open,
    openingHours: openingHours(product),
    ...(priced ? { unitPricing: priced.unitPricing, ...(priced.total ? { pricing: priced.total } : {}) } : {}),
  };
}

/**
 * One entry per local date from start to end: the day's departures summed (vacancies of the open
 * ones, capacity of all), its status from the open ones (CLOSED when none is open), available when
 * one departure can take the asked pax.
 */
export function octoCalendar(
  product: SellableProduct,
  departures: Departure[],
  localDateStart: string,
  localDateEnd: string,
  view: AvailabilityView,
): OctoCalendarDay[] {
  const byDate = new Map<string, Departure[]>();
  for (const d of departures) {
    const day = byDate.get(d.localDate);
    if (day) day.push(d);
    else byDate.set(d.localDate, [d]);
  }
  const pax = paxOf(view);
  const priced = prices(view);
  const hours = openingHours(product);
  return localDatesBetween(localDateStart, localDateEnd).map((localDate) => {
    const day = byDate.get(localDate) ?? [];
    const open = day.filter((d) => !d.closed);
    const vacancies = open.reduce((s, d) => s + d.vacancies, 0);
    const openCapacity = open.reduce((s, d) => s + d.capacity, 0);
    return {
      localDate,
      available: open.some((d) => fits(d, pax)),
      status: statusOf({ closed: open.length === 0, vacancies, capacity: openCapacity }),
      vacancies,
      capacity: day.reduce((s, d) => s + d.capacity, 0),
      openingHours: day.length > 0 ? hours : [],
      ...(priced
        ? { unitPricingFrom: priced.unitPricing, ...(priced.total ? { pricingFrom: priced.total } : {}) }
        : {}),
    };
  });
}
