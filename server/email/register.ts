import type { FastifyInstance } from 'fastify';
import { configuredTransport, type EmailTransport } from './transport';
import { startEmailWorker, type EmailWorkerOptions } from './worker';

export interface AppEmailWorkerOptions extends EmailWorkerOptions {
  /** Default: SMTP_URL (pooled) or the file outbox, from the app's config. */
  transport?: EmailTransport;
}

/** Runs the outbox's delivery worker while the app runs: it starts when the app is ready, and
 *  closing the app lets the claim under way finish, then closes the transport's connections. */
export function registerEmailWorker(app: FastifyInstance, opts: AppEmailWorkerOptions = {}): void {
  const { transport = configuredTransport(app.config), ...options } = opts;
  app.addHook('onReady', async () => {
    app.emailWorker = startEmailWorker(app.db, transport, { log: app.log, ...options });
  });
  app.addHook('onClose', async () => {
    await app.emailWorker?.stop();
    app.emailWorker = null;
    transport.close();
  });
}
