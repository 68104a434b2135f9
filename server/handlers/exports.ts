import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { requireTeam } from '../http/access';
import { HttpError, badRequest, notFound } from '../http/errors';
import { csvStream } from '../export/csv';
import { LINK_TTL_SECONDS, downloadPath, parseDownloadLink, verifySignature } from '../export/sign';
import { body, ctx, params, query, type Handler } from './util';

/** CSV exports: a row in `exports` holds the filters; a signed, expiring link streams the file. */
type Kind = 'orders' | 'tours';

const FILTERS: Record<Kind, string[]> = {
  orders: ['startDate', 'endDate', 'orderBy', 'statusV2', 'view', 'otaOrderId', 'displayId', 'ota', 'q', 'dateBasis'],
  tours: ['startDate', 'endDate', 'orderBy', 'statusV2', 'view', 'productId', 'displayId'],
};

function exportCreator(kind: Kind): Handler {
  return async (req) => {
    const { db, user } = ctx(req);
    const q = query<Record<string, unknown> & { teamId: string }>(req);
    const team = await requireTeam(db, user.userId, q.teamId);
    const filters = Object.fromEntries(FILTERS[kind].filter((k) => q[k] !== undefined).map((k) => [k, q[k]]));
    const id = randomUUID();
    const expires = Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS;
    await db.query(
      `INSERT INTO exports (id, team_id, kind, filters, created_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, to_timestamp($6))`,
      [id, team.teamId, kind, JSON.stringify(filters), user.userId, expires],
    );
    return { presignedUrl: downloadPath(req.server.config.tokenSecret, id, expires), message: '' };
  };
}

function messageUpdater(kind: Kind): Handler {
  return async (req: FastifyRequest) => {
    const { db, user } = ctx(req);
    const { presignedUrl } = query<{ presignedUrl: string }>(req);
    const { message } = body<{ message: string }>(req);
    const link = parseDownloadLink(presignedUrl);
    if (!link || !verifySignature(req.server.config.tokenSecret, link.id, link.expires, link.signature)) {
      throw badRequest('presignedUrl is not a download link of this server');
    }
    const rows = await db.query<{ id: string }>(
      `UPDATE exports SET message = $3
        WHERE id = $1 AND kind = $2 AND team_id IN (SELECT team_id FROM memberships WHERE user_id = $4)
        RETURNING id`,
      [link.id, kind, message, user.userId],
    );
    if (rows.length === 0) throw notFound('Export');
    return { presignedUrl, message };
  };
}

export const exportOrdersCsv = exportCreator('orders');
export const exportToursCsv = exportCreator('tours');
export const updateOrdersExportMessage = messageUpdater('orders');
export const updateToursExportMessage = messageUpdater('tours');

/** Streams the CSV of a signed link; 403 when the signature is wrong or the link has expired. */
export const downloadExport: Handler = async (req, reply) => {
  const { id } = params<{ id: string }>(req);
  const { expires, signature } = query<{ expires: number; signature: string }>(req);
  const db = req.server.db;
  if (!verifySignature(req.server.config.tokenSecret, id, Number(expires), signature)) {
    throw new HttpError(403, 'FORBIDDEN', 'Invalid download link');
  }
  if (Number(expires) * 1000 < Date.now()) throw new HttpError(403, 'FORBIDDEN', 'This download link has expired');
  const [row] = await db.query<{
    kind: Kind;
    team_id: string;
    filters: Record<string, unknown>;
    timezone: string;
    created_at: Date;
  }>(
    `SELECT e.kind, e.team_id, e.filters, t.timezone, e.created_at
       FROM exports e JOIN teams t ON t.id = e.team_id WHERE e.id = $1`,
    [id],
  );
  if (!row) throw notFound('Export');
  const stamp = row.created_at.toISOString().slice(0, 10);
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${row.kind}-${stamp}.csv"`)
    .header('cache-control', 'private, no-store');
  return reply.send(
    csvStream(db, { kind: row.kind, teamId: row.team_id, timezone: row.timezone, filters: row.filters }),
  );
};
