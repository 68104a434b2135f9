import type { FastifyInstance } from 'fastify';
import { isApiPath } from './paths';

/**
 * `localhost` and `127.0.0.1` (or `[::1]`) reach the same server but are different browser origins:
 * the app opened under the name that PUBLIC_ORIGIN does not use would send the identity provider a
 * redirect URI it does not know. Pages asked for under the other loopback name are sent to
 * PUBLIC_ORIGIN first (307); API calls are answered under either name.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function registerLoopbackRedirect(app: FastifyInstance, publicOrigin: string): void {
  const origin = new URL(publicOrigin);
  if (!LOOPBACK.has(origin.hostname)) return;
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const host = req.hostname.toLowerCase();
    if (!LOOPBACK.has(host) || host === origin.hostname || isApiPath(req.url)) return;
    return reply.redirect(`${origin.origin}${req.url}`, 307);
  });
}
