import { createHash } from 'node:crypto';
import type { Schemas } from '../../shared/contract';
import { access } from '../auth/access';
import { followCheckIn, lockRedeemable } from '../channel/redeem';
import type { Db } from '../db/client';
import { HttpError, badRequest, notFound } from '../http/errors';
import {
  lockOrderToCheckIn,
  setCheckIn,
  storeCheckInAnswer,
  takeCheckInKey,
  touchTour,
  usedCheckInKey,
  type OrderToCheckIn,
} from '../repo/check-ins';
import { appendEvent } from '../repo/events';
import { ordersByIds, type Order } from '../repo/orders';
import type { Caller } from '../types';

/**
 * PUT /api/v1/orders/{id}/check-in: who of a party showed up. One transaction: the idempotency key
 * first (a second call with the same key waits for the first, then answers its result), then the
 * order's OCTO bookings and the order locked, the rules, the order's new state with a CHECK_IN
 * event in its Activity, its booking redeemed or not, and its tour touched so lists patch live.
 * The last check-in sent wins (no base version): a queue replayed in order ends as its taker saw it.
 */
type CheckInInput = Schemas['CheckInInput'];

/** What the Activity says, as the manifest shows it. */
export function checkInComment(state: CheckInInput['state'], arrived: number, total: number): string {
  if (state === 'CHECKED_IN') return `Checked in ${arrived} of ${total}`;
  if (state === 'NO_SHOW') return 'No-show';
  return 'Check-in undone';
}

const hashOf = (orderId: string, body: CheckInInput) =>
  createHash('sha256')
    .update(JSON.stringify([orderId, body.state, body.arrived ?? null]))
    .digest('hex');

/** How many came: all of the party unless told; 0 unless checked in. */
function arrivedOf(body: CheckInInput, order: OrderToCheckIn): number {
  if (body.state !== 'CHECKED_IN') return 0;
  const arrived = body.arrived ?? order.total;
  if (arrived > order.total) {
    throw badRequest(`arrived: the party is ${order.total}, so at most ${order.total} can check in (not ${arrived})`);
  }
  return arrived;
}

export async function checkIn(db: Db, user: Caller, orderId: string, body: CheckInInput): Promise<Order> {
  if (body.state !== 'CHECKED_IN' && body.arrived !== undefined) {
    throw badRequest(`arrived: only a CHECKED_IN party has arrivals (this one is ${body.state})`);
  }
  const team = await access(db, user, { order: orderId });
  const key = {
    teamId: team.teamId,
    key: body.key.toLowerCase(),
    orderId,
    userId: user.userId,
    hash: hashOf(orderId, body),
  };
  return db.tx(async (tx) => {
    if (!(await takeCheckInKey(tx, key))) {
      const used = await usedCheckInKey<Order>(tx, key.teamId, key.key);
      if (used.userId !== key.userId || used.hash !== key.hash) {
        throw new HttpError(
          409,
          'IDEMPOTENCY_KEY_REUSED',
          'This check-in key was used for another check-in: make a new key for each gesture',
        );
      }
      return used.response;
    }
    const bookings = await lockRedeemable(tx, orderId);
    const order = await lockOrderToCheckIn(tx, orderId);
    if (!order) throw notFound('Order');
    if (order.status === 'canceled') {
      throw new HttpError(409, 'ORDER_CANCELED', 'This order is canceled: it cannot be checked in');
    }
    const arrived = arrivedOf(body, order);
    if (body.state !== order.state || arrived !== order.arrived) {
      const by = { userId: user.userId, name: user.name };
      await setCheckIn(tx, orderId, { state: body.state, arrived, by });
      await appendEvent(tx, by, {
        teamId: order.teamId,
        orderId,
        type: 'CHECK_IN',
        comment: checkInComment(body.state, arrived, order.total),
        data: {
          changes: {
            checkIn: { from: { state: order.state, arrived: order.arrived }, to: { state: body.state, arrived } },
          },
        },
      });
      await followCheckIn(tx, bookings, body.state === 'CHECKED_IN');
      if (order.tourId) await touchTour(tx, order.tourId);
    }
    const [after] = await ordersByIds(tx, [orderId]);
    await storeCheckInAnswer(tx, key.teamId, key.key, after);
    return after;
  });
}
