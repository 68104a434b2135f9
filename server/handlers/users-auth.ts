import { verifiedIdToken } from '../auth/id-token';
import { completeSignIn, registerIdentity } from '../auth/register';
import { issueAccessToken } from '../auth/tokens';
import { HttpError, conflict, forbidden } from '../http/errors';
import type { OperationHandler } from '../http/operation';
import { mayEnterOrg } from '../repo/orgs';
import { userOfIdentity } from '../repo/users';

/**
 * signIn and register: exchange an ID token of the configured issuer for the API's own access token.
 * Nothing is recorded for a rejected token (its nonce stays unspent), so the app can answer a 404
 * from signIn by registering with the very same ID token.
 */
const EXISTS = 'An account for this identity already exists: sign in';

export const signIn: OperationHandler<'signIn'> = async ({ body }, { db, config, app }) => {
  const token = await verifiedIdToken(app.idTokens, db, body.idToken);
  const user = await userOfIdentity(db, token);
  if (!user) throw new HttpError(404, 'USER_NOT_FOUND', 'No Tourdesk account for this identity yet: register first');
  // The org's owner, or a member of the team the org created, may sign in "into" the org.
  if (body.orgDisplayId && !(await mayEnterOrg(db, user.id, body.orgDisplayId))) {
    throw forbidden('You are not a member of this organization');
  }
  await completeSignIn(db, token, user);
  return { accessToken: await issueAccessToken(user, config) };
};

export const register: OperationHandler<'register'> = async ({ body }, { db, config, app }) => {
  const token = await verifiedIdToken(app.idTokens, db, body.idToken);
  if (await userOfIdentity(db, token)) throw conflict(EXISTS);
  const user = await registerIdentity(db, token);
  if (!user) throw conflict(EXISTS);
  return { accessToken: await issueAccessToken(user, config) };
};
