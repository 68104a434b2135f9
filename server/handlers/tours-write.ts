import { randomUUID } from 'node:crypto';
import type { RequestBody, Schemas } from '../contract';
import { requireTeam, resolveBatch } from '../http/access';
import { badRequest } from '../http/errors';
import { appendEvents, type NewEvent } from '../repo/events';
import { nextDisplayIds } from '../repo/sequence';
import { toursByIds, type Tour } from '../repo/tours';
import { moveStatuses } from './orders-write';
import { linkToTour, ordersOfTeam } from './tours-link';
import { body, ctx, type Handler } from './util';
import { checkPrices, checkTimestamp, checkUnique, checkVersions } from './validate';

/** Tour writes: create (with its orders), edits and bulk status moves. */
export const createTour: Handler = async (req) => {
  const { db, user } = ctx(req);
  const input = body<RequestBody<'createTour'>>(req).tour;
  const team = await requireTeam(db, user.userId, input.teamId);
  checkTimestamp(input.departureAt, 'Tour');
  checkUnique(input.orderIds, 'order ids');
  const by = { userId: user.userId, name: user.name };
  const tourId = await db.tx(async (tx) => {
    await ordersOfTeam(tx, user.userId, team.teamId, input.orderIds);
    const [first] = await tx.query<{ departure_at: Date; product_id: string }>(
      'SELECT departure_at, product_id FROM orders WHERE id = ANY($1::text[]) ORDER BY departure_at, id LIMIT 1',
      [input.orderIds],
    );
    const productId = input.productId ?? first?.product_id ?? null;
    const departureAt = input.departureAt ? new Date(input.departureAt) : first?.departure_at;
    if (!departureAt) throw badRequest('A tour needs a departureAt or at least one order');
    let route = 'Tour';
    if (productId) {
      const [product] = await tx.query<{ route: string }>('SELECT route FROM products WHERE team_id = $1 AND id = $2', [
        team.teamId,
        productId,
      ]);
      if (!product && input.productId) throw badRequest(`Unknown product ${productId}`);
      if (product) route = product.route;
    }
    const [day] = await tx.query<{ d: string }>(`SELECT to_char($1::timestamptz AT TIME ZONE $2, 'YYYY-MM-DD') AS d`, [
      departureAt.toISOString(),
      team.timezone,
    ]);
    const [displayId] = await nextDisplayIds(tx, team.teamId, 'tours', 'T-', 1);
    const id = randomUUID();
    const displayName = input.displayName?.trim() || `${route} ${day.d}`;
    await tx.query(
      `INSERT INTO tours (id, team_id, display_id, display_name, departure_at, product_id, status)
       VALUES ($1, $2, $3, $4, $5, $6, 'grouped')`,
      [id, team.teamId, displayId, displayName, departureAt.toISOString(), productId],
    );
    await appendEvents(tx, by, [
      { teamId: team.teamId, tourId: id, type: 'CREATE', comment: `Created ${displayName}` },
    ]);
    await linkToTour(tx, by, team.teamId, { id, displayId }, input.orderIds);
    return id;
  });
  return { tourId };
};

type TourUpdate = Schemas['TourUpdate'];

function diff(before: Tour, item: TourUpdate): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  if (item.departureAt !== undefined) {
    const to = new Date(item.departureAt).toISOString();
    if (to !== before.departureAt) out.departureAt = { from: before.departureAt, to };
  }
  if (item.prices !== undefined && JSON.stringify(item.prices) !== JSON.stringify(before.prices)) {
    out.prices = { from: before.prices, to: item.prices };
  }
  if (item.displayName !== undefined && item.displayName !== before.displayName) {
    out.displayName = { from: before.displayName, to: item.displayName };
  }
  return out;
}

export const updateTours: Handler = async (req) => {
  const { db, user } = ctx(req);
  const items = body<RequestBody<'updateTours'>>(req).tours;
  const ids = items.map((i) => i.id);
  checkUnique(ids, 'tour ids');
  for (const i of items) {
    checkPrices(i.prices, `Tour ${i.id}`);
    checkTimestamp(i.departureAt, `Tour ${i.id}`);
    if (i.displayName !== undefined && !i.displayName.trim()) throw badRequest(`Tour ${i.id}: displayName is empty`);
  }
  const tours = await db.tx(async (tx) => {
    const stored = await resolveBatch(tx, 'tours', user.userId, ids, true);
    checkVersions(items, stored);
    const before = new Map((await toursByIds(tx, ids)).map((t) => [t.id, t]));
    await tx.query(
      `UPDATE tours t SET
         departure_at = COALESCE(v.departure_at, t.departure_at),
         prices = COALESCE(v.prices, t.prices),
         display_name = COALESCE(v.display_name, t.display_name),
         version = t.version + 1,
         updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS v(id text, departure_at timestamptz, prices jsonb, display_name text)
      WHERE t.id = v.id`,
      [
        JSON.stringify(
          items.map((i) => ({
            id: i.id,
            departure_at: i.departureAt ?? null,
            prices: i.prices ?? null,
            display_name: i.displayName ?? null,
          })),
        ),
      ],
    );
    const events: NewEvent[] = items.map((i) => {
      const changes = diff(before.get(i.id)!, i);
      const names = Object.keys(changes);
      return {
        teamId: stored.get(i.id)!.teamId,
        tourId: i.id,
        type: 'EDIT',
        comment: names.length ? `Changed ${names.join(', ')}` : 'Saved without changes',
        data: { changes },
      };
    });
    await appendEvents(tx, { userId: user.userId, name: user.name }, events);
    return toursByIds(tx, ids);
  });
  return { tours };
};

export const updateTourStatusBatch: Handler = async (req) => ({
  tours: await moveStatuses(req, 'tours', body<RequestBody<'updateTourStatusBatch'>>(req).tours),
});
