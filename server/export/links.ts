import type { Schemas } from '../../shared/contract';
import { roleFor } from '../../shared/permissions';
import { access } from '../auth/access';
import type { Db } from '../db/client';
import { HttpError, badRequest, notFound } from '../http/errors';
import { exportJob, insertExport, setExportMessage, type ExportKind, type StoredExport } from '../repo/exports';
import { LINK_TTL_SECONDS, downloadPath, downloadRefusal, parseDownloadLink, verifySignature } from './sign';

/** CSV exports: a row in `exports` holds the filters; a link signed for its maker, expiring in minutes,
 *  streams the file. */
type ExportResult = Schemas['ExportResult'];

/** The query parameters of each kind that an export keeps as its filters. */
const FILTERS: Record<ExportKind, string[]> = {
  orders: ['startDate', 'endDate', 'orderBy', 'statusV2', 'view', 'otaOrderId', 'displayId', 'ota', 'q', 'dateBasis'],
  tours: ['startDate', 'endDate', 'orderBy', 'statusV2', 'view', 'productId', 'displayId'],
  manifest: ['tourId', 'productId', 'departureAt'],
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
  return { presignedUrl: downloadPath(secret, { id, expires, userId: req.userId }), message: '' };
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
  const made = link && (await exportJob(db, link.id));
  if (!link || !made || !verifySignature(secret, { ...link, userId: made.createdBy }, link.signature)) {
    throw badRequest('presignedUrl is not a download link of this server');
  }
  if (!(await setExportMessage(db, link.id, req.kind, message, req.teamIds))) throw notFound('Export');
  return { presignedUrl, message };
}

/** The operation that makes an export of each kind: its maker must still be allowed it at download. */
const MADE_BY = { orders: 'exportOrdersCsv', tours: 'exportToursCsv', manifest: 'exportTourManifestCsv' } as const;

/**
 * The export a download link opens: 403 unless the link is signed for the export's maker and has not
 * expired, and the maker is still a member of the export's team (a removed member's links die with
 * the membership). An unknown id is refused like a forged link, so ids cannot be probed.
 */
export async function openDownload(
  db: Db,
  secret: string,
  link: { id: string; expires: number; signature: string },
): Promise<StoredExport> {
  const job = await exportJob(db, link.id);
  if (!job) throw new HttpError(403, 'FORBIDDEN', 'Invalid download link');
  const refusal = downloadRefusal(secret, { ...link, userId: job.createdBy }, link.signature);
  if (refusal) throw new HttpError(403, 'FORBIDDEN', refusal);
  try {
    await access(db, { userId: job.createdBy, needs: roleFor(MADE_BY[job.kind]) }, { team: job.teamId });
  } catch (err) {
    if (err instanceof HttpError && err.status === 403) {
      throw new HttpError(403, 'FORBIDDEN', 'Whoever made this link is no longer a member of its team');
    }
    throw err;
  }
  return job;
}
