import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

/**
 * Keys of the embedded identity provider: an RS256 signing key for ID tokens and keys for its signed
 * cookies. Generated on first start and kept in DATA_DIR/identity-keys.json, so sessions and tokens
 * survive a restart (in memory when there is no data folder).
 */
export interface IdentityKeys {
  /** Private JWKs handed to the provider. */
  signing: JWK[];
  /** The same keys without their private parts: what verifiers use. */
  publicJwks: { keys: JWK[] };
  cookieKeys: string[];
}

const FILE_NAME = 'identity-keys.json';
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

async function generate(): Promise<Omit<IdentityKeys, 'publicJwks'>> {
  return {
    signing: [await generateSigningKey()],
    cookieKeys: [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')],
  };
}

function complete(stored: Omit<IdentityKeys, 'publicJwks'>): IdentityKeys {
  return { ...stored, publicJwks: { keys: stored.signing.map(publicJwk) } };
}

function isValid(value: unknown): value is Omit<IdentityKeys, 'publicJwks'> {
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

/** Reads the keys from dataDir (creating them the first time); null dataDir gives fresh in-memory keys. */
export async function loadIdentityKeys(dataDir: string | null): Promise<IdentityKeys> {
  if (dataDir === null) return complete(await generate());
  const file = join(dataDir, FILE_NAME);
  if (existsSync(file)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`${file} is not valid JSON (delete it to generate new identity keys): ${(err as Error).message}`);
    }
    if (!isValid(parsed)) throw new Error(`${file} does not hold identity keys (delete it to generate new ones)`);
    return complete(parsed);
  }
  const fresh = await generate();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(fresh, null, 2) + '\n', { mode: 0o600 });
  return complete(fresh);
}
