import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify, errors as joseErrors } from 'jose';
import type { Config } from '../config';
import type { AuthUser } from '../types';

/** The API's own access tokens: HS256 JWTs `{ sub: userId, email, name, jti }`, valid at most 12 hours; the
 *  id (jti) is what a logout revokes (server/auth/logout.ts). */
export const ACCESS_TOKEN_TTL_SECONDS = 12 * 60 * 60;
const ISSUER = 'tourdesk-api';
const AUDIENCE = 'tourdesk-api';

export interface TokenUser {
  id: string;
  email: string;
  name: string;
}

function key(config: Pick<Config, 'tokenSecret'>): Uint8Array {
  return new TextEncoder().encode(config.tokenSecret);
}

export async function issueAccessToken(
  user: TokenUser,
  config: Pick<Config, 'tokenSecret'>,
  ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  const ttl = Math.min(ttlSeconds, ACCESS_TOKEN_TTL_SECONDS);
  return new SignJWT({ email: user.email, name: user.name })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(randomBytes(16).toString('base64url'))
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
    .sign(key(config));
}

export class InvalidAccessToken extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAccessToken';
  }
}

/**
 * Tokens already verified, until they expire: every request of a session carries the same token, and
 * an HS256 check through WebCrypto cost about as much as the whole list query. Keyed by the token and
 * the secret it was checked with; bounded (the oldest entries go first).
 */
const verified = new Map<string, { secret: string; user: AuthUser; until: number }>();
const VERIFIED_MAX = 10_000;

/** Verifies signature, issuer, audience and expiry; throws InvalidAccessToken with a reason otherwise. */
export async function verifyAccessToken(token: string, config: Pick<Config, 'tokenSecret'>): Promise<AuthUser> {
  const hit = verified.get(token);
  if (hit && hit.secret === config.tokenSecret && Date.now() < hit.until) return hit.user;
  const user = await verifyUncached(token, config);
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  const { exp, iat } = decodeJwt(token) as { exp: number; iat: number };
  const until = Math.min(exp, iat + ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;
  verified.set(token, { secret: config.tokenSecret, user, until });
  return user;
}

/** The full check, without the cache (the benchmarks time it). */
export async function verifyUncached(token: string, config: Pick<Config, 'tokenSecret'>): Promise<AuthUser> {
  try {
    const { payload } = await jwtVerify(token, key(config), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
      maxTokenAge: ACCESS_TOKEN_TTL_SECONDS + 60,
    });
    const { sub, email, name, jti, exp } = payload;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof name !== 'string' || typeof jti !== 'string') {
      throw new InvalidAccessToken('Access token is missing claims');
    }
    return { userId: sub, email, name, token: { id: jti, expiresAt: Number(exp) } };
  } catch (err) {
    if (err instanceof InvalidAccessToken) throw err;
    if (err instanceof joseErrors.JWTExpired) throw new InvalidAccessToken('Access token has expired');
    throw new InvalidAccessToken('Access token is not valid');
  }
}
