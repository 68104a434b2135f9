import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TEST_CLIENT_ID, TEST_ORIGIN } from './helpers';

/** Drives the embedded identity provider through app.inject, as a browser and the app would. */

/** A cookie jar for app.inject: remembers Set-Cookie values and sends them all back. */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(setCookie: string | string[] | undefined): void {
    for (const line of ([] as string[]).concat(setCookie ?? [])) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface OidcLoginResult {
  idToken: string;
  nonce: string;
  /** The authorization server's own access token (not the API's). */
  accessToken: string;
  /** The sign-in page's HTML, as first shown. */
  loginPage: string;
  jar: CookieJar;
}

const pathOf = (location: string) => {
  const url = new URL(location, TEST_ORIGIN);
  return url.pathname + url.search;
};

/**
 * Drives the embedded provider like the app does: authorization code + PKCE (S256) with a nonce,
 * through the interaction page, then the token endpoint. Pass the same jar again to reuse the session.
 */
export async function loginWithOidc(
  app: FastifyInstance,
  email: string,
  opts: { jar?: CookieJar; prompt?: string; redirectUri?: string } = {},
): Promise<OidcLoginResult> {
  const jar = opts.jar ?? new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const nonce = randomUUID();
  const state = randomUUID();
  const redirectUri = opts.redirectUri ?? `${TEST_ORIGIN}/auth/callback`;
  const query = new URLSearchParams({
    client_id: TEST_CLIENT_ID,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(opts.prompt ? { prompt: opts.prompt } : {}),
  });
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie: jar.header() } });
    jar.store(res.headers['set-cookie']);
    return res;
  };

  let res = await get(`/oidc/auth?${query}`);
  let loginPage = '';
  for (let hops = 0; hops < 10; hops++) {
    if (res.statusCode === 200 && res.body.includes('Sign in to Tourdesk')) {
      loginPage ||= res.body;
      const uid = /action="\/oidc\/interaction\/([^/]+)\/login"/.exec(res.body)?.[1];
      if (!uid) throw new Error('No login form on the sign-in page');
      res = await app.inject({
        method: 'POST',
        url: `/oidc/interaction/${uid}/login`,
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email }).toString(),
      });
      jar.store(res.headers['set-cookie']);
      if (res.statusCode === 400) throw new Error(`Sign-in refused: ${res.body}`);
      continue;
    }
    if (res.statusCode === 200 && res.body.includes('<title>Submitting Callback</title>')) {
      // An auto-submitting form (switching accounts ends the previous session first): submit it like a browser.
      const action = /<form method="post" action="([^"]+)"/.exec(res.body)?.[1] ?? '';
      const fields = [...res.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)];
      res = await app.inject({
        method: 'POST',
        url: pathOf(action.replace(/&amp;/g, '&')),
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields.map((m) => [m[1], m[2]])).toString(),
      });
      jar.store(res.headers['set-cookie']);
      continue;
    }
    const location = res.headers.location;
    if (res.statusCode < 300 || res.statusCode >= 400 || typeof location !== 'string') {
      throw new Error(`Unexpected ${res.statusCode} during sign-in: ${res.body.slice(0, 3000)}`);
    }
    if (location.startsWith(redirectUri)) {
      const back = new URL(location);
      if (back.searchParams.get('error'))
        throw new Error(`Authorization failed: ${back.searchParams.get('error_description')}`);
      if (back.searchParams.get('state') !== state) throw new Error('State mismatch');
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
      const body = token.json() as { id_token: string; access_token: string };
      return { idToken: body.id_token, accessToken: body.access_token, nonce, loginPage, jar };
    }
    res = await get(pathOf(location));
  }
  throw new Error('Too many redirects during sign-in');
}
