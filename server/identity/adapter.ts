import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';
import { purgeExpiredNonces } from '../repo/nonces';
import {
  consumePayload,
  deletePayload,
  deletePayloadsOfGrant,
  findPayload,
  purgeExpiredPayloads,
  upsertPayload,
} from '../repo/oidc';
import { purgeSignInCodes } from '../repo/sign-in-codes';

/**
 * oidc-provider storage (sessions, interactions, codes, grants, tokens...) in the database
 * (server/repo/oidc.ts), so a restart forgets nothing and several server processes share it. One
 * instance per model name.
 */
let writes = 0;

export class DbAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    await upsertPayload(this.db, this.kind, id, payload, expiresAt);
    // Now and then, sweep what has expired.
    if (++writes % 200 === 0) await purgeExpired(this.db);
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return findPayload(this.db, this.kind, 'id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return findPayload(this.db, this.kind, 'uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return findPayload(this.db, this.kind, 'user_code', userCode);
  }

  consume(id: string): Promise<void> {
    return consumePayload(this.db, this.kind, id);
  }

  destroy(id: string): Promise<void> {
    return deletePayload(this.db, this.kind, id);
  }

  revokeByGrantId(grantId: string): Promise<void> {
    return deletePayloadsOfGrant(this.db, this.kind, grantId);
  }
}

/** Forgets the expired payloads, the nonces no token can bring back any more and old sign-in codes. */
export async function purgeExpired(db: Db): Promise<void> {
  await purgeExpiredPayloads(db);
  await purgeExpiredNonces(db);
  await purgeSignInCodes(db);
}

/** The adapter factory oidc-provider wants: called once per model name. */
export function dbAdapterFactory(db: Db): (name: string) => Adapter {
  return (name: string) => new DbAdapter(db, name);
}
