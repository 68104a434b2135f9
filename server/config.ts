import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { Limit } from './http/rate-limit';

/** `NODE_ENV=production` is production; any other value (or none) is the demo that `npm start` runs. */
export type Mode = 'demo' | 'production';

/** Server settings, read once from the environment at start. */
export interface Config {
  /** The demo seeds demo data at start and lets the embedded provider sign in without a password;
   *  production seeds nothing and signs in with e-mailed codes or an external issuer. */
  mode: Mode;
  port: number;
  /** Interface to listen on (HOST); 127.0.0.1 unless told otherwise. */
  host: string;
  /** Folder for the embedded database and the file outbox; null = in memory. */
  dataDir: string | null;
  /** postgres://... to use PostgreSQL instead of the embedded database. */
  databaseUrl: string | null;
  /** Origin the browser sees, e.g. https://tourdesk.example.com (no trailing slash). */
  publicOrigin: string;
  /** OpenID Connect issuer whose ID tokens sign users in; `${publicOrigin}/oidc` is the embedded one. */
  oidcIssuer: string;
  oidcClientId: string;
  /** OIDC_CLIENT_SECRET for an external issuer that wants one (e.g. Google): only the server's token
   *  proxy (POST /auth/token) sends it, it never reaches the browser. */
  oidcClientSecret: string | null;
  /** smtp(s)://user:pass@host:port to send e-mail for real; null writes to the outbox only. */
  smtpUrl: string | null;
  /** Secret for the API access tokens (HS256), signed download links and sign-in codes: TOKEN_SECRET,
   *  or in the demo the one shared through the database (set by start()). */
  tokenSecret: string;
  /** Extra browser origin allowed to use the embedded identity provider: the Vite dev server, set
   *  (DEV_ORIGIN) by `npm run dev` only, so no other start accepts its redirect URI. */
  devOrigin: string | null;
  /** Attempts allowed per window (server/http/rate-limit.ts). */
  rateLimits: RateLimits;
}

export interface RateLimits {
  /** signIn and register, per client address. */
  signIn: Limit;
  /** The embedded provider's sign-in form, per client address. */
  signInForm: Limit;
  /** Sign-in codes e-mailed to one address. */
  signInCode: Limit;
  /** Export downloads, per client address. */
  download: Limit;
  /** Invitation links looked up, per client address. */
  invitation: Limit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { limit: 60, windowSeconds: 60 },
  signInForm: { limit: 60, windowSeconds: 60 },
  signInCode: { limit: 5, windowSeconds: 15 * 60 },
  download: { limit: 60, windowSeconds: 60 },
  invitation: { limit: 30, windowSeconds: 60 },
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
}

function parseOrigin(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function parseDatabaseUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new ConfigError(
      `DATABASE_URL must start with postgres:// or postgresql://, got "${value.replace(/:[^:@/]*@/, ':***@')}"`,
    );
  }
  return value;
}

function parseSmtpUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!/^smtps?:\/\//.test(value)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  return value;
}

/** TOKEN_SECRET when given. Production requires it: the secret stays out of the database (a copy of
 *  the database cannot forge tokens) and is the same on every instance. The demo without it gets a
 *  random one here, which start() replaces with the one all instances share in the database
 *  (server/secrets.ts); tools that only read the data keep the random one. */
function resolveTokenSecret(env: Env, mode: Mode): string {
  const given = tokenSecretGiven(env);
  if (given !== undefined) {
    if (given.length < 32) throw new ConfigError('TOKEN_SECRET must be at least 32 characters long');
    return given;
  }
  if (mode === 'production') {
    throw new ConfigError('set TOKEN_SECRET (at least 32 random characters, the same on every instance) in production');
  }
  return randomBytes(32).toString('base64url');
}

/** TOKEN_SECRET as configured, or undefined when the database keeps the shared one (demo only). */
export const tokenSecretGiven = (env: Env): string | undefined => text(env, 'TOKEN_SECRET');

export const modeOf = (env: Env): Mode => (text(env, 'NODE_ENV') === 'production' ? 'production' : 'demo');

/** Where the data lives (DATA_DIR, DATABASE_URL), for commands that need nothing else (npm run admin). */
export function loadDatabaseConfig(env: Env = process.env): Pick<Config, 'dataDir' | 'databaseUrl'> {
  const rawDataDir = text(env, 'DATA_DIR') ?? './data';
  return {
    dataDir: rawDataDir === ':memory:' ? null : resolve(rawDataDir),
    databaseUrl: parseDatabaseUrl(text(env, 'DATABASE_URL')),
  };
}

/** Production never serves a provider that signs anybody in with an address alone. */
function checkProduction(config: Pick<Config, 'mode' | 'publicOrigin' | 'oidcIssuer' | 'smtpUrl'>): void {
  if (config.mode !== 'production') return;
  if (isEmbeddedIssuer(config) && !config.smtpUrl) {
    throw new ConfigError(
      'production needs a real sign-in: set SMTP_URL (the embedded provider e-mails one-time codes) or OIDC_ISSUER and OIDC_CLIENT_ID (an external issuer)',
    );
  }
}

/** Reads the configuration from an environment (process.env in production); throws ConfigError on bad values. */
export function loadConfig(env: Env = process.env): Config {
  const mode = modeOf(env);
  const port = parsePort(text(env, 'PORT'));
  const host = text(env, 'HOST') ?? '127.0.0.1';
  const { dataDir, databaseUrl } = loadDatabaseConfig(env);
  const publicOrigin = parseOrigin('PUBLIC_ORIGIN', text(env, 'PUBLIC_ORIGIN') ?? `http://localhost:${port}`);
  const oidcIssuer = parseOrigin('OIDC_ISSUER', text(env, 'OIDC_ISSUER') ?? `${publicOrigin}/oidc`);
  const devOrigin = text(env, 'DEV_ORIGIN');
  const smtpUrl = parseSmtpUrl(text(env, 'SMTP_URL'));
  checkProduction({ mode, publicOrigin, oidcIssuer, smtpUrl });
  return {
    mode,
    port,
    host,
    dataDir,
    databaseUrl,
    publicOrigin,
    oidcIssuer,
    oidcClientId: text(env, 'OIDC_CLIENT_ID') ?? 'tourdesk-app',
    oidcClientSecret: text(env, 'OIDC_CLIENT_SECRET') ?? null,
    smtpUrl,
    tokenSecret: resolveTokenSecret(env, mode),
    devOrigin: devOrigin === undefined ? null : parseOrigin('DEV_ORIGIN', devOrigin),
    rateLimits: DEFAULT_RATE_LIMITS,
  };
}

/** True when the configured issuer is the identity provider embedded in this server. */
export function isEmbeddedIssuer(config: Pick<Config, 'oidcIssuer' | 'publicOrigin'>): boolean {
  return config.oidcIssuer === `${config.publicOrigin}/oidc`;
}
