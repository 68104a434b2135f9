import { access, teamsOf } from '../auth/access';
import { csvFileName, csvStream } from '../export/csv';
import { manifestFileName } from '../export/manifest-csv';
import { createExport, openDownload, setMessage } from '../export/links';
import { file, type Call, type OperationHandler } from '../http/operation';
import type { ExportKind } from '../repo/exports';

/** CSV exports: a signed, expiring download link of the list's filters, a message on it, the file. */
async function exportList(kind: ExportKind, query: Record<string, unknown> & { teamId: string }, call: Call) {
  const { db, config, user } = call;
  const team = await access(db, user, { team: query.teamId });
  return createExport(db, config.tokenSecret, { teamId: team.teamId, userId: user.userId, kind, query });
}

async function exportMessage(kind: ExportKind, presignedUrl: string, message: string, call: Call) {
  const { db, config, user } = call;
  const teamIds = [...(await teamsOf(db, user)).keys()];
  return setMessage(db, config.tokenSecret, { teamIds, kind, presignedUrl, message });
}

export const exportOrdersCsv: OperationHandler<'exportOrdersCsv'> = ({ query }, call) =>
  exportList('orders', query, call);

export const exportToursCsv: OperationHandler<'exportToursCsv'> = ({ query }, call) => exportList('tours', query, call);

export const updateOrdersExportMessage: OperationHandler<'updateOrdersExportMessage'> = ({ query, body }, call) =>
  exportMessage('orders', query.presignedUrl, body.message, call);

export const updateToursExportMessage: OperationHandler<'updateToursExportMessage'> = ({ query, body }, call) =>
  exportMessage('tours', query.presignedUrl, body.message, call);

/** Streams the CSV of a signed link (no sign-in: the link is the key); 403 when the signature is
 *  wrong, the link has expired or its maker has left the team. */
export const downloadExport: OperationHandler<'downloadExport'> = async ({ path, query }, { db, config }) => {
  const link = { id: path.id, expires: Number(query.expires), signature: query.signature };
  const job = await openDownload(db, config.tokenSecret, link);
  const name = job.kind === 'manifest' ? await manifestFileName(db, job) : csvFileName(job);
  return file(csvStream(db, job), {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'private, no-store',
  });
};
