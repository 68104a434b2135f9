import type { FastifyInstance } from 'fastify';

/**
 * Apps that are shutting down: their readiness answers 503 from the moment the process is told to
 * stop, so a load balancer sends them nothing new while what is in flight finishes (server/start.ts).
 * Kept per app (by its HTTP server, which the app's encapsulated children share), not per process:
 * tests run several apps in one process.
 */
const draining = new WeakSet<object>();

export function startDraining(app: Pick<FastifyInstance, 'server'>): void {
  draining.add(app.server);
}

export function isDraining(app: Pick<FastifyInstance, 'server'>): boolean {
  return draining.has(app.server);
}
