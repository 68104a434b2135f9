import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { operations } from '../../src/api/schema';
import type { OperationId } from '../../shared/permissions';
import type { Config, RateLimits } from '../config';
import type { Db } from '../db/client';
import { OPERATION_ACCESS, roleFor } from '../../shared/permissions';
import type { Role } from '../../shared/statuses';
import { requirePlatformAdmin } from '../auth/access';
import type { ChannelCaller } from '../channel/keys';
import type { Caller } from '../types';
import { HttpError } from './errors';
import { rateLimit } from './rate-limit';

/**
 * Handlers typed by the contract: a handler of operation O receives O's validated path, query,
 * headers and JSON body, and returns O's success body, each type generated from
 * openapi/openapi.yaml. A handler that disagrees with the contract fails the type check.
 */
export type { OperationId } from '../../shared/permissions';

/** The request parts and success body of operation O of a generated `operations` map (this
 *  contract's, or another document's such as openapi/octo.yaml). */
type ParamsIn<Ops, O extends keyof Ops> = Ops[O] extends { parameters: infer P } ? P : never;
/** A request part as the contract types it; {} where the operation has none. */
type Part<T> = [T] extends [never]
  ? Record<string, never>
  : [T] extends [undefined]
    ? Record<string, never>
    : NonNullable<T>;
type PartOf<P, K extends string> =
  P extends Record<K, infer T> ? Part<T> : P extends { [k in K]?: infer T } ? Part<T> : Record<string, never>;
/** Header names as Node hands them over: lower-case. */
type Lowercased<T> = { [K in keyof T as Lowercase<K & string>]: T[K] };
type BodyIn<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : Op extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;
type ContentOf<R> = R extends { content: infer C } ? C[keyof C] : never;
type ResponsesIn<Op> = Op extends { responses: infer R } ? R : never;
/** The JSON body of an operation's 2xx answers. */
export type SuccessIn<Ops, O extends keyof Ops> = {
  [S in keyof ResponsesIn<Ops[O]>]: S extends 200 | 201 | 202 ? ContentOf<ResponsesIn<Ops[O]>[S]> : never;
}[keyof ResponsesIn<Ops[O]>];

export interface InputIn<Ops, O extends keyof Ops> {
  path: PartOf<ParamsIn<Ops, O>, 'path'>;
  query: PartOf<ParamsIn<Ops, O>, 'query'>;
  headers: Lowercased<PartOf<ParamsIn<Ops, O>, 'header'>>;
  body: BodyIn<Ops[O]>;
}

export type PathOf<O extends OperationId> = InputIn<operations, O>['path'];
export type QueryOf<O extends OperationId> = InputIn<operations, O>['query'];
export type HeadersOf<O extends OperationId> = InputIn<operations, O>['headers'];
export type BodyOf<O extends OperationId> = InputIn<operations, O>['body'];
export type Success<O extends OperationId> = SuccessIn<operations, O>;
export type Input<O extends OperationId> = InputIn<operations, O>;

/** What a handler may use besides its input: the database, the configuration, the app's services. */
export interface Call {
  db: Db;
  config: Config;
  app: FastifyInstance;
  /** The signed-in caller, with the role the operation needs; 401 when the operation has no bearer
   *  security (nobody signed in) or was called with a channel key. */
  readonly user: Caller;
  /** The channel API key's team and OTA, on the operations a channel may call (createOrders);
   *  null when a person called. */
  readonly channel: ChannelCaller | null;
}

/** An answer other than "200 with this JSON": another status, headers, a stream, JSON text. */
export class Reply<T = unknown> {
  declare readonly _body?: T;
  constructor(
    readonly status: number,
    readonly payload: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const noContent = () => new Reply<never>(204, undefined);
/** O's body with extra headers (e.g. Idempotent-Replayed). */
export const withHeaders = <T>(body: T, headers: Record<string, string>) => new Reply<T>(200, body, headers);
/** JSON already serialised (by the database): sent as it is. */
export const jsonText = <T>(text: string) =>
  new Reply<T>(200, text, { 'content-type': 'application/json; charset=utf-8' });
/** A body in another media type (a CSV stream, a file). */
export const file = (payload: unknown, headers: Record<string, string>) => new Reply<never>(200, payload, headers);

export type OperationHandler<O extends OperationId> = (
  input: Input<O>,
  call: Call,
) => Promise<Success<O> | Reply<Success<O>> | Reply<never>>;

/** One handler for every operation of the contract: a missing one fails the type check. */
export type Handlers = { [O in OperationId]: OperationHandler<O> };

function callOf(req: FastifyRequest, needs: Role): Call {
  const app = req.server;
  return {
    db: app.db,
    config: app.config,
    app,
    get user() {
      if (!req.auth) throw new HttpError(401, 'UNAUTHORIZED', 'Sign in first');
      return { ...req.auth, needs };
    },
    channel: req.channel,
  };
}

/** Operations counted against a rate limit of the configuration, per client address. */
const LIMITED: Partial<Record<OperationId, keyof RateLimits>> = {
  signIn: 'signIn',
  register: 'signIn',
  getInvitation: 'invitation',
  downloadExport: 'download',
};

/**
 * The Fastify route handler of a typed handler (the route has validated every part already). The
 * role matrix and the rate limits are enforced here, once: a platform-admin operation is refused
 * before its handler runs, every team access of the handler asks for the role its operation needs,
 * and the limited operations count each attempt of the client's address.
 */
export function routeHandler<O extends OperationId>(operationId: O, handler: OperationHandler<O>): RouteHandlerMethod {
  const needs = roleFor(operationId);
  const platformOnly = OPERATION_ACCESS[operationId] === 'platform-admin';
  const limited = LIMITED[operationId];
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const input = { path: req.params, query: req.query, headers: req.headers, body: req.body } as Input<O>;
    const call = callOf(req, needs);
    if (limited) await rateLimit(call.db, `${limited}:${req.ip}`, call.config.rateLimits[limited]);
    if (platformOnly) await requirePlatformAdmin(call.db, call.user);
    const out = await handler(input, call);
    if (!(out instanceof Reply)) return out;
    reply.code(out.status).headers(out.headers);
    return reply.send(out.payload);
  };
}
