import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { start, type Started } from '../../server/start';
import { createTestDb } from './helpers';
import { startReceiver, type SmtpReceiver } from './smtp-receiver';

// Demo and production are explicit: NODE_ENV=production is production, which refuses to start with
// a provider that signs in by address alone or without TOKEN_SECRET, and never writes demo data.
const SECRET = 'x'.repeat(40);
const PRODUCTION = { NODE_ENV: 'production', DATA_DIR: ':memory:', TOKEN_SECRET: SECRET };

describe('the mode', () => {
  it('is production with NODE_ENV=production only, the demo otherwise', () => {
    expect(loadConfig({ DATA_DIR: ':memory:' }).mode).toBe('demo');
    expect(loadConfig({ DATA_DIR: ':memory:', NODE_ENV: 'development' }).mode).toBe('demo');
    expect(loadConfig({ DATA_DIR: ':memory:', NODE_ENV: 'test' }).mode).toBe('demo');
    expect(loadConfig({ ...PRODUCTION, SMTP_URL: 'smtp://127.0.0.1:25' }).mode).toBe('production');
  });

  it('refuses production with the passwordless provider (embedded issuer without SMTP_URL), saying what to set', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(ConfigError);
    expect(() => loadConfig(PRODUCTION)).toThrow(/production needs a real sign-in: set SMTP_URL .* or OIDC_ISSUER/);
    // naming the embedded issuer explicitly changes nothing
    expect(() => loadConfig({ ...PRODUCTION, OIDC_ISSUER: 'http://localhost:3000/oidc' })).toThrow(/SMTP_URL/);
  });

  it('accepts production with e-mailed codes or with an external issuer and its client secret', () => {
    expect(loadConfig({ ...PRODUCTION, SMTP_URL: 'smtp://mail.example:587' }).smtpUrl).toBe('smtp://mail.example:587');
    const external = loadConfig({
      ...PRODUCTION,
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'desk.apps.googleusercontent.com',
      OIDC_CLIENT_SECRET: 'shh',
    });
    expect(external).toMatchObject({ mode: 'production', oidcClientSecret: 'shh', smtpUrl: null });
  });

  it('refuses production without TOKEN_SECRET and leaves no secret file behind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tourdesk-prod-'));
    try {
      const env = { NODE_ENV: 'production', DATA_DIR: dir, SMTP_URL: 'smtp://127.0.0.1:25' };
      expect(() => loadConfig(env)).toThrow(/set TOKEN_SECRET/);
      expect(readdirSync(dir)).toEqual([]);
      // the demo makes one up in memory (start() then takes the one shared in the database), no file
      expect(loadConfig({ DATA_DIR: dir }).tokenSecret.length).toBeGreaterThanOrEqual(32);
      expect(existsSync(join(dir, 'token-secret'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm start in production without a real sign-in', () => {
  it('exits with code 2 and one line on stderr', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: ':memory:', TOKEN_SECRET: SECRET, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.stdout.on('data', (d) => (stdout += String(d)));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Configuration error: production needs a real sign-in/),
    ]);
    expect(stdout).toBe('');
  });
});

describe('a production start', () => {
  let receiver: SmtpReceiver;
  let database: Awaited<ReturnType<typeof createTestDb>>;
  let started: Started;
  const lines: string[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    database = await createTestDb();
    started = await start(
      { ...PRODUCTION, SMTP_URL: receiver.url, PORT: '0' },
      { staticDir: null, db: database.db, log: (line) => lines.push(line) },
    );
  });
  afterAll(async () => {
    await started?.close();
    await database?.drop();
    await receiver?.close();
  });

  it('seeds nothing: no teams, no users, no orders', async () => {
    expect(started.config.mode).toBe('production');
    expect(started.seeded).toBe(false);
    for (const table of ['teams', 'users', 'memberships', 'orders', 'tours', 'products']) {
      const [row] = await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      expect(row.n, table).toBe(0);
    }
    expect(lines.join('\n')).not.toContain('Seeded');
    expect(lines.join('\n')).not.toContain('admin@tourdesk.test');
  });

  it('serves on the port it reports, and its sign-in page asks for a code, not a demo account', async () => {
    const health = await fetch(`http://127.0.0.1:${started.port}/api/health`);
    expect(health.status).toBe(200);
    const res = await started.app.inject({
      url: `/oidc/auth?client_id=tourdesk-app&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`${started.config.publicOrigin}/auth/callback`)}&code_challenge=abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq&code_challenge_method=S256`,
    });
    const location = new URL(String(res.headers.location), started.config.publicOrigin);
    const page = await started.app.inject({ url: location.pathname, headers: { cookie: cookies(res) } });
    expect(page.body).toContain('Send me a code');
    expect(page.body).not.toContain('Demo accounts');
  });
});

const cookies = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
