import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import { isEmbeddedIssuer, type Config } from '../config';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { insertNonce, nonceExists } from '../repo/nonces';
import { discoverIssuer } from './discovery';

/**
 * Verifies ID tokens of the configured OpenID Connect issuer: signature (issuer's JWKS), iss, aud
 * (our client id), exp, a nonce, an e-mail address with email_verified true. The embedded issuer's
 * keys are used in process; any other issuer is found through its discovery document.
 */
export interface VerifiedIdToken {
  issuer: string;
  subject: string;
  email: string;
  name: string;
  nonce: string;
  /** Expiry of the token; a used nonce need not be remembered longer. */
  expiresAt: Date;
}

export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdToken>;
}

declare module 'fastify' {
  interface FastifyInstance {
    idTokens: IdTokenVerifier;
  }
}

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

function unauthorized(message: string): HttpError {
  return new HttpError(401, 'UNAUTHORIZED', message);
}

export function createIdTokenVerifier(
  config: Pick<Config, 'oidcIssuer' | 'oidcClientId' | 'publicOrigin'>,
  embeddedJwks: JSONWebKeySet | null,
): IdTokenVerifier {
  let keys: Promise<JWTVerifyGetKey> | null = null;
  const getKeys = (): Promise<JWTVerifyGetKey> => {
    if (!keys) {
      if (isEmbeddedIssuer(config)) {
        if (!embeddedJwks) throw new Error('The embedded identity provider has no keys');
        keys = Promise.resolve(createLocalJWKSet(embeddedJwks));
      } else {
        keys = discoverIssuer(config.oidcIssuer).then((doc) => createRemoteJWKSet(new URL(doc.jwks_uri)));
        keys.catch(() => (keys = null)); // try discovery again next time
      }
    }
    return keys;
  };

  return {
    async verify(idToken) {
      let jwks: JWTVerifyGetKey;
      try {
        jwks = await getKeys();
      } catch (err) {
        throw new HttpError(
          503,
          'IDENTITY_UNAVAILABLE',
          `The identity provider cannot be reached: ${(err as Error).message}`,
        );
      }
      let payload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, {
          issuer: config.oidcIssuer,
          audience: config.oidcClientId,
          algorithms: ALGORITHMS,
          requiredClaims: ['sub', 'exp', 'iat'],
          clockTolerance: 30,
        }));
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw unauthorized('ID token has expired');
        if (err instanceof joseErrors.JWTClaimValidationFailed) throw unauthorized(`ID token rejected: ${err.message}`);
        if (err instanceof joseErrors.JWKSNoMatchingKey || err instanceof joseErrors.JWSSignatureVerificationFailed) {
          throw unauthorized('ID token is not signed by the identity provider');
        }
        throw unauthorized('ID token is not valid');
      }
      if (typeof payload.nonce !== 'string' || payload.nonce.length === 0) throw unauthorized('ID token has no nonce');
      if (typeof payload.email !== 'string' || !payload.email.includes('@'))
        throw unauthorized('ID token has no e-mail address');
      // Accounts are found by e-mail at the first sign-in: only an address the issuer vouches for counts.
      if (payload.email_verified !== true && payload.email_verified !== 'true') {
        throw unauthorized(
          'The identity provider has not verified the e-mail address of this identity (email_verified is not true)',
        );
      }
      const email = payload.email.trim().toLowerCase();
      const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : email.split('@')[0];
      return {
        issuer: config.oidcIssuer,
        subject: payload.sub as string,
        email,
        name,
        nonce: payload.nonce,
        expiresAt: new Date((payload.exp as number) * 1000),
      };
    },
  };
}

/**
 * The verified ID token, unless its nonce has signed somebody in already (401). Read only: a
 * rejected request must not spend the nonce.
 */
export async function verifiedIdToken(verifier: IdTokenVerifier, db: Db, idToken: string): Promise<VerifiedIdToken> {
  const token = await verifier.verify(idToken);
  if (await nonceExists(db, token.nonce)) throw unauthorized('ID token was already used');
  return token;
}

/** Spends the nonce; throws 401 if another request spent it first (replay). */
export async function consumeNonce(db: Db, token: VerifiedIdToken): Promise<void> {
  const expiresAt = new Date(Math.max(token.expiresAt.getTime(), Date.now()) + 60_000);
  if (!(await insertNonce(db, token.nonce, expiresAt))) throw unauthorized('ID token was already used');
}
