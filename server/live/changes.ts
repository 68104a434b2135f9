import { otaLabel } from '../../shared/otas';
import type { Db } from '../db/client';
import { ordersByIds, type Order } from '../repo/orders';
import { toursByIds, type Tour } from '../repo/tours';
import { formatCursor } from './cursor';
import { operatorsOf, type LiveChange, type LiveRow } from './rows';

/** Changes with more ids carry no rows (`truncated`): the client reloads its list. */
export const MAX_ROWS = 200;

/** A change ready to send: its team, its cursor, and its SSE message (made once, sent to every stream). */
export interface LiveMessage {
  teamId: string;
  cursor: string;
  frame: string;
}

export const changeFrame = (cursor: string, change: LiveChange): string =>
  `id: ${cursor}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`;

const withRows = (r: LiveRow) => r.op !== 'delete' && r.ids.length <= MAX_ROWS;

/**
 * The messages of log rows, in their order: the orders and tours of all of them read once (as the
 * lists show them now), who made each change, one query each.
 */
export async function liveMessages(db: Db, rows: LiveRow[]): Promise<LiveMessage[]> {
  if (rows.length === 0) return [];
  const idsOf = (topic: LiveRow['topic']) => [
    ...new Set(rows.filter((r) => r.topic === topic && withRows(r)).flatMap((r) => r.ids)),
  ];
  const [orders, tours, operators] = await Promise.all([
    ordersByIds(db, idsOf('orders')),
    toursByIds(db, idsOf('tours')),
    operatorsOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const orderById = new Map<string, Order>(orders.map((o) => [o.id, o]));
  const tourById = new Map<string, Tour>(tours.map((t) => [t.id, t]));
  const byOf = new Map(
    operators.map((o) => [
      o.id,
      { id: o.by_id, name: o.by_name ?? (o.channel ? `${otaLabel(o.channel)} (OCTO)` : '') },
    ]),
  );
  return rows.map((r) => {
    const change: LiveChange = {
      topic: r.topic,
      op: r.op,
      ids: r.ids,
      at: r.at.toISOString(),
      by: byOf.get(r.id) ?? null,
    };
    if (r.topic === 'orders' || r.topic === 'tours') {
      if (!withRows(r) && r.op !== 'delete') change.truncated = true;
      else if (r.topic === 'orders' && r.op !== 'delete')
        change.orders = r.ids.flatMap((id) => orderById.get(id) ?? []);
      else if (r.topic === 'tours' && r.op !== 'delete') change.tours = r.ids.flatMap((id) => tourById.get(id) ?? []);
    }
    const cursor = formatCursor(r);
    return { teamId: r.team_id, cursor, frame: changeFrame(cursor, change) };
  });
}
