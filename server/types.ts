import type { Db } from './db/client';
import type { Role } from '../shared/statuses';
import type { ChannelCaller } from './channel/keys';
import type { Config } from './config';
import type { EmailWorker } from './email/worker';

export interface AuthUser {
  userId: string;
  email: string;
  name: string;
  /** The access token the request came with: its id (jti) and expiry (unix seconds), what logout revokes. */
  token?: { id: string; expiresAt: number };
}

/** The signed-in caller of an operation, with the least team role the operation needs
 *  (shared/permissions.ts): every authorization check of the request asks for it. */
export interface Caller extends AuthUser {
  needs: Role;
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
    /** The channel API key's team and OTA (OCTO routes; the batch import by a channel). */
    channel: ChannelCaller | null;
  }
}
