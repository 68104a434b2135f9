/**
 * What a reseller needs to sell a product (the contract's ProductSchedule): its options and units
 * with prices, when it runs, how many places each departure has, and its cut-offs. Times are
 * local to the team ("HH:mm"), dates are "YYYY-MM-DD"; prices are in major units, as order prices.
 */
import type { Schemas } from './contract';

export type ProductSchedule = Schemas['ProductSchedule'];
export type ScheduleOption = Schemas['ScheduleOption'];
export type ScheduleUnit = Schemas['ScheduleUnit'];
export type AvailabilityType = ProductSchedule['availabilityType'];

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Unit types served, and how an order counts them (orders know adults and children). */
export const UNIT_TYPES = ['ADULT', 'SENIOR', 'YOUTH', 'CHILD', 'INFANT'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export const COUNTS_AS_CHILD: ReadonlySet<UnitType> = new Set(['CHILD', 'INFANT']);
