import { requireTeam, teamOfTour } from '../http/access';
import { badRequest } from '../http/errors';
import { appendEvent, timeline } from '../repo/events';
import { ordersOfTour } from '../repo/orders';
import { Params, type PageRequest } from '../repo/paging';
import { listTours, tourById, tourWhere, type TourFilters } from '../repo/tours';
import { unlinkAll } from './tours-link';
import { body, ctx, params, query, type Handler } from './util';

/** Tour reads: list, detail, count; plus comment and delete. */
type ListQuery = TourFilters & PageRequest & { teamId: string; orderBy?: string };

export const listToursHandler: Handler = async (req) => {
  const { db, user } = ctx(req);
  const q = query<ListQuery>(req);
  const team = await requireTeam(db, user.userId, q.teamId);
  const page = await listTours(db, team, q, q);
  return { tours: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
};

export const getTour: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  await teamOfTour(db, user.userId, id);
  const tour = await tourById(db, id);
  return { ...tour, orders: await ordersOfTour(db, id), ...(await timeline(db, { tourId: id })) };
};

export const countToursTotal: Handler = async (req) => {
  const { db, user } = ctx(req);
  const q = query<TourFilters & { teamId: string }>(req);
  const team = await requireTeam(db, user.userId, q.teamId);
  const p = new Params();
  const where = tourWhere(team.teamId, team.timezone, q, p);
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tours t WHERE ${where.join(' AND ')}`,
    p.values,
  );
  return { total: Number(row?.n ?? 0) };
};

export const addTourComment: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const { comment } = body<{ comment: string }>(req);
  if (!comment.trim()) throw badRequest('A comment cannot be empty');
  const team = await teamOfTour(db, user.userId, id);
  return appendEvent(
    db,
    { userId: user.userId, name: user.name },
    { teamId: team.teamId, tourId: id, type: 'COMMENT', comment },
  );
};

/** Deletes a tour; its orders are unlinked (kept), each with an UNLINK event. */
export const deleteTour: Handler = async (req, reply) => {
  const { db, user } = ctx(req);
  const { id } = params<{ id: string }>(req);
  const team = await teamOfTour(db, user.userId, id);
  await db.tx(async (tx) => {
    await tx.query('SELECT id FROM tours WHERE id = $1 FOR UPDATE', [id]);
    await unlinkAll(tx, { userId: user.userId, name: user.name }, team.teamId, id);
    await tx.query('DELETE FROM tours WHERE id = $1 AND team_id = $2', [id, team.teamId]);
  });
  return reply.code(204).send();
};
