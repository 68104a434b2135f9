import { randomUUID } from 'node:crypto';
import { formatDay } from '../../src/domain/format';
import type { TeamAccess } from '../auth/access';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import type { BodyOf } from '../http/operation';
import { checkTimestamp, checkUnique } from '../http/validate';
import { appendEvents } from '../repo/events';
import { earliestOrder } from '../repo/orders';
import { productRoute } from '../repo/products';
import { nextDisplayIds } from '../repo/sequence';
import { insertTour, localDay } from '../repo/tours';
import type { Caller } from '../types';
import { checkOrdersOfTeam, linkToTour } from './tour-links';

type TourInput = BodyOf<'createTour'>['tour'];

/**
 * A new tour of the team with its orders: its departure and product are the given ones, else those
 * of its earliest order; its name the given one, else "<route> <local day as the app shows it>". Answers its
 * id, display id and name.
 */
export interface CreatedTour {
  tourId: string;
  displayId: string;
  displayName: string;
}

export async function createTour(db: Db, user: Caller, team: TeamAccess, input: TourInput): Promise<CreatedTour> {
  checkTimestamp(input.departureAt, 'Tour');
  checkUnique(input.orderIds, 'order ids');
  return db.tx(async (tx) => {
    await checkOrdersOfTeam(tx, user, team.teamId, input.orderIds);
    const first = await earliestOrder(tx, input.orderIds);
    const productId = input.productId ?? first?.productId ?? null;
    const departureAt = input.departureAt ? new Date(input.departureAt) : first?.departureAt;
    if (!departureAt) throw badRequest('A tour needs a departureAt or at least one order');
    let route = 'Tour';
    if (productId) {
      const known = await productRoute(tx, team.teamId, productId);
      if (known === undefined && input.productId) throw badRequest(`Unknown product ${productId}`);
      if (known !== undefined) route = known;
    }
    // the day as the app writes it everywhere ("Sun, 1 Nov 2026"), not the ISO day
    const day = formatDay(await localDay(tx, departureAt, team.timezone));
    const displayName = input.displayName?.trim() || `${route} ${day}`;
    const [displayId] = await nextDisplayIds(tx, team.teamId, 'tours', 'T-', 1);
    const id = randomUUID();
    await insertTour(tx, { id, teamId: team.teamId, displayId, displayName, departureAt, productId });
    await appendEvents(tx, user, [
      { teamId: team.teamId, tourId: id, type: 'CREATE', comment: `Created ${displayName}` },
    ]);
    await linkToTour(tx, user, team.teamId, { id, displayId }, input.orderIds);
    return { tourId: id, displayId, displayName };
  });
}
