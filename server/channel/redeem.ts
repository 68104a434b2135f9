/**
 * A check-in is what OCTO calls a redemption: the booking of a checked-in order reads REDEEMED
 * (with utcRedeemedAt), and a check-in undone or turned into a no-show makes it CONFIRMED again.
 * The booking statechart decides; inside the check-in's transaction, with the bookings locked
 * before the order (the order OCTO's own writes lock them in).
 */
import type { Db } from '../db/client';
import { lockBookingsOfOrder, updateBooking } from '../repo/channel-bookings';
import { decide } from './booking.machine';

/** Locks the order's bookings; call before the order is locked. */
export const lockRedeemable = lockBookingsOfOrder;

/** Redeems (checkedIn) or un-redeems the locked bookings; the uuids changed. */
export async function followCheckIn(
  tx: Db,
  bookings: Awaited<ReturnType<typeof lockBookingsOfOrder>>,
  checkedIn: boolean,
): Promise<string[]> {
  const changed: string[] = [];
  for (const b of bookings) {
    // neither redeeming nor its undoing depends on the hold or the cut-off
    const d = decide(
      b.status,
      { expiresAt: null, cancellationCutoffAt: 0 },
      { type: checkedIn ? 'booking.redeem' : 'booking.unredeem', at: Date.now() },
    );
    if (!d.allowed || d.from === d.next) continue;
    if (d.effects.includes('markRedeemed')) await updateBooking(tx, b.uuid, { status: d.next, redeemed: true });
    if (d.effects.includes('markUnredeemed')) await updateBooking(tx, b.uuid, { status: d.next, redeemed: false });
    changed.push(b.uuid);
  }
  return changed;
}
