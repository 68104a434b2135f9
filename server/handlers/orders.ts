import { requireTeam, teamOfOrder } from '../http/access';
import { badRequest, notFound } from '../http/errors';
import { appendEvent, timeline } from '../repo/events';
import { OTAS, orderWhere, ordersByIds, type OrderFilters, type OrderSort } from '../repo/orders';
import { knownTimezone, listOrdersJson, rememberTimezone } from '../repo/orders-json';
import { Params, type PageRequest } from '../repo/paging';
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

const MAX_DAYS = 1000;

/** Every calendar day from start to end, inclusive (at most MAX_DAYS). */
function daysBetween(start: string, end: string): string[] {
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${end}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) throw badRequest('Invalid date');
  if (to < from) throw badRequest('endDate is before startDate');
  const count = Math.round((to - from) / 86_400_000) + 1;
  if (count > MAX_DAYS) throw badRequest(`At most ${MAX_DAYS} days per request`);
  return Array.from({ length: count }, (_, i) => new Date(from + i * 86_400_000).toISOString().slice(0, 10));
}

export const countOrdersDaily: Handler = async (req) => {
  const { db, user } = ctx(req);
  const q = query<CountQuery>(req);
  const team = await requireTeam(db, user.userId, q.teamId);
  const p = new Params();
  const where = orderWhere(team.teamId, team.timezone, q, p);
  // grouped by the date itself (a cast), not by its text: to_char on every row of a 100,000-order month
  // took about twice as long
  const rows = await db.query<{ day: Date; ota: string; n: number }>(
    `SELECT (o.departure_at AT TIME ZONE ${p.add(team.timezone)})::date AS day, o.ota, count(*)::int AS n
       FROM orders o WHERE ${where.join(' AND ')}
      GROUP BY 1, 2 ORDER BY 1`,
    p.values,
  );
  const days = new Map<string, { date: string; total: number; otaCounts: Record<string, number> }>();
  for (const date of daysBetween(q.startDate!, q.endDate!)) {
    days.set(date, { date, total: 0, otaCounts: Object.fromEntries(OTAS.map((o) => [o, 0])) });
  }
  for (const r of rows) {
    const day = days.get(r.day.toISOString().slice(0, 10));
    if (!day) continue;
    day.total += Number(r.n);
    day.otaCounts[r.ota] = Number(r.n);
  }
  return { counts: [...days.values()] };
};

export const countOrdersTotal: Handler = async (req) => {
  const { db, user } = ctx(req);
  const q = query<CountQuery>(req);
  const team = await requireTeam(db, user.userId, q.teamId);
  const p = new Params();
  const where = orderWhere(team.teamId, team.timezone, q, p);
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders o WHERE ${where.join(' AND ')}`,
    p.values,
  );
  return { total: Number(row?.n ?? 0) };
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
