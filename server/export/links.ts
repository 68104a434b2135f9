import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { insertExport, setExportMessage, type ExportKind } from '../repo/exports';
import { LINK_TTL_SECONDS, downloadPath, parseDownloadLink, verifySignature } from './sign';

/** CSV exports: a row in `exports` holds the filters; a signed, expiring link streams the file. */
type ExportResult = Schemas['ExportResult'];

/** The query parameters of each kind that an export keeps as its filters. */
const FILTERS: Record<ExportKind, string[]> = {
  orders: ['startDate', 'endDate', 'orderBy', 'statusV2', 'view', 'otaOrderId', 'displayId', 'ota', 'q', 'dateBasis'],
  tours: ['startDate', 'endDate', 'orderBy', 'statusV2', 'view', 'productId', 'displayId'],
};

/** Stores an export of the team with the filters of the query, and signs its download link. */
export async function createExport(
  db: Db,
  secret: string,
  req: { teamId: string; userId: string; kind: ExportKind; query: Record<string, unknown> },
): Promise<ExportResult> {
  const { query } = req;
  const filters = Object.fromEntries(FILTERS[req.kind].filter((k) => query[k] !== undefined).map((k) => [k, query[k]]));
  const expires = Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS;
  const id = await insertExport(db, { teamId: req.teamId, kind: req.kind, filters, createdBy: req.userId, expires });
  return { presignedUrl: downloadPath(secret, id, expires), message: '' };
}

/** Attaches a message to the export of a link this server signed: 400 for another link, 404 unless
 *  it is an export of this kind in one of the teams. */
export async function setMessage(
  db: Db,
  secret: string,
  req: { teamIds: string[]; kind: ExportKind; presignedUrl: string; message: string },
): Promise<ExportResult> {
  const { presignedUrl, message } = req;
  const link = parseDownloadLink(presignedUrl);
  if (!link || !verifySignature(secret, link.id, link.expires, link.signature)) {
    throw badRequest('presignedUrl is not a download link of this server');
  }
  if (!(await setExportMessage(db, link.id, req.kind, message, req.teamIds))) throw notFound('Export');
  return { presignedUrl, message };
}
