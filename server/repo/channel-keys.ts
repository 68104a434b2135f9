import type { Ota } from '../../shared/otas';
import type { Db } from '../db/client';

/** Channel API keys (server/channel/keys.ts): stored by hash, revocable, with their last use. */
export interface KeyByHash {
  id: string;
  name: string;
  teamId: string;
  channel: Ota;
  revoked: boolean;
}

export async function keyByHash(db: Db, hash: string): Promise<KeyByHash | undefined> {
  const [row] = await db.query<KeyByHash>(
    `SELECT id, name, team_id AS "teamId", channel, revoked_at IS NOT NULL AS revoked
       FROM channel_keys WHERE key_hash = $1`,
    [hash],
  );
  return row;
}

/** Records a key's use, at most once a minute (so a busy channel does not write on every call). */
export async function touchKey(db: Db, id: string): Promise<void> {
  await db.query(
    `UPDATE channel_keys SET last_used_at = now()
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [id],
  );
}

/** A key as an ADMIN sees it: never its secret nor its hash. */
export interface ChannelKeyRow {
  id: string;
  channel: Ota;
  name: string;
  prefix: string;
  createdAt: Date;
  createdById: string | null;
  /** The creator's name today (null when the user is gone). */
  createdByName: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface NewChannelKey {
  id: string;
  teamId: string;
  channel: Ota;
  name: string;
  prefix: string;
  keyHash: string;
  createdById: string;
}

// Reads the columns of `k` (a row set of channel_keys) with the creator's name.
const VIEW = `SELECT k.id, k.channel, k.name, k.prefix, k.created_at AS "createdAt", k.created_by_id AS "createdById",
                     u.name AS "createdByName", k.last_used_at AS "lastUsedAt", k.revoked_at AS "revokedAt"
                FROM k LEFT JOIN users u ON u.id = k.created_by_id`;

/** A team's keys, revoked ones included, newest first. */
export async function keysOfTeam(db: Db, teamId: string): Promise<ChannelKeyRow[]> {
  return db.query<ChannelKeyRow>(
    `WITH k AS (SELECT * FROM channel_keys WHERE team_id = $1)
     ${VIEW} ORDER BY k.created_at DESC, k.id DESC`,
    [teamId],
  );
}

export async function insertKey(db: Db, key: NewChannelKey): Promise<ChannelKeyRow> {
  const [row] = await db.query<ChannelKeyRow>(
    `WITH k AS (
       INSERT INTO channel_keys (id, team_id, channel, name, prefix, key_hash, created_by_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *)
     ${VIEW}`,
    [key.id, key.teamId, key.channel, key.name, key.prefix, key.keyHash, key.createdById],
  );
  return row;
}

/**
 * Revokes a key of the team and records who did; a key revoked already keeps its first revocation.
 * Undefined when the team has no such key.
 */
export async function revokeKey(db: Db, teamId: string, id: string, byId: string): Promise<ChannelKeyRow | undefined> {
  const [row] = await db.query<ChannelKeyRow>(
    `WITH k AS (
       UPDATE channel_keys
          SET revoked_at = coalesce(revoked_at, now()),
              revoked_by_id = CASE WHEN revoked_at IS NULL THEN $3 ELSE revoked_by_id END
        WHERE team_id = $1 AND id = $2
        RETURNING *)
     ${VIEW}`,
    [teamId, id, byId],
  );
  return row;
}
