import type { Db } from '../db/client';
import { resolveBatch, teamOfTour } from '../http/access';
import { notFound } from '../http/errors';
import { appendEvents, type Operator } from '../repo/events';
import { tourById } from '../repo/tours';
import { body, ctx, params, type Handler } from './util';

/** Linking orders to tours and unlinking them; every move bumps the order's version and is logged. */
export async function linkToTour(
  db: Db,
  by: Operator,
  teamId: string,
  tour: { id: string; displayId: string },
  orderIds: string[],
): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await db.query<{ id: string; old_tour: string | null }>(
    `UPDATE orders o SET tour_id = $2, version = o.version + 1, updated_at = now()
       FROM orders prev
      WHERE o.id = prev.id AND o.id = ANY($3::text[]) AND o.team_id = $1 AND o.tour_id IS DISTINCT FROM $2
      RETURNING o.id, prev.tour_id AS old_tour`,
    [teamId, tour.id, orderIds],
  );
  await appendEvents(
    db,
    by,
    rows.map((r) => ({
      teamId,
      orderId: r.id,
      tourId: tour.id,
      type: 'LINK' as const,
      comment: `Linked to tour ${tour.displayId}`,
      data: { tourId: tour.id, fromTourId: r.old_tour },
    })),
  );
}

/** Unlinks every order of a tour (used when the tour is deleted). */
export async function unlinkAll(db: Db, by: Operator, teamId: string, tourId: string): Promise<void> {
  const rows = await db.query<{ id: string }>(
    `UPDATE orders SET tour_id = NULL, version = version + 1, updated_at = now()
      WHERE team_id = $1 AND tour_id = $2 RETURNING id`,
    [teamId, tourId],
  );
  await appendEvents(
    db,
    by,
    rows.map((r) => ({
      teamId,
      orderId: r.id,
      tourId,
      type: 'UNLINK' as const,
      comment: 'Tour deleted',
      data: { tourId },
    })),
  );
}

/** Every id must be an order of the given team (404 otherwise, nothing changes). */
export async function ordersOfTeam(db: Db, userId: string, teamId: string, ids: string[]): Promise<void> {
  const found = await resolveBatch(db, 'orders', userId, ids, true);
  for (const v of found.values()) if (v.teamId !== teamId) throw notFound('Order');
}

export const linkOrders: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const { orderIds } = body<{ orderIds: string[] }>(req);
  const team = await teamOfTour(db, user.userId, id);
  return db.tx(async (tx) => {
    await ordersOfTeam(tx, user.userId, team.teamId, orderIds);
    const tour = await tourById(tx, id);
    await linkToTour(tx, { userId: user.userId, name: user.name }, team.teamId, tour, orderIds);
    return tourById(tx, id);
  });
};

export const unlinkOrder: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id, orderId } = params<{ id: string; orderId: string }>(req);
  const team = await teamOfTour(db, user.userId, id);
  return db.tx(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `UPDATE orders SET tour_id = NULL, version = version + 1, updated_at = now()
        WHERE id = $1 AND team_id = $2 AND tour_id = $3 RETURNING id`,
      [orderId, team.teamId, id],
    );
    if (rows.length === 0) throw notFound('Order');
    const tour = await tourById(tx, id);
    await appendEvents(tx, { userId: user.userId, name: user.name }, [
      {
        teamId: team.teamId,
        orderId,
        tourId: id,
        type: 'UNLINK',
        comment: `Unlinked from tour ${tour.displayId}`,
        data: { tourId: id },
      },
    ]);
    return tour;
  });
};
