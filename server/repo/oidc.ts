import type { AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';

/**
 * The embedded identity provider's storage (sessions, interactions, codes, grants, tokens...) in
 * table oidc_payloads, each under its model name (`kind`); server/identity/adapter.ts serves it to
 * oidc-provider.
 */
interface PayloadRow {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';

function toPayload(row: PayloadRow | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = { ...row.payload };
  if (row.consumed_at) payload.consumed = Math.floor(row.consumed_at.getTime() / 1000);
  return payload;
}

/** Stores the payload of `kind` under `id`, replacing any; null `expiresAt` keeps it until destroyed. */
export async function upsertPayload(
  db: Db,
  kind: string,
  id: string,
  payload: AdapterPayload,
  expiresAt: Date | null,
): Promise<void> {
  await db.query(
    `INSERT INTO oidc_payloads (id, kind, payload, grant_id, user_code, uid, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
       user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
    [
      id,
      kind,
      JSON.stringify(payload),
      payload.grantId ?? null,
      payload.userCode ?? null,
      payload.uid ?? null,
      expiresAt,
    ],
  );
}

/** The columns a payload is found by. */
export type PayloadKey = 'id' | 'uid' | 'user_code';

/** The live (unexpired) payload of `kind` whose `key` column has this value, with its consumption time. */
export async function findPayload(
  db: Db,
  kind: string,
  key: PayloadKey,
  value: string,
): Promise<AdapterPayload | undefined> {
  const rows = await db.query<PayloadRow>(
    `SELECT payload, consumed_at FROM oidc_payloads WHERE kind = $1 AND ${key} = $2 AND ${LIVE} LIMIT 1`,
    [kind, value],
  );
  return toPayload(rows[0]);
}

export async function consumePayload(db: Db, kind: string, id: string): Promise<void> {
  await db.query('UPDATE oidc_payloads SET consumed_at = now() WHERE kind = $1 AND id = $2', [kind, id]);
}

export async function deletePayload(db: Db, kind: string, id: string): Promise<void> {
  await db.query('DELETE FROM oidc_payloads WHERE kind = $1 AND id = $2', [kind, id]);
}

export async function deletePayloadsOfGrant(db: Db, kind: string, grantId: string): Promise<void> {
  await db.query('DELETE FROM oidc_payloads WHERE kind = $1 AND grant_id = $2', [kind, grantId]);
}

export async function purgeExpiredPayloads(db: Db): Promise<void> {
  await db.query('DELETE FROM oidc_payloads WHERE expires_at < now()');
}
