import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, isEmbeddedIssuer, tokenSecretGiven, type Config } from './config';
import type { Db } from './db/client';
import {
  completeIdentityKeys,
  generateIdentityKeys,
  parseIdentityKeys,
  readLegacyIdentityKeys,
  type IdentityKeys,
  type StoredIdentityKeys,
} from './identity/keys';
import { keepFirstSecret, readSecret } from './repo/secrets';

/**
 * Secrets that every instance must agree on: the access-token secret (tokens, export links, sign-in
 * codes) and the embedded identity provider's keys. Configuration wins (TOKEN_SECRET, IDENTITY_KEYS);
 * otherwise the database keeps them (table server_secrets), created by whichever instance gets there
 * first: each one inserts its candidate with ON CONFLICT DO NOTHING and reads back the one kept, so
 * two instances starting at once end up with the same. An older install's files in DATA_DIR
 * (token-secret, identity-keys.json) are the candidates when they exist, so sessions survive the
 * upgrade; once the database has a secret, the files are not read again.
 */
export const TOKEN_SECRET = 'token_secret';
export const IDENTITY_KEYS = 'identity_keys';

type Env = Record<string, string | undefined>;

/** Reads a secret, or stores the candidate (made only when none is stored) and answers the one kept. */
async function shared<T>(db: Db, name: string, candidate: () => T | null | Promise<T | null>, fresh: () => Promise<T>) {
  const stored = await readSecret<T>(db, name);
  if (stored !== null) return stored;
  return keepFirstSecret(db, name, (await candidate()) ?? (await fresh()));
}

function readLegacyTokenSecret(dataDir: string | null): string | null {
  if (dataDir === null) return null;
  const file = join(dataDir, 'token-secret');
  if (!existsSync(file)) return null;
  const stored = readFileSync(file, 'utf8').trim();
  return stored.length >= 32 ? stored : null;
}

/** The access-token secret all instances use: TOKEN_SECRET, or the one in the database. */
export async function sharedTokenSecret(db: Db, env: Env, dataDir: string | null): Promise<string> {
  const given = tokenSecretGiven(env);
  if (given !== undefined) return given;
  const secret = await shared<string>(
    db,
    TOKEN_SECRET,
    () => readLegacyTokenSecret(dataDir),
    async () => randomBytes(32).toString('base64url'),
  );
  if (typeof secret !== 'string' || secret.length < 32)
    throw new Error(`server_secrets.${TOKEN_SECRET} is not a secret`);
  return secret;
}

/** IDENTITY_KEYS (JSON) when given, else undefined; ConfigError when it is not a set of identity keys. */
export function identityKeysGiven(env: Env): IdentityKeys | undefined {
  const given = env.IDENTITY_KEYS?.trim();
  if (!given) return undefined;
  try {
    return completeIdentityKeys(parseIdentityKeys(given, 'IDENTITY_KEYS'));
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
}

/** The embedded identity provider's keys kept in the database (created, or imported from an older
 *  install's DATA_DIR/identity-keys.json, by the first instance that needs them). */
export async function sharedIdentityKeys(db: Db, dataDir: string | null): Promise<IdentityKeys> {
  const stored = await shared<StoredIdentityKeys>(
    db,
    IDENTITY_KEYS,
    () => readLegacyIdentityKeys(dataDir),
    generateIdentityKeys,
  );
  return completeIdentityKeys(parseIdentityKeys(JSON.stringify(stored), `server_secrets.${IDENTITY_KEYS}`));
}

/** The configuration with the shared token secret, and the identity keys when the embedded provider
 *  is the issuer (an external issuer signs its own ID tokens). */
export async function sharedSecrets(
  db: Db,
  env: Env,
  config: Config,
): Promise<{ config: Config; identityKeys: IdentityKeys | undefined }> {
  const identityGiven = identityKeysGiven(env);
  const tokenSecret = await sharedTokenSecret(db, env, config.dataDir);
  const identityKeys = isEmbeddedIssuer(config)
    ? (identityGiven ?? (await sharedIdentityKeys(db, config.dataDir)))
    : undefined;
  return { config: { ...config, tokenSecret }, identityKeys };
}
