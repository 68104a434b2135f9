import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Config } from '../config';
import type { AuthUser } from '../types';

/** The API's own access tokens: HS256 JWTs `{ sub: userId, email, name }`, valid at most 12 hours. */
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
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
    .sign(key(config));
}

export class InvalidAccessToken extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAccessToken';
  }
}

/** Verifies signature, issuer, audience and expiry; throws InvalidAccessToken with a reason otherwise. */
export async function verifyAccessToken(token: string, config: Pick<Config, 'tokenSecret'>): Promise<AuthUser> {
  try {
    const { payload } = await jwtVerify(token, key(config), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
      maxTokenAge: ACCESS_TOKEN_TTL_SECONDS + 60,
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || typeof payload.name !== 'string') {
      throw new InvalidAccessToken('Access token is missing claims');
    }
    return { userId: payload.sub, email: payload.email, name: payload.name };
  } catch (err) {
    if (err instanceof InvalidAccessToken) throw err;
    if (err instanceof joseErrors.JWTExpired) throw new InvalidAccessToken('Access token has expired');
    throw new InvalidAccessToken('Access token is not valid');
  }
}
