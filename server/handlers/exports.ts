import { access, teamsOf } from '../auth/access';
import { csvStream } from '../export/csv';
import { createExport, setMessage } from '../export/links';
import { downloadRefusal } from '../export/sign';
import { HttpError, notFound } from '../http/errors';
import { file, type Call, type OperationHandler } from '../http/operation';
import { exportJob, type ExportKind } from '../repo/exports';

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
 *  wrong or the link has expired. */
export const downloadExport: OperationHandler<'downloadExport'> = async ({ path, query }, { db, config }) => {
  const refusal = downloadRefusal(config.tokenSecret, path.id, Number(query.expires), query.signature);
  if (refusal) throw new HttpError(403, 'FORBIDDEN', refusal);
  const job = await exportJob(db, path.id);
  if (!job) throw notFound('Export');
  const stamp = job.createdAt.toISOString().slice(0, 10);
  return file(csvStream(db, job), {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${job.kind}-${stamp}.csv"`,
    'cache-control': 'private, no-store',
  });
};
