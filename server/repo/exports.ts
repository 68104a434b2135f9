import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { orderWhere, type OrderFilters, type OrderSort } from './orders';
import { Params } from './paging';
import { tourWhere, type TourFilters } from './tours';

/** CSV exports: a row holds an export's filters (what its signed link streams) and its message. */
export type ExportJob = { teamId: string; timezone: string } & (
  | { kind: 'orders'; filters: OrderFilters & { orderBy?: OrderSort } }
  | { kind: 'tours'; filters: TourFilters & { orderBy?: string } }
  | { kind: 'manifest'; filters: ManifestFilters }
);
/** A manifest export: of a tour, or of a product's departure (migration 016). */
export type ManifestFilters = { tourId: string } | { productId: string; departureAt: string };
export type ExportKind = ExportJob['kind'];

/** Stores an export of the team; returns its id. `expires`: unix time in seconds. */
export async function insertExport(
  db: Db,
  row: { teamId: string; kind: ExportKind; filters: Record<string, unknown>; createdBy: string; expires: number },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO exports (id, team_id, kind, filters, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, to_timestamp($6))`,
    [id, row.teamId, row.kind, JSON.stringify(row.filters), row.createdBy, row.expires],
  );
  return id;
}

/** Sets the message of an export of this kind in one of the teams; false when there is none. */
export async function setExportMessage(
  db: Db,
  id: string,
  kind: ExportKind,
  message: string,
  teamIds: string[],
): Promise<boolean> {
  const rows = await db.query(
    'UPDATE exports SET message = $3 WHERE id = $1 AND kind = $2 AND team_id = ANY($4::text[]) RETURNING id',
    [id, kind, message, teamIds],
  );
  return rows.length > 0;
}

type JobRow = { team_id: string; timezone: string; created_at: Date; created_by: string } & (
  | { kind: 'orders'; filters: Extract<ExportJob, { kind: 'orders' }>['filters'] }
  | { kind: 'tours'; filters: Extract<ExportJob, { kind: 'tours' }>['filters'] }
  | { kind: 'manifest'; filters: ManifestFilters }
);

/** An export as stored: what it streams, its team's timezone, when and by whom it was made. */
export type StoredExport = ExportJob & { createdAt: Date; createdBy: string };

/** The export of this id; undefined when there is none. */
export async function exportJob(db: Db, id: string): Promise<StoredExport | undefined> {
  const [row] = await db.query<JobRow>(
    `SELECT e.kind, e.team_id, e.filters, t.timezone, e.created_at, e.created_by
       FROM exports e JOIN teams t ON t.id = e.team_id WHERE e.id = $1`,
    [id],
  );
  if (!row) return undefined;
  const { team_id: teamId, timezone, created_at: createdAt, created_by: createdBy } = row;
  if (row.kind === 'manifest')
    return { kind: 'manifest', filters: row.filters, teamId, timezone, createdAt, createdBy };
  return row.kind === 'orders'
    ? { kind: 'orders', filters: row.filters, teamId, timezone, createdAt, createdBy }
    : { kind: 'tours', filters: row.filters, teamId, timezone, createdAt, createdBy };
}

/** The price types (ADULT, TOTAL...) of the rows an export streams: its CSV has a column for each. */
export async function exportPriceTypes(db: Db, job: Exclude<ExportJob, { kind: 'manifest' }>): Promise<string[]> {
  const p = new Params();
  const [from, prices, where] =
    job.kind === 'orders'
      ? ['orders o', 'o.prices', orderWhere(job.teamId, job.timezone, job.filters, p)]
      : ['tours t', 't.prices', tourWhere(job.teamId, job.timezone, job.filters, p)];
  const rows = await db.query<{ type: string | null }>(
    `SELECT DISTINCT price->>'type' AS type FROM ${from}
       CROSS JOIN LATERAL jsonb_array_elements(
         CASE WHEN jsonb_typeof(${prices}) = 'array' THEN ${prices} ELSE '[]' END) AS price
      WHERE ${where.join(' AND ')}`,
    p.values,
  );
  return rows.flatMap((r) => (r.type ? [r.type] : []));
}
