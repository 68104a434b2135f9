import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { makePlatformAdmin } from '../../server/auth/platform-admin';
import { createTestApp, TEST_ORIGIN, type TestApp } from './helpers';

// An external OpenID Connect issuer (as Google is), started here as a small real HTTP server:
// discovery, keys and a token endpoint that insists on the client secret. The server's token proxy
// adds the secret the browser never sees; ID tokens count only with email_verified true; accounts
// are found by issuer and subject, else by a verified e-mail that no identity of the issuer holds.
const CLIENT_ID = 'desk.apps.example';
const SECRET = 's3cret value&more';

interface Issuer {
  url: string;
  /** What its token endpoint received: the form and the Authorization header. */
  calls: { form: URLSearchParams; authorization: string | undefined }[];
  sign(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

async function startIssuer(authMethods: string[]): Promise<Issuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const calls: Issuer['calls'] = [];
  let url = '';
  const sign = (claims: Record<string, unknown>, key: CryptoKey = privateKey) =>
    new SignJWT({ nonce: randomUUID(), ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(url)
      .setAudience(CLIENT_ID)
      .setSubject(String(claims.sub ?? 'someone'))
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
  const server: Server = createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: url,
        jwks_uri: `${url}/jwks`,
        token_endpoint: `${url}/token`,
        token_endpoint_auth_methods_supported: authMethods,
      });
    }
    if (req.url === '/jwks') return json(200, { keys: [jwk] });
    if (req.url === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (d) => (body += String(d)));
      req.on('end', async () => {
        const form = new URLSearchParams(body);
        calls.push({ form, authorization: req.headers.authorization });
        const basic = req.headers.authorization?.startsWith('Basic ')
          ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString()
          : null;
        const secretOk = authMethods.includes('client_secret_post')
          ? form.get('client_secret') === SECRET
          : basic === `${CLIENT_ID}:${encodeURIComponent(SECRET).replace(/%20/g, '+')}`;
        if (!secretOk)
          return json(401, { error: 'invalid_client', error_description: 'client secret missing or wrong' });
        if (form.get('code') !== 'good-code')
          return json(400, { error: 'invalid_grant', error_description: 'bad code' });
        json(200, {
          access_token: 'issuer-access',
          token_type: 'Bearer',
          id_token: await sign({ sub: 'g-42', email: 'someone@example.com', email_verified: true }),
        });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    calls,
    sign: (claims) => sign(claims),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const exchange = (t: TestApp, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const GOOD = {
  grant_type: 'authorization_code',
  code: 'good-code',
  redirect_uri: `${TEST_ORIGIN}/auth/callback`,
  code_verifier: 'verifier-verifier-verifier-verifier-verifier',
  client_id: CLIENT_ID,
};

let issuer: Issuer;
let t: TestApp;

beforeAll(async () => {
  issuer = await startIssuer(['client_secret_post', 'client_secret_basic']);
  t = await createTestApp({
    orders: false,
    config: { oidcIssuer: issuer.url, oidcClientId: CLIENT_ID, oidcClientSecret: SECRET },
  });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

describe('the token proxy (POST /auth/token)', () => {
  it('forwards the code exchange to the issuer with the client secret and hands back its answer', async () => {
    const before = issuer.calls.length;
    const res = await exchange(t, GOOD);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ access_token: 'issuer-access', id_token: expect.any(String) });
    expect(res.body).not.toContain(SECRET);
    const [call] = issuer.calls.slice(before);
    expect(Object.fromEntries(call.form)).toEqual({ ...GOOD, client_secret: SECRET });
  });

  it("passes the issuer's refusal on as it is", async () => {
    const res = await exchange(t, { ...GOOD, code: 'stale' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'bad code' });
  });

  it('forwards nothing but our own client’s authorization-code grant back to our own redirect URI', async () => {
    const before = issuer.calls.length;
    const cases: [Record<string, string>, string][] = [
      [{ ...GOOD, grant_type: 'client_credentials' }, 'unsupported_grant_type'],
      [{ ...GOOD, grant_type: 'refresh_token', refresh_token: 'x' }, 'unsupported_grant_type'],
      [{ ...GOOD, redirect_uri: 'https://evil.example/auth/callback' }, 'invalid_request'],
      [{ ...GOOD, client_id: 'another-client' }, 'invalid_client'],
      [{ ...GOOD, code_verifier: '' }, 'invalid_request'],
    ];
    for (const [fields, error] of cases) {
      const res = await exchange(t, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const json = await t.app.inject({ method: 'POST', url: '/auth/token', payload: GOOD });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect(issuer.calls.length).toBe(before);
  });

  it('uses HTTP Basic for an issuer that offers only client_secret_basic', async () => {
    const basicIssuer = await startIssuer(['client_secret_basic']);
    const app = await createTestApp({
      orders: false,
      config: { oidcIssuer: basicIssuer.url, oidcClientId: CLIENT_ID, oidcClientSecret: SECRET },
    });
    try {
      const res = await exchange(app, GOOD);
      expect(res.statusCode).toBe(200);
      const [call] = basicIssuer.calls;
      expect(call.form.get('client_secret')).toBeNull();
      expect(call.authorization).toMatch(/^Basic /);
    } finally {
      await app.close();
      await basicIssuer.close();
    }
  });

  it('is not there without a client secret (the embedded provider, or an issuer with public clients)', async () => {
    const plain = await createTestApp({ orders: false });
    try {
      expect((await exchange(plain, GOOD)).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('ID tokens of the external issuer', () => {
  const signIn = (idToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/signin/oidc', payload: { idToken } });
  const register = (idToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/register/oidc', payload: { idToken } });
  const userRow = async (email: string) =>
    (
      await t.db.query<{ issuer: string | null; subject: string | null }>(
        'SELECT issuer, subject FROM users WHERE email = $1',
        [email],
      )
    )[0];

  it('are refused (401) unless email_verified is true, naming the reason', async () => {
    for (const claims of [{}, { email_verified: false }, { email_verified: 'false' }]) {
      const token = await issuer.sign({ sub: 'u-unverified', email: 'unverified@example.com', ...claims });
      for (const res of [await signIn(token), await register(token)]) {
        expect(res.statusCode, JSON.stringify(claims)).toBe(401);
        expect(res.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.stringContaining('email_verified') });
      }
    }
    expect(await userRow('unverified@example.com')).toBeUndefined();
    const verified = await issuer.sign({ sub: 'u-verified', email: 'verified@example.com', email_verified: true });
    expect((await register(verified)).statusCode).toBe(200);
  });

  it('bind a user named before any sign-in (npm run admin) at the first sign-in with the verified address', async () => {
    await makePlatformAdmin(t.db, { email: 'boss@example.com', name: 'Big Boss' });
    expect(await userRow('boss@example.com')).toEqual({ issuer: null, subject: null });

    // an unverified claim to the address binds nothing
    const forged = await issuer.sign({ sub: 'attacker', email: 'boss@example.com' });
    expect((await signIn(forged)).statusCode).toBe(401);
    expect(await userRow('boss@example.com')).toEqual({ issuer: null, subject: null });

    const first = await signIn(await issuer.sign({ sub: 'g-boss', email: 'boss@example.com', email_verified: true }));
    expect(first.statusCode).toBe(200);
    expect(await userRow('boss@example.com')).toEqual({ issuer: issuer.url, subject: 'g-boss' });
    const me = await t.app.inject({
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${first.json().accessToken}` },
    });
    expect(me.json()).toMatchObject({ email: 'boss@example.com', isPlatformAdmin: true });
  });

  it('find the account by issuer and subject, and never hand it to another subject with the same address', async () => {
    // the same person, whose address changed at the issuer
    const renamed = await issuer.sign({ sub: 'g-boss', email: 'boss.new@example.com', email_verified: true });
    expect((await signIn(renamed)).statusCode).toBe(200);
    // somebody else who now holds the address at the issuer
    const other = await issuer.sign({ sub: 'g-someone-else', email: 'boss@example.com', email_verified: true });
    const res = await signIn(other);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('USER_NOT_FOUND');
    expect(
      (await register(await issuer.sign({ sub: 'g-someone-else', email: 'boss@example.com', email_verified: true })))
        .statusCode,
    ).toBe(409);
    expect(await userRow('boss@example.com')).toEqual({ issuer: issuer.url, subject: 'g-boss' });
  });

  it('move a user bound to an issuer no longer configured to this one, by the verified address', async () => {
    await t.db.query(
      "INSERT INTO users (id, email, name, issuer, subject) VALUES ($1, 'moved@example.com', 'Moved', 'https://old.example', 'old-1')",
      [randomUUID()],
    );
    const res = await signIn(await issuer.sign({ sub: 'g-moved', email: 'moved@example.com', email_verified: true }));
    expect(res.statusCode).toBe(200);
    expect(await userRow('moved@example.com')).toEqual({ issuer: issuer.url, subject: 'g-moved' });
  });
});
