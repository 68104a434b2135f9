import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';

/**
 * Request ids and the access log. A request's id is the caller's `X-Request-Id` when it is a sane
 * token (a proxy's or a client's, so one id follows a request through every hop), else a new UUID;
 * every answer carries it back. One JSON line per request at info level (pino): id, method, path
 * without its query (queries carry searches and signed links), operation, status and duration.
 */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

const pathOf = (url: string) => url.split('?', 1)[0];

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  app.addHook('onResponse', async (req: FastifyRequest, reply) => {
    req.log.info(
      {
        method: req.method,
        path: pathOf(req.url),
        operationId: (req.routeOptions.config as { operationId?: string } | undefined)?.operationId,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
