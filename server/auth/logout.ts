import type { Db } from '../db/client';
import { deletePayload } from '../repo/oidc';
import { revokeToken } from '../repo/revoked-tokens';
import type { AuthUser } from '../types';

/** The embedded provider's session cookie (oidc-provider's default name; its value is the session's id). */
export const PROVIDER_SESSION_COOKIE = '_session';

/**
 * A logout on the server: the request's access token is revoked until it expires, and the embedded
 * provider's session of this browser (named by its cookie, when the request carries one) is deleted,
 * so the next sign-in asks who is signing in. Both in one transaction.
 */
export async function logOut(db: Db, user: AuthUser, providerSessionId: string | null): Promise<void> {
  const { token } = user;
  await db.tx(async (tx) => {
    if (token) await revokeToken(tx, token.id, token.expiresAt);
    if (providerSessionId) await deletePayload(tx, 'Session', providerSessionId);
  });
}
