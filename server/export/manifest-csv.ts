import { otaLabel } from '../../shared/otas';
import { statusLabel } from '../../shared/statuses';
import { formatSortableDateTime } from '../../src/domain/format';
import type { Db } from '../db/client';
import { buildManifest } from '../records/manifest';
import type { ExportJob } from '../repo/exports';
import type { ManifestParty } from '../repo/manifests';

/** A manifest as CSV: one row per party (as the manifest lists them), labels as the app shows them,
 *  the check-in's time in the team's timezone (named in its header). */
type ManifestJob = Extract<ExportJob, { kind: 'manifest' }>;

/** "Checked in 2 of 3", "No-show" or "Expected", as the manifest shows a party. */
export function checkInLabel(p: Pick<ManifestParty, 'checkIn' | 'total'>): string {
  if (p.checkIn.state === 'CHECKED_IN') return `Checked in ${p.checkIn.arrived} of ${p.total}`;
  return p.checkIn.state === 'NO_SHOW' ? 'No-show' : 'Expected';
}

const header = (tz: string) => [
  'Party',
  'Adults',
  'Children',
  'Total',
  'Phone',
  'Pick-up',
  'Notes',
  'OTA',
  'OTA order ID',
  'Status',
  'Check-in',
  `Checked in at (${tz})`,
  'Order ID',
];

const subjectOf = (job: ManifestJob) => ({ teamId: job.teamId, ...job.filters });

export async function* manifestRecords(db: Db, job: ManifestJob): AsyncGenerator<unknown[]> {
  const tz = job.timezone;
  const manifest = await buildManifest(db, subjectOf(job));
  yield header(tz);
  for (const p of manifest.parties) {
    yield [
      p.name,
      p.adults,
      p.children,
      p.total,
      p.phone ?? '',
      p.pickup ?? '',
      p.notes ?? '',
      otaLabel(p.ota),
      p.otaOrderId,
      statusLabel(p.statusV2),
      checkInLabel(p),
      p.checkIn.state !== 'EXPECTED' && p.checkIn.at ? formatSortableDateTime(p.checkIn.at, tz) : '',
      p.displayId,
    ];
  }
}

/** `manifest-<tour display id or product id>-<local departure day>.csv`. */
export async function manifestFileName(db: Db, job: ManifestJob): Promise<string> {
  const m = await buildManifest(db, subjectOf(job));
  const what = m.tour?.displayId ?? m.product?.id ?? 'departure';
  const day = formatSortableDateTime(m.departureAt, job.timezone).slice(0, 10);
  return `manifest-${what}-${day}.csv`.replace(/[^A-Za-z0-9_.-]/g, '');
}
