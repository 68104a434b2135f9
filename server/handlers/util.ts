import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { AuthUser } from '../types';
import { HttpError } from '../http/errors';

/** A contract operation's handler: reads the validated request, returns the response body. */
export type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface Ctx {
  db: Db;
  user: AuthUser;
}

/** The signed-in caller (the auth hook has already answered 401 for a missing token). */
export function ctx(req: FastifyRequest): Ctx {
  if (!req.auth) throw new HttpError(401, 'UNAUTHORIZED', 'Sign in first');
  return { db: req.server.db, user: req.auth };
}

export const query = <T>(req: FastifyRequest) => req.query as T;
export const params = <T>(req: FastifyRequest) => req.params as T;
export const body = <T>(req: FastifyRequest) => req.body as T;
