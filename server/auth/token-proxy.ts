import type { FastifyInstance, FastifyReply } from 'fastify';
import { isEmbeddedIssuer, type Config } from '../config';
import type { Db } from '../db/client';
import { rateLimit, TooManyRequests } from '../http/rate-limit';
import { appOrigins } from '../identity/provider';
import { cachedDiscovery } from './discovery';

/**
 * POST /auth/token: the token endpoint the app uses when the external issuer wants a client secret
 * (Google's web clients do, PKCE or not). It forwards the app's authorization-code exchange to the
 * issuer's token endpoint (from its discovery document) and adds OIDC_CLIENT_SECRET, which so never
 * reaches a browser. Form-encoded in, the issuer's answer out, like a token endpoint: outside the
 * JSON contract, as /oidc is. Only the authorization-code grant of our own client, back to one of
 * our own redirect URIs, passes.
 */
export const TOKEN_PROXY_PATH = '/auth/token';

type Settings = Pick<Config, 'oidcIssuer' | 'oidcClientId' | 'oidcClientSecret' | 'publicOrigin' | 'devOrigin'> &
  Pick<Config, 'rateLimits'>;

/** True when the server offers the proxy (and the app's build must use it). */
export const usesTokenProxy = (config: Pick<Config, 'oidcIssuer' | 'publicOrigin' | 'oidcClientSecret'>) =>
  !isEmbeddedIssuer(config) && !!config.oidcClientSecret;

const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.status(status).header('Cache-Control', 'no-store').send({ error, error_description: description });

/** application/x-www-form-urlencoded encoding of a client credential (RFC 6749, section 2.3.1). */
const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

export function registerTokenProxy(app: FastifyInstance, { db, config }: { db: Db; config: Settings }): void {
  if (!usesTokenProxy(config)) return;
  const secret = config.oidcClientSecret as string;
  const metadata = cachedDiscovery(config.oidcIssuer);
  const redirectUris = appOrigins(config).map((o) => `${o}/auth/callback`);

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, new URLSearchParams(body as string)),
    );

    scope.post(TOKEN_PROXY_PATH, async (req, reply) => {
      try {
        await rateLimit(db, `token-proxy:ip:${req.ip}`, config.rateLimits.signInForm);
      } catch (err) {
        if (!(err instanceof TooManyRequests)) throw err;
        reply.header('Retry-After', String(err.retryAfter));
        return oauthError(reply, 429, 'slow_down', err.message);
      }
      const form = req.body instanceof URLSearchParams ? req.body : null;
      if (!form) return oauthError(reply, 400, 'invalid_request', 'Send the exchange form-encoded');
      const field = (name: string) => form.get(name) ?? '';
      if (field('grant_type') !== 'authorization_code') {
        return oauthError(reply, 400, 'unsupported_grant_type', 'Only the authorization_code grant passes here');
      }
      if (field('client_id') && field('client_id') !== config.oidcClientId) {
        return oauthError(reply, 400, 'invalid_client', 'Unknown client_id');
      }
      if (!redirectUris.includes(field('redirect_uri'))) {
        return oauthError(reply, 400, 'invalid_request', 'redirect_uri is not one of this app');
      }
      if (!field('code') || !field('code_verifier')) {
        return oauthError(reply, 400, 'invalid_request', 'code and code_verifier are required');
      }

      let endpoint: string;
      let methods: string[];
      try {
        const doc = await metadata();
        if (!doc.token_endpoint) throw new Error('the discovery document names no token_endpoint');
        endpoint = doc.token_endpoint;
        methods = doc.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
      } catch (err) {
        req.log.error(`Token proxy: ${(err as Error).message}`);
        return oauthError(reply, 502, 'temporarily_unavailable', 'The identity provider cannot be reached');
      }
      const out = new URLSearchParams({
        grant_type: 'authorization_code',
        code: field('code'),
        redirect_uri: field('redirect_uri'),
        code_verifier: field('code_verifier'),
        client_id: config.oidcClientId,
      });
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      };
      // client_secret_post where the issuer offers it, else HTTP Basic (the default of the spec)
      if (methods.includes('client_secret_post')) out.set('client_secret', secret);
      else
        headers.authorization = `Basic ${Buffer.from(`${formEncode(config.oidcClientId)}:${formEncode(secret)}`).toString('base64')}`;

      let res: Response;
      try {
        res = await fetch(endpoint, { method: 'POST', headers, body: out, signal: AbortSignal.timeout(10_000) });
      } catch (err) {
        req.log.error(`Token proxy: ${endpoint}: ${(err as Error).message}`);
        return oauthError(reply, 502, 'temporarily_unavailable', 'The identity provider cannot be reached');
      }
      const body = await res.text();
      return reply
        .status(res.status)
        .header('Cache-Control', 'no-store')
        .type(res.headers.get('content-type') ?? 'application/json')
        .send(body);
    });
  });
}
