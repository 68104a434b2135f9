import type { Db } from './db/client';
import type { Config } from './config';

export interface AuthUser {
  userId: string;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}
