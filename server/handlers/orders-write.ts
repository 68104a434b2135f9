import { statusLabel } from '../../src/domain/statuses';
import type { RequestBody, Schemas } from '../contract';
import { resolveBatch } from '../http/access';
import { appendEvents, type NewEvent } from '../repo/events';
import { ordersByIds, type Order } from '../repo/orders';
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

/** Moves orders or tours to statuses: one locked primary-key read (404/409 checks), one UPDATE per
 *  target status (a bulk move has one), one multi-row event INSERT. */
export async function moveStatuses(
  req: Parameters<Handler>[0],
  table: 'orders' | 'tours',
  items: StatusItem[],
): Promise<Schemas['StatusChange'][]> {
  const { db, user } = ctx(req);
  const ids = items.map((i) => i.id);
  checkUnique(ids, 'ids');
  return db.tx(async (tx) => {
    const stored = await resolveBatch(tx, table, user.userId, ids, true);
    checkVersions(items, stored);
    const byStatus = new Map<string, string[]>();
    for (const i of items) byStatus.set(i.statusV2, [...(byStatus.get(i.statusV2) ?? []), i.id]);
    const versions = new Map<string, number>();
    for (const [status, group] of byStatus) {
      const rows = await tx.query<{ id: string; version: number }>(
        `UPDATE ${table} SET status = $2, version = version + 1, updated_at = now()
          WHERE id = ANY($1::text[]) RETURNING id, version`,
        [group, status],
      );
      for (const r of rows) versions.set(r.id, r.version);
    }
    const events: NewEvent[] = [];
    for (const i of items) {
      const from = stored.get(i.id)!;
      if (from.status === i.statusV2) continue;
      events.push({
        teamId: from.teamId,
        ...(table === 'orders' ? { orderId: i.id } : { tourId: i.id }),
        type: 'STATUS',
        comment: `${statusLabel(from.status)} → ${statusLabel(i.statusV2)}`,
        data: { from: from.status, to: i.statusV2 },
      });
    }
    await appendEvents(tx, { userId: user.userId, name: user.name }, events);
    return items.map((i) => ({ id: i.id, statusV2: i.statusV2, version: versions.get(i.id)! }));
  });
}

export const updateOrderStatusBatch: Handler = async (req) => ({
  orders: await moveStatuses(req, 'orders', body<RequestBody<'updateOrderStatusBatch'>>(req).orders),
});
