import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { SERVED_CAPABILITIES, type Capability } from '../../shared/octo';
import type { ChannelCaller } from '../channel/keys';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { InputIn, SuccessIn } from '../http/operation';
import { OctoError } from './errors';
import type { operations } from './schema';

/**
 * Handlers of the OCTO document (openapi/octo.yaml), typed by it as the app's handlers are by
 * openapi/openapi.yaml: a handler receives the operation's validated input and returns its body.
 */
export type OctoOperationId = keyof operations;
export type OctoInput<O extends OctoOperationId> = InputIn<operations, O>;
export type OctoSuccess<O extends OctoOperationId> = SuccessIn<operations, O>;

export type { Capability } from '../../shared/octo';

export interface OctoCall {
  db: Db;
  config: Config;
  app: FastifyInstance;
  /** The key's team and OTA. */
  channel: ChannelCaller;
  /** The capabilities asked for and served (e.g. octo/pricing adds prices). */
  capabilities: ReadonlySet<Capability>;
}

export type OctoHandler<O extends OctoOperationId> = (input: OctoInput<O>, call: OctoCall) => Promise<OctoSuccess<O>>;

export type OctoHandlers = { [O in OctoOperationId]: OctoHandler<O> };

/** The served capabilities (shared/octo.ts) among those a request's Octo-Capabilities header names. */
export function capabilitiesOf(header: unknown): Set<Capability> {
  const asked = typeof header === 'string' ? header.split(',').map((c) => c.trim()) : [];
  return new Set(SERVED_CAPABILITIES.filter((c) => asked.includes(c)));
}

export function octoRouteHandler<O extends OctoOperationId>(handler: OctoHandler<O>): RouteHandlerMethod {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.channel) throw new OctoError('UNAUTHORIZED', 'Send the API key in the Authorization header');
    const capabilities = capabilitiesOf(req.headers['octo-capabilities']);
    reply.header('Octo-Capabilities', [...capabilities].join(', '));
    const input = { path: req.params, query: req.query, headers: req.headers, body: req.body ?? {} } as OctoInput<O>;
    const app = req.server;
    return handler(input, { db: app.db, config: app.config, app, channel: req.channel, capabilities });
  };
}
