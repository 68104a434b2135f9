import { access, teamsOf, type TeamAccess } from '../auth/access';
import type { Db } from '../db/client';
import { badRequest, HttpError, notFound } from '../http/errors';
import {
  lockDeleted,
  moveOrderIn,
  moveOrderOut,
  moveTourIn,
  moveTourOut,
  purgeDeleted,
  RESTORE_DAYS,
  tourDisplayIdTaken,
  type DeletedRow,
  type RecordKind,
} from '../repo/deleted-records';
import { appendEvents } from '../repo/events';
import { conflictingOrder, ordersByIds, type Order } from '../repo/orders';
import type { Ota } from '../../shared/otas';
import { tourById, type Tour } from '../repo/tours';
import type { Caller } from '../types';
import { linkToTour, unlinkAllOrders } from './tour-links';

/**
 * Recoverable deletes: a deleted order or tour leaves its table for deleted_records (so no list,
 * count, search or rollup sees it) with a DELETE event in its Activity, and an EDITOR restores it
 * within RESTORE_DAYS, with a RESTORE event. Each is one transaction.
 */
const LABEL: Record<RecordKind, string> = { order: 'Order', tour: 'Tour' };

/** Deletes an order of the team (404 when it is not there, e.g. deleted already). */
export async function deleteOrder(db: Db, user: Caller, id: string): Promise<void> {
  const { teamId } = await access(db, user, { order: id });
  return db.tx(async (tx) => {
    const moved = await moveOrderOut(tx, teamId, id, user);
    if (!moved) throw notFound('Order');
    // on its tour's Activity too, while it was on one
    const event = { teamId, orderId: id, tourId: moved.tourId, type: 'DELETE' as const };
    await appendEvents(tx, user, [{ ...event, comment: `Order ${moved.displayId} deleted` }]);
    await purgeDeleted(tx, teamId);
  });
}

/** Deletes a tour of the team; its orders are unlinked (kept, each with an UNLINK event) and remembered. */
export async function deleteTour(db: Db, user: Caller, id: string): Promise<void> {
  const { teamId } = await access(db, user, { tour: id });
  return db.tx(async (tx) => {
    const unlinked = await unlinkAllOrders(tx, user, teamId, id);
    const moved = await moveTourOut(tx, teamId, id, unlinked, user);
    if (!moved) throw notFound('Tour');
    const orders = unlinked.length === 1 ? '1 order unlinked' : `${unlinked.length} orders unlinked`;
    await appendEvents(tx, user, [
      { teamId, tourId: id, type: 'DELETE', comment: `Tour ${moved.displayId} deleted (${orders})` },
    ]);
    await purgeDeleted(tx, teamId);
  });
}

/**
 * A deleted record the caller may restore, locked: 404 when it is not a deleted record of one of the
 * caller's teams, or was deleted too long ago; 403 below the operation's role (the matrix), for a
 * live record of the caller's team too; 400 when a record created since took its place (its display id,
 * or an order's OTA booking).
 */
async function restorable(
  tx: Db,
  user: Caller,
  kind: RecordKind,
  id: string,
): Promise<{ team: TeamAccess; row: DeletedRow }> {
  const row = await lockDeleted(tx, kind, id);
  if (!row) {
    // not deleted: a live record of the caller's team still answers as the matrix says (403 below EDITOR)
    await access(tx, user, kind === 'order' ? { order: id } : { tour: id });
    throw notFound(`Deleted ${kind}`);
  }
  if (!(await teamsOf(tx, user)).has(row.teamId)) throw notFound(`Deleted ${kind}`);
  const team = await access(tx, user, { team: row.teamId });
  const what = `${LABEL[kind]} ${row.displayId}`;
  if (!row.restorable) {
    const message = `${what} was deleted more than ${RESTORE_DAYS} days ago and can no longer be restored`;
    throw new HttpError(404, 'NOT_FOUND', message);
  }
  const taken = await takenSince(tx, kind, row);
  if (taken) throw badRequest(`${what} cannot be restored: ${taken} took its place since`);
  return { team, row };
}

/** What took the record's place since its deletion (its display id, or the same OTA order), in words. */
async function takenSince(tx: Db, kind: RecordKind, row: DeletedRow): Promise<string | null> {
  if (kind === 'tour')
    return (await tourDisplayIdTaken(tx, row.teamId, row.displayId)) ? `another tour ${row.displayId}` : null;
  const otaOrderId = (row.otaOrderId ?? '').toUpperCase();
  const found = await conflictingOrder(tx, row.teamId, row.ota as Ota, [row.displayId], [otaOrderId]);
  return found ? `order ${found.displayId} (OTA order ${found.otaOrderId})` : null;
}

/** Restores a deleted order; it comes back on its tour if that tour still exists, otherwise unlinked. */
export function restoreOrder(db: Db, user: Caller, id: string): Promise<Order> {
  return db.tx(async (tx) => {
    const { team, row } = await restorable(tx, user, 'order', id);
    const { tourId } = await moveOrderIn(tx, team.teamId, id);
    const comment =
      row.tourId && !tourId
        ? `Order ${row.displayId} restored, unlinked (its tour was deleted)`
        : `Order ${row.displayId} restored`;
    await appendEvents(tx, user, [{ teamId: team.teamId, orderId: id, tourId, type: 'RESTORE', comment }]);
    const [order] = await ordersByIds(tx, [id]);
    return order;
  });
}

/** Restores a deleted tour and links back those of its orders that are still on no tour. */
export function restoreTour(db: Db, user: Caller, id: string): Promise<Tour> {
  return db.tx(async (tx) => {
    const { team, row } = await restorable(tx, user, 'tour', id);
    await moveTourIn(tx, team.teamId, id);
    await appendEvents(tx, user, [
      { teamId: team.teamId, tourId: id, type: 'RESTORE', comment: `Tour ${row.displayId} restored` },
    ]);
    await linkToTour(tx, user, team.teamId, { id, displayId: row.displayId }, row.unlinkedOrderIds, true);
    return tourById(tx, id);
  });
}
