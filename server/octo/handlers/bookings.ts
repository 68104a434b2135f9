import * as bookings from '../../channel/bookings';
import { refusable } from '../../channel/refusals';
import type { OctoCall, OctoHandler } from '../operation';

/** OCTO bookings: HTTP only; the rules are in server/channel/bookings.ts. Refused writes go to the inbox. */
const callOf = (call: OctoCall): bookings.Call => ({
  db: call.db,
  caller: call.channel,
  pricing: call.capabilities.has('octo/pricing'),
});

const reference = (body: unknown) => {
  const ref = (body as { resellerReference?: unknown } | null)?.resellerReference;
  return typeof ref === 'string' ? ref : null;
};

export const octoReserveBooking: OctoHandler<'octoReserveBooking'> = ({ body }, call) =>
  refusable(call.db, call.channel, { bookingUuid: body.uuid, reference: reference(body), body }, () =>
    bookings.reserve(callOf(call), body),
  );

export const octoConfirmBooking: OctoHandler<'octoConfirmBooking'> = ({ path, body }, call) =>
  refusable(call.db, call.channel, { bookingUuid: path.uuid, reference: reference(body), body }, () =>
    bookings.confirm(callOf(call), path.uuid, body),
  );

export const octoUpdateBooking: OctoHandler<'octoUpdateBooking'> = ({ path, body }, call) =>
  refusable(call.db, call.channel, { bookingUuid: path.uuid, reference: reference(body), body }, () =>
    bookings.amend(callOf(call), path.uuid, body),
  );

export const octoCancelBooking: OctoHandler<'octoCancelBooking'> = ({ path, body }, call) =>
  refusable(call.db, call.channel, { bookingUuid: path.uuid, body: body ?? {} }, () =>
    bookings.cancel(callOf(call), path.uuid, body ?? {}),
  );

export const octoExtendBooking: OctoHandler<'octoExtendBooking'> = ({ path, body }, call) =>
  bookings.extend(callOf(call), path.uuid, body ?? {});

export const octoGetBooking: OctoHandler<'octoGetBooking'> = ({ path }, call) =>
  bookings.getBooking(callOf(call), path.uuid);

export const octoListBookings: OctoHandler<'octoListBookings'> = ({ query }, call) =>
  bookings.listBookings(callOf(call), query ?? {});
