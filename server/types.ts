import type { Db } from './db/client';
import type { Config } from './config';
import type { EmailWorker } from './email/worker';

export interface AuthUser {
  userId: string;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** The outbox's delivery worker of this process, when it runs one. */
    emailWorker: EmailWorker | null;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}
