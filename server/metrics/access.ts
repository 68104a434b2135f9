import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';

/**
 * Who may read /metrics. With METRICS_TOKEN set: whoever sends it as a bearer token, from anywhere.
 * Without: only a scraper on this machine (loopback), and not through a proxy (a forwarded request
 * comes from loopback too, but on behalf of someone else).
 */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

export function checkMetricsAccess(req: FastifyRequest, token: string | null): void {
  if (token) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (match && timingSafeEqual(digest(match[1]), digest(token))) return;
    throw new HttpError(401, 'UNAUTHORIZED', 'Reading /metrics needs the METRICS_TOKEN as a bearer token');
  }
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  if (!forwarded && LOOPBACK.test(req.socket.remoteAddress ?? '')) return;
  throw new HttpError(
    403,
    'FORBIDDEN',
    '/metrics answers only on loopback; set METRICS_TOKEN to read it from elsewhere',
  );
}
