import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { issueAccessToken } from '../../server/auth/tokens';
import { DEFAULT_RATE_LIMITS, type Config } from '../../server/config';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { loadIdentityKeys, type IdentityKeys } from '../../server/identity';
import { seed } from '../../server/seed/index';
import { dropSchema } from './postgres-only';

/**
 * Server test helpers. In-memory PGlite by default; with DATABASE_URL set, PostgreSQL in a schema of
 * its own per app (so test files run in parallel), dropped again by close().
 */
export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_ISSUER = `${TEST_ORIGIN}/oidc`;
export const TEST_CLIENT_ID = 'tourdesk-app';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The embedded identity provider's keys (to sign ID tokens it would have issued). */
  keys: IdentityKeys;
  /** A valid API access token for a user of the database, by e-mail. */
  tokenFor(email: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Orders of the demo seed; 0 seeds teams, users and the rest without orders; false seeds nothing. */
  orders?: number | false;
  /** Replace the handlers (default: server/handlers/index.ts). */
  handlers?: Record<string, RouteHandlerMethod>;
  staticDir?: string | null;
  config?: Partial<Config>;
  now?: Date;
  /** Run the e-mail delivery worker (off by default: most suites only queue). */
  emailWorker?: BuildAppOptions['emailWorker'];
  /** The server's log (off by default). */
  logger?: BuildAppOptions['logger'];
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    mode: 'demo',
    port: 3000,
    host: '127.0.0.1',
    dataDir: null,
    databaseUrl: null,
    publicOrigin: TEST_ORIGIN,
    oidcIssuer: TEST_ISSUER,
    oidcClientId: TEST_CLIENT_ID,
    oidcClientSecret: null,
    smtpUrl: null,
    tokenSecret: randomBytes(32).toString('base64url'),
    devOrigin: null,
    rateLimits: DEFAULT_RATE_LIMITS,
    ...overrides,
  };
}

let sharedKeys: Promise<IdentityKeys> | null = null;
/** One RSA key per test file is plenty (generating one takes a while). */
export function testIdentityKeys(): Promise<IdentityKeys> {
  return (sharedKeys ??= loadIdentityKeys(null));
}

let template: Uint8Array | null = null;
/** The migrated schema the embedded test databases start from (tests/server/global-setup.ts). */
function pgliteTemplate(): Uint8Array {
  return (template ??= new Uint8Array(readFileSync(inject('pgliteTemplate'))));
}

/** A fresh database with the schema: PGlite in memory, or a new schema on DATABASE_URL. */
export async function createTestDb(): Promise<{ db: Db; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openDb({ dataDir: null, template: pgliteTemplate() });
    // a no-op but for a migration newer than the template
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const db = await openDb({ databaseUrl: url, schema });
  await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      await dropSchema(url, schema);
    },
  };
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const { db, drop } = await createTestDb();
  const config = testConfig(opts.config);
  if (opts.orders !== false) await seed(db, { orders: opts.orders ?? 300, now: opts.now, issuer: config.oidcIssuer });
  const keys = await testIdentityKeys();
  const app = await buildApp({
    db,
    config,
    identityKeys: keys,
    handlers: opts.handlers,
    staticDir: opts.staticDir ?? null,
    emailWorker: opts.emailWorker,
    logger: opts.logger,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    keys,
    async tokenFor(email: string) {
      const [user] = await db.query<{ id: string; email: string; name: string }>(
        'SELECT id, email, name FROM users WHERE email = $1',
        [email.toLowerCase()],
      );
      if (!user) throw new Error(`No user ${email} in the test database`);
      return issueAccessToken(user, config);
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}

export interface IdTokenOptions {
  /** Signing key: the test app's embedded provider (valid signature) or, by default, a foreign key. */
  keys?: IdentityKeys;
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for an expired token. Default 3600. */
  expiresIn?: number;
}

let foreignKey: Promise<{ privateKey: CryptoKey; jwk: JWK }> | null = null;
function foreign() {
  return (foreignKey ??= generateKeyPair('RS256', { extractable: true }).then(async ({ privateKey, publicKey }) => ({
    privateKey,
    jwk: { ...(await exportJWK(publicKey)), kid: 'foreign', alg: 'RS256' },
  })));
}

/**
 * Signs an ID token. Defaults: iss TEST_ISSUER, aud TEST_CLIENT_ID, a fresh nonce, 1 h validity,
 * signed with a foreign key (so it must be rejected) unless `keys` is the app's (t.keys).
 * Claims given override the defaults, e.g. { sub, email, name, nonce }.
 */
export async function signIdToken(claims: Record<string, unknown>, opts: IdTokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = { nonce: randomUUID(), email_verified: true, ...claims };
  const jwt = new SignJWT(payload)
    .setIssuer(opts.issuer ?? TEST_ISSUER)
    .setAudience(opts.audience ?? TEST_CLIENT_ID)
    .setIssuedAt(now - 5)
    .setExpirationTime(now + (opts.expiresIn ?? 3600));
  if (typeof claims.sub !== 'string') jwt.setSubject(String(claims.email ?? 'someone'));
  if (opts.keys) {
    const jwk = opts.keys.signing[0];
    const { importJWK } = await import('jose');
    const key = await importJWK(jwk, 'RS256');
    return jwt.setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(key);
  }
  const { privateKey } = await foreign();
  return jwt.setProtectedHeader({ alg: 'RS256', kid: 'foreign' }).sign(privateKey);
}

/** An ID token the test app's embedded provider could have issued for this e-mail (valid for signIn). */
export function appIdToken(
  t: Pick<TestApp, 'keys'>,
  email: string,
  claims: Record<string, unknown> = {},
): Promise<string> {
  return signIdToken({ sub: email, email, name: email.split('@')[0], ...claims }, { keys: t.keys });
}

export { CookieJar, loginWithOidc, type OidcLoginResult } from './oidc-login';
