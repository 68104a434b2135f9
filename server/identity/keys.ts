import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

/**
 * Keys of the embedded identity provider: an RS256 signing key for ID tokens and keys for its signed
 * cookies. Every instance must hold the same ones (a sign-in begun on one continues on another), so
 * they come from configuration (IDENTITY_KEYS) or the database (server/secrets.ts), never from a
 * file of one instance; DATA_DIR/identity-keys.json of an older install is imported once.
 */
export interface IdentityKeys {
  /** Private JWKs handed to the provider. */
  signing: JWK[];
  /** The same keys without their private parts: what verifiers use. */
  publicJwks: { keys: JWK[] };
  cookieKeys: string[];
}

/** What is stored (in the database, IDENTITY_KEYS or the old file): the keys without their public copy. */
export type StoredIdentityKeys = Omit<IdentityKeys, 'publicJwks'>;

const LEGACY_FILE = 'identity-keys.json';
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

export function publicJwk(jwk: JWK): JWK {
  const copy: Record<string, unknown> = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete copy[member];
  return copy as JWK;
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}

export async function generateIdentityKeys(): Promise<StoredIdentityKeys> {
  return {
    signing: [await generateSigningKey()],
    cookieKeys: [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')],
  };
}

export function completeIdentityKeys(stored: StoredIdentityKeys): IdentityKeys {
  return { ...stored, publicJwks: { keys: stored.signing.map(publicJwk) } };
}

export function isStoredIdentityKeys(value: unknown): value is StoredIdentityKeys {
  const v = value as Partial<IdentityKeys> | null;
  return (
    !!v &&
    Array.isArray(v.signing) &&
    v.signing.length > 0 &&
    v.signing.every((k) => k && k.kty === 'RSA' && typeof k.d === 'string') &&
    Array.isArray(v.cookieKeys) &&
    v.cookieKeys.length > 0 &&
    v.cookieKeys.every((k) => typeof k === 'string' && k.length >= 16)
  );
}

/** Reads identity keys written as JSON (`{ signing: [private RSA JWK...], cookieKeys: [...] }`);
 *  throws saying what is wrong with them, naming `where` they came from. */
export function parseIdentityKeys(json: string, where: string): StoredIdentityKeys {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (err) {
    throw new Error(`${where} is not valid JSON: ${(err as Error).message}`);
  }
  if (!isStoredIdentityKeys(parsed)) {
    throw new Error(
      `${where} must be { "signing": [private RSA JWKs], "cookieKeys": [strings of 16 characters or more] }`,
    );
  }
  return parsed;
}

/** The keys an older install kept in DATA_DIR/identity-keys.json, if it did (imported once into the database). */
export function readLegacyIdentityKeys(dataDir: string | null): StoredIdentityKeys | null {
  if (dataDir === null) return null;
  const file = join(dataDir, LEGACY_FILE);
  if (!existsSync(file)) return null;
  return parseIdentityKeys(readFileSync(file, 'utf8'), file);
}

/** Fresh keys held in memory only (tests, and tools that sign nothing anybody keeps). */
export async function loadIdentityKeys(_dataDir: null = null): Promise<IdentityKeys> {
  return completeIdentityKeys(await generateIdentityKeys());
}
