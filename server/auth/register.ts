import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { bindIdentity, insertUser, type UserOfIdentity, type UserRow } from '../repo/users';
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

/**
 * Signs the user of a verified ID token in: spends the nonce and, at a first sign-in by e-mail,
 * binds the token's issuer and subject to the user, both or neither.
 */
export async function completeSignIn(db: Db, token: VerifiedIdToken, user: UserOfIdentity): Promise<void> {
  await db.tx(async (tx) => {
    if (user.unbound && !(await bindIdentity(tx, user.id, token))) {
      throw new HttpError(409, 'CONFLICT', 'Another sign-in bound this account just now: sign in again');
    }
    await consumeNonce(tx, token);
  });
}
