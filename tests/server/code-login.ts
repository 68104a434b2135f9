import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CookieJar } from './oidc-login';
import { TEST_CLIENT_ID, TEST_ORIGIN } from './helpers';

/**
 * Drives the embedded provider's production sign-in through app.inject as a browser would: the
 * authorization request, the e-mail form, the code form, then the app's token exchange.
 */
export interface CodeLogin {
  jar: CookieJar;
  uid: string;
  /** The e-mail form as first shown. */
  page: string;
  /** Posts the e-mail form (from `ip`, default 127.0.0.1). */
  askCode(email: string, ip?: string): Promise<LightMyRequestResponse>;
  /** Posts the code form; `finish` follows a successful one to an ID token. */
  sendCode(code: string, ip?: string): Promise<LightMyRequestResponse>;
  /** After a successful sendCode: the redirects, then the token endpoint; the ID token. */
  finish(res: LightMyRequestResponse): Promise<string>;
}

const pathOf = (location: string) => {
  const url = new URL(location, TEST_ORIGIN);
  return url.pathname + url.search;
};

export async function startCodeLogin(app: FastifyInstance): Promise<CodeLogin> {
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${TEST_ORIGIN}/auth/callback`;
  const query = new URLSearchParams({
    client_id: TEST_CLIENT_ID,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomUUID(),
    nonce: randomUUID(),
  });
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie: jar.header() } });
    jar.store(res.headers['set-cookie']);
    return res;
  };
  const post = async (url: string, form: Record<string, string>, ip = '127.0.0.1') => {
    const res = await app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    jar.store(res.headers['set-cookie']);
    return res;
  };

  let res = await get(`/oidc/auth?${query}`);
  for (let hops = 0; res.statusCode >= 300 && res.statusCode < 400 && hops < 5; hops++) {
    res = await get(pathOf(String(res.headers.location)));
  }
  const uid = /action="\/oidc\/interaction\/([^/]+)\/login"/.exec(res.body)?.[1];
  if (res.statusCode !== 200 || !uid) throw new Error(`No sign-in form: ${res.statusCode} ${res.body.slice(0, 500)}`);

  return {
    jar,
    uid,
    page: res.body,
    askCode: (email, ip) => post(`/oidc/interaction/${uid}/login`, { email }, ip),
    sendCode: (code, ip) => post(`/oidc/interaction/${uid}/code`, { code }, ip),
    async finish(done) {
      let step = done;
      for (let hops = 0; hops < 10; hops++) {
        const location = step.headers.location;
        if (step.statusCode < 300 || step.statusCode >= 400 || typeof location !== 'string') {
          throw new Error(`Unexpected ${step.statusCode} during sign-in: ${step.body.slice(0, 500)}`);
        }
        if (location.startsWith(redirectUri)) {
          const back = new URL(location);
          const token = await app.inject({
            method: 'POST',
            url: '/oidc/token',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({
              grant_type: 'authorization_code',
              code: back.searchParams.get('code') ?? '',
              redirect_uri: redirectUri,
              client_id: TEST_CLIENT_ID,
              code_verifier: verifier,
            }).toString(),
          });
          if (token.statusCode !== 200) throw new Error(`Token endpoint answered ${token.statusCode}: ${token.body}`);
          return (token.json() as { id_token: string }).id_token;
        }
        step = await get(pathOf(location));
      }
      throw new Error('Too many redirects during sign-in');
    },
  };
}
