import { accessRows } from '../auth/access';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { appendEvents, type Operator } from '../repo/events';
import { linkUnlinkedOrders, setTourOfOrders, unlinkOrdersOfTour } from '../repo/orders';
import { lockTour, tourById, type Tour } from '../repo/tours';
import type { Caller } from '../types';

/** Linking orders to tours and unlinking them; every move bumps the order's version and is logged. */

/** Every id must be an order of the given team (404 otherwise, nothing changes); locks them. */
export async function checkOrdersOfTeam(db: Db, user: Caller, teamId: string, ids: string[]): Promise<void> {
  const found = await accessRows(db, user, 'orders', ids, { lock: true });
  for (const v of found.values()) if (v.teamId !== teamId) throw notFound('Order');
}

/** One LINK or UNLINK event for each order moved to or from the tour. */
function logMoves(
  db: Db,
  by: Operator,
  teamId: string,
  tourId: string,
  type: 'LINK' | 'UNLINK',
  comment: string,
  moves: { orderId: string; data: unknown }[],
): Promise<void> {
  return appendEvents(
    db,
    by,
    moves.map(({ orderId, data }) => ({ teamId, orderId, tourId, type, comment, data })),
  );
}

/**
 * Links orders of the team to a tour, each with a LINK event: all of them (those on it already stay
 * as they are), or, for a restored tour, only those still on no tour.
 */
export async function linkToTour(
  db: Db,
  by: Operator,
  teamId: string,
  tour: { id: string; displayId: string },
  orderIds: string[],
  restored = false,
): Promise<void> {
  if (orderIds.length === 0) return;
  const moved = restored
    ? (await linkUnlinkedOrders(db, teamId, tour.id, orderIds)).map((id) => ({ id, fromTourId: null }))
    : await setTourOfOrders(db, teamId, tour.id, orderIds);
  const moves = moved.map((r) => ({ orderId: r.id, data: { tourId: tour.id, fromTourId: r.fromTourId } }));
  const comment = `Linked to tour ${tour.displayId}${restored ? ' again (restored)' : ''}`;
  await logMoves(db, by, teamId, tour.id, 'LINK', comment, moves);
}

/** linkOrders: the tour after the change. */
export function linkOrders(db: Db, user: Caller, teamId: string, tourId: string, orderIds: string[]): Promise<Tour> {
  return db.tx(async (tx) => {
    await checkOrdersOfTeam(tx, user, teamId, orderIds);
    await linkToTour(tx, user, teamId, await tourById(tx, tourId), orderIds);
    return tourById(tx, tourId);
  });
}

const unlinked = (tourId: string, orderIds: string[]) => orderIds.map((orderId) => ({ orderId, data: { tourId } }));

/** unlinkOrder: 404 unless the order is on the tour; the tour after the change. */
export function unlinkOrder(db: Db, user: Caller, teamId: string, tourId: string, orderId: string): Promise<Tour> {
  return db.tx(async (tx) => {
    const ids = await unlinkOrdersOfTour(tx, teamId, tourId, orderId);
    if (ids.length === 0) throw notFound('Order');
    const tour = await tourById(tx, tourId);
    await logMoves(tx, user, teamId, tourId, 'UNLINK', `Unlinked from tour ${tour.displayId}`, unlinked(tourId, ids));
    return tour;
  });
}

/** Unlinks every order of a tour that is being deleted, each with an UNLINK event: the ids unlinked. */
export async function unlinkAllOrders(db: Db, by: Operator, teamId: string, tourId: string): Promise<string[]> {
  await lockTour(db, tourId);
  const ids = await unlinkOrdersOfTour(db, teamId, tourId);
  await logMoves(db, by, teamId, tourId, 'UNLINK', 'Tour deleted', unlinked(tourId, ids));
  return ids;
}
