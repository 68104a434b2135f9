import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';

/**
 * oidc-provider storage (sessions, interactions, codes, grants, tokens...) in table oidc_payloads,
 * so a restart forgets nothing and several server processes share it. One instance per model name.
 */
interface Row {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';

function toPayload(row: Row | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = { ...row.payload };
  if (row.consumed_at) payload.consumed = Math.floor(row.consumed_at.getTime() / 1000);
  return payload;
}

let writes = 0;

export class DbAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    await this.db.query(
      `INSERT INTO oidc_payloads (id, kind, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
      [
        id,
        this.kind,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresAt,
      ],
    );
    // Now and then, sweep what has expired.
    if (++writes % 200 === 0) await purgeExpired(this.db);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const rows = await this.db.query<Row>(
      `SELECT payload, consumed_at FROM oidc_payloads WHERE kind = $1 AND id = $2 AND ${LIVE}`,
      [this.kind, id],
    );
    return toPayload(rows[0]);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const rows = await this.db.query<Row>(
      `SELECT payload, consumed_at FROM oidc_payloads WHERE kind = $1 AND uid = $2 AND ${LIVE} LIMIT 1`,
      [this.kind, uid],
    );
    return toPayload(rows[0]);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const rows = await this.db.query<Row>(
      `SELECT payload, consumed_at FROM oidc_payloads WHERE kind = $1 AND user_code = $2 AND ${LIVE} LIMIT 1`,
      [this.kind, userCode],
    );
    return toPayload(rows[0]);
  }

  async consume(id: string): Promise<void> {
    await this.db.query('UPDATE oidc_payloads SET consumed_at = now() WHERE kind = $1 AND id = $2', [this.kind, id]);
  }

  async destroy(id: string): Promise<void> {
    await this.db.query('DELETE FROM oidc_payloads WHERE kind = $1 AND id = $2', [this.kind, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query('DELETE FROM oidc_payloads WHERE kind = $1 AND grant_id = $2', [this.kind, grantId]);
  }
}

export async function purgeExpired(db: Db): Promise<void> {
  await db.query('DELETE FROM oidc_payloads WHERE expires_at < now()');
  await db.query('DELETE FROM used_nonces WHERE expires_at < now()');
}

/** The adapter factory oidc-provider wants: called once per model name. */
export function dbAdapterFactory(db: Db): (name: string) => Adapter {
  return (name: string) => new DbAdapter(db, name);
}
