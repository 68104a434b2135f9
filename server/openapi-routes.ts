import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifySchema, HTTPMethods, onRequestHookHandler, RouteHandlerMethod } from 'fastify';
import { parse } from 'yaml';

/**
 * Routes from the contract: one Fastify route per operation of openapi/openapi.yaml, validated with
 * the contract's own schemas for path parameters, query, headers and JSON body, answered by the handler of
 * the same operationId.
 */
export const CONTRACT_PATH = fileURLToPath(new URL('../openapi/openapi.yaml', import.meta.url));

type Json = Record<string, unknown>;

export interface Operation {
  operationId: string;
  method: HTTPMethods;
  /** Fastify form, e.g. /api/v1/orders/:id */
  url: string;
  /** Contract form, e.g. /api/v1/orders/{id} */
  path: string;
  /** True when the operation needs a bearer access token. */
  bearer: boolean;
  schema: FastifySchema;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
/** OpenAPI-only keywords that a JSON Schema validator does not know. */
const OPENAPI_ONLY = new Set(['example', 'discriminator', 'xml', 'externalDocs']);

export function loadContract(path: string = CONTRACT_PATH): Json {
  const doc = parse(readFileSync(path, 'utf8')) as Json;
  if (!doc || typeof doc !== 'object' || typeof doc.openapi !== 'string' || !doc.paths) {
    throw new Error(`${path} is not an OpenAPI document`);
  }
  return doc;
}

function pointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, got ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Json)[key] : undefined;
    if (node === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  }
  return node;
}

/** Inlines every local $ref and drops OpenAPI-only keywords, so the result is plain JSON Schema. */
export function deref(doc: Json, node: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => deref(doc, n, seen));
  if (!node || typeof node !== 'object') return node;
  const obj = node as Json;
  if (typeof obj.$ref === 'string') {
    const ref = obj.$ref;
    if (seen.includes(ref)) throw new Error(`Recursive $ref ${ref} cannot be inlined`);
    const target = deref(doc, pointer(doc, ref), [...seen, ref]) as Json;
    const { $ref: _ignored, ...siblings } = obj;
    const extra = Object.keys(siblings).filter((k) => !['description', 'summary', 'title'].includes(k));
    return extra.length === 0 ? target : { allOf: [target, deref(doc, siblings, seen)] };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(obj)) {
    if (OPENAPI_ONLY.has(key)) continue;
    // `properties` maps names to schemas: a property may well be called "example".
    out[key] = key === 'properties' ? derefMap(doc, value, seen) : deref(doc, value, seen);
  }
  return out;
}

function derefMap(doc: Json, value: unknown, seen: string[]): unknown {
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, deref(doc, v, seen)]));
}

function paramsSchema(params: Json[], location: 'path' | 'query' | 'header'): Json | undefined {
  const chosen = params.filter((p) => p.in === location);
  if (chosen.length === 0) return undefined;
  // Node hands headers over with lower-case names
  const name = (p: Json) => (location === 'header' ? (p.name as string).toLowerCase() : (p.name as string));
  return {
    type: 'object',
    properties: Object.fromEntries(chosen.map((p) => [name(p), p.schema ?? {}])),
    required: chosen.filter((p) => p.required || location === 'path').map(name),
  };
}

function usesBearer(doc: Json, security: unknown): boolean {
  if (!Array.isArray(security)) return false;
  const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
  return security.some((requirement: Json) =>
    Object.keys(requirement ?? {}).some((name) => {
      const scheme = schemes[name];
      return scheme?.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer';
    }),
  );
}

/** Every operation of the contract with its Fastify schema. */
export function contractOperations(doc: Json): Operation[] {
  const ops: Operation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths as Json)) {
    const item = deref(doc, rawItem) as Json;
    const shared = (item.parameters ?? []) as Json[];
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const operationId = op.operationId;
      if (typeof operationId !== 'string') throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const own = (op.parameters ?? []) as Json[];
      const params = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const schema: FastifySchema = {};
      const pathSchema = paramsSchema(params, 'path');
      const querySchema = paramsSchema(params, 'query');
      const headerSchema = paramsSchema(params, 'header');
      if (pathSchema) schema.params = pathSchema;
      if (querySchema) schema.querystring = querySchema;
      if (headerSchema) schema.headers = headerSchema;
      const body = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as
        Json | undefined;
      if (body?.schema) schema.body = body.schema;
      ops.push({
        operationId,
        method: method.toUpperCase() as HTTPMethods,
        path,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        bearer: usesBearer(doc, op.security ?? doc.security),
        schema,
      });
    }
  }
  return ops;
}

export interface RegisterOptions {
  handlers: Record<string, RouteHandlerMethod>;
  /** Runs before anything else on operations that need a bearer token. */
  authenticate: onRequestHookHandler;
  contractPath?: string;
}

/** Registers every contract operation; throws naming the operations that have no handler. */
export function registerContractRoutes(app: FastifyInstance, opts: RegisterOptions): Operation[] {
  const ops = contractOperations(loadContract(opts.contractPath));
  const missing = ops.filter((op) => typeof opts.handlers[op.operationId] !== 'function').map((op) => op.operationId);
  if (missing.length > 0) {
    throw new Error(`No handler for contract operation${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  }
  const known = new Set(ops.map((op) => op.operationId));
  const unused = Object.keys(opts.handlers).filter((id) => !known.has(id));
  if (unused.length > 0) app.log.warn(`Handlers without a contract operation (ignored): ${unused.join(', ')}`);
  for (const op of ops) {
    app.route({
      method: op.method,
      url: op.url,
      schema: op.schema,
      config: { operationId: op.operationId },
      ...(op.bearer ? { onRequest: opts.authenticate } : {}),
      handler: opts.handlers[op.operationId],
    });
  }
  return ops;
}
