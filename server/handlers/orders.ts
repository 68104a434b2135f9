import { requireTeam, teamOfOrder } from '../http/access';
import { badRequest, notFound } from '../http/errors';
import { appendEvent, timeline } from '../repo/events';
import { countByDay, countTotal } from '../repo/order-counts';
import { OTAS, ordersByIds, type OrderFilters, type OrderSort } from '../repo/orders';
import { knownTimezone, listOrdersJson, rememberTimezone } from '../repo/orders-json';
import type { PageRequest } from '../repo/paging';
import { rangeDays } from './date-range';
import { body, ctx, params, query, type Handler } from './util';

/** Order reads: list, detail, counts; plus comment and delete. */
type ListQuery = OrderFilters & PageRequest & { teamId: string; orderBy?: OrderSort };

/** The hot path: one query answers with the page's JSON when the team's timezone is known (its
 *  membership and timezone are checked by that query); otherwise, or when it finds nothing, the
 *  team is read (403 when the caller is not a member) and the query runs with what was read. */
export const listOrdersHandler: Handler = async (req, reply) => {
  const { db, user } = ctx(req);
  const q = query<ListQuery>(req);
  const guess = knownTimezone(q.teamId);
  let json = guess ? await listOrdersJson(db, user.userId, { teamId: q.teamId, timezone: guess }, q, q) : null;
  if (json === null) {
    const team = await requireTeam(db, user.userId, q.teamId);
    rememberTimezone(team.teamId, team.timezone);
    if (team.timezone !== guess) json = await listOrdersJson(db, user.userId, team, q, q);
  }
  if (json === null) return { orders: [], hasMore: false, nextCursor: null };
  return reply.type('application/json; charset=utf-8').send(json);
};

export const getOrder: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const { ota } = query<{ ota?: string }>(req);
  await teamOfOrder(db, user.userId, id);
  const [order] = await ordersByIds(db, [id]);
  if (!order || (ota && order.ota !== ota)) throw notFound('Order');
  return { ...order, ...(await timeline(db, { orderId: id })) };
};

type CountQuery = OrderFilters & { teamId: string };

/** The longest range count/daily answers for. */
const MAX_DAYS = 1000;

export const countOrdersDaily: Handler = async (req) => {
  const { db, user } = ctx(req);
  const q = query<CountQuery>(req);
  const dates = rangeDays(q.startDate!, q.endDate!, MAX_DAYS);
  const team = await requireTeam(db, user.userId, q.teamId);
  const days = new Map<string, { date: string; total: number; otaCounts: Record<string, number> }>();
  for (const date of dates) days.set(date, { date, total: 0, otaCounts: Object.fromEntries(OTAS.map((o) => [o, 0])) });
  for (const r of await countByDay(db, team, q)) {
    const day = days.get(r.day);
    if (!day) continue;
    day.total += r.n;
    day.otaCounts[r.ota] = r.n;
  }
  return { counts: [...days.values()] };
};

export const countOrdersTotal: Handler = async (req) => {
  const { db, user } = ctx(req);
  const q = query<CountQuery>(req);
  const team = await requireTeam(db, user.userId, q.teamId);
  return { total: await countTotal(db, team, q) };
};

export const addOrderComment: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const { comment } = body<{ comment: string }>(req);
  if (!comment.trim()) throw badRequest('A comment cannot be empty');
  const team = await teamOfOrder(db, user.userId, id);
  return appendEvent(
    db,
    { userId: user.userId, name: user.name },
    { teamId: team.teamId, orderId: id, type: 'COMMENT', comment },
  );
};

export const deleteOrder: Handler = async (req, reply) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const team = await teamOfOrder(db, user.userId, id);
  await db.query('DELETE FROM orders WHERE id = $1 AND team_id = $2', [id, team.teamId]);
  return reply.code(204).send();
};
