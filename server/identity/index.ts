import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { applySecurityHeadersRaw } from '../security';
import { purgeExpired } from './adapter';
import { registerInteractionRoutes } from './interaction';
import type { IdentityKeys } from './keys';
import { createProvider, OIDC_PREFIX } from './provider';

export { loadIdentityKeys, type IdentityKeys } from './keys';
export { DEMO_ACCOUNTS } from './accounts';

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Mounts the embedded OpenID Connect provider at /oidc. The provider is a Koa app: the request is
 * handed over raw (hijacked before Fastify reads the body, so the provider parses its own forms),
 * with the /oidc prefix stripped from req.url and the full path kept in req.originalUrl, so that
 * the discovery document advertises `${origin}/oidc/auth`, `/oidc/token`... and not root paths.
 */
export async function registerIdentity(
  app: FastifyInstance,
  opts: { config: Config; db: Db; keys: IdentityKeys },
): Promise<Provider> {
  const provider = createProvider(opts);
  const callback = provider.callback();

  await registerInteractionRoutes(app, { provider, db: opts.db, config: opts.config });

  const handOver = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = req.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.slice(OIDC_PREFIX.length) || '/';
    if (raw.url.startsWith('?')) raw.url = `/${raw.url}`;
    applySecurityHeadersRaw(reply.raw, opts.config);
    await callback(raw, reply.raw);
  };
  const unreachable = async () => undefined; // onRequest always hijacks first

  for (const url of [OIDC_PREFIX, `${OIDC_PREFIX}/*`]) {
    app.route({ method: METHODS, url, onRequest: handOver, handler: unreachable });
  }

  await purgeExpired(opts.db).catch((err: Error) =>
    app.log.warn(`Could not purge expired identity data: ${err.message}`),
  );
  return provider;
}
