import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { insertUser, type UserRow } from '../repo/users';
import { consumeNonce, type VerifiedIdToken } from './id-token';

/**
 * Registers the identity of a verified ID token as a new user and spends the token's nonce, both or
 * neither. Undefined when a user with that e-mail or identity exists already (nothing is spent).
 */
export async function registerIdentity(db: Db, token: VerifiedIdToken): Promise<UserRow | undefined> {
  const user: UserRow = { id: randomUUID(), email: token.email, name: token.name };
  return db.tx(async (tx) => {
    if (!(await insertUser(tx, { ...user, issuer: token.issuer, subject: token.subject }))) return undefined;
    await consumeNonce(tx, token);
    return user;
  });
}
