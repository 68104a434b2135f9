import type { OctoHandlers } from '../operation';
import {
  octoCancelBooking,
  octoConfirmBooking,
  octoExtendBooking,
  octoGetBooking,
  octoListBookings,
  octoReserveBooking,
  octoUpdateBooking,
} from './bookings';
import {
  octoAvailabilityCalendar,
  octoCheckAvailability,
  octoGetProduct,
  octoGetSupplier,
  octoListProducts,
} from './catalog';

/** Every operation of openapi/octo.yaml: one missing fails the type check. */
export const octoHandlers: OctoHandlers = {
  octoGetSupplier,
  octoListProducts,
  octoGetProduct,
  octoAvailabilityCalendar,
  octoCheckAvailability,
  octoReserveBooking,
  octoListBookings,
  octoGetBooking,
  octoUpdateBooking,
  octoConfirmBooking,
  octoExtendBooking,
  octoCancelBooking,
};
