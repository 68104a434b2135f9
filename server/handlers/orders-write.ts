import type { RequestBody, Schemas } from '../contract';
import { myTeams, resolveBatch } from '../http/access';
import { appendEvents, type NewEvent } from '../repo/events';
import { ordersByIds, type Order } from '../repo/orders';
import { moveStatuses as moveRows } from '../repo/status-moves';
import { body, ctx, type Handler } from './util';
import { checkPrices, checkTimestamp, checkUnique, checkVersions } from './validate';

/** Order writes: edits and bulk status moves, all-or-nothing with optimistic versions. */
type OrderUpdate = Schemas['OrderUpdate'];

const FIELDS = ['departureAt', 'prices', 'language', 'emailCheckpoints', 'reviewCheckpoints'] as const;

/** What an edit changes: { field: { from, to } } for every field whose value differs. */
function diff(before: Order, item: OrderUpdate): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of FIELDS) {
    const given = item[field];
    if (given === undefined) continue;
    const from = before[field];
    let to: unknown = given;
    if (field === 'departureAt') to = new Date(given as string).toISOString();
    if (field === 'emailCheckpoints' || field === 'reviewCheckpoints')
      to = { ...(from as object), ...(given as object) };
    if (JSON.stringify(from) !== JSON.stringify(to)) out[field] = { from, to };
  }
  return out;
}

export const updateOrders: Handler = async (req) => {
  const { db, user } = ctx(req);
  const items = body<RequestBody<'updateOrders'>>(req).orders;
  checkUnique(
    items.map((i) => i.id),
    'order ids',
  );
  for (const i of items) {
    checkPrices(i.prices, `Order ${i.id}`);
    checkTimestamp(i.departureAt, `Order ${i.id}`);
  }
  const ids = items.map((i) => i.id);
  const orders = await db.tx(async (tx) => {
    const stored = await resolveBatch(tx, 'orders', user.userId, ids, true);
    checkVersions(items, stored);
    const before = new Map((await ordersByIds(tx, ids)).map((o) => [o.id, o]));
    await tx.query(
      `UPDATE orders o SET
         departure_at = COALESCE(v.departure_at, o.departure_at),
         prices = COALESCE(v.prices, o.prices),
         language = COALESCE(v.language, o.language),
         email_checkpoints = o.email_checkpoints || COALESCE(v.email, '{}'::jsonb),
         review_checkpoints = o.review_checkpoints || COALESCE(v.review, '{}'::jsonb),
         version = o.version + 1,
         updated_at = now()
       FROM jsonb_to_recordset($1::jsonb)
         AS v(id text, departure_at timestamptz, prices jsonb, language text, email jsonb, review jsonb)
      WHERE o.id = v.id`,
      [
        JSON.stringify(
          items.map((i) => ({
            id: i.id,
            departure_at: i.departureAt ?? null,
            prices: i.prices ?? null,
            language: i.language ?? null,
            email: i.emailCheckpoints ?? null,
            review: i.reviewCheckpoints ?? null,
          })),
        ),
      ],
    );
    const events: NewEvent[] = items.map((i) => {
      const changes = diff(before.get(i.id)!, i);
      const names = Object.keys(changes);
      return {
        teamId: stored.get(i.id)!.teamId,
        orderId: i.id,
        type: 'EDIT',
        comment: names.length ? `Changed ${names.join(', ')}` : 'Saved without changes',
        data: { changes },
      };
    });
    await appendEvents(tx, { userId: user.userId, name: user.name }, events);
    return ordersByIds(tx, ids);
  });
  return { orders };
};

/** One item of updateOrderStatusBatch or updateTourStatusBatch (the same shape). */
type StatusItem = RequestBody<'updateOrderStatusBatch'>['orders'][number];

/** Moves orders or tours to statuses, all or nothing (404 for a foreign id, 409 for a stale version). */
export async function moveStatuses(
  req: Parameters<Handler>[0],
  table: 'orders' | 'tours',
  items: StatusItem[],
): Promise<Schemas['StatusChange'][]> {
  const { db, user } = ctx(req);
  checkUnique(
    items.map((i) => i.id),
    'ids',
  );
  return db.tx(async (tx) => {
    const teams = [...(await myTeams(tx, user.userId)).keys()];
    return moveRows(tx, table, { userId: user.userId, name: user.name }, teams, items);
  });
}

export const updateOrderStatusBatch: Handler = async (req) => ({
  orders: await moveStatuses(req, 'orders', body<RequestBody<'updateOrderStatusBatch'>>(req).orders),
});
