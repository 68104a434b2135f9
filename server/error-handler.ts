import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { isDatabaseUnavailable } from './db/unavailable';
import { HttpError } from './http/errors';

/** Every error leaves the server as `{ error, message }`; a client's mistake is never a 500. */

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
};

/** The contract's error code for an HTTP status of a client's mistake. */
export const errorCodeOf = (status: number): string => CODES[status] ?? 'BAD_REQUEST';

const CONTEXT_NAMES: Record<string, string> = { querystring: 'query', params: 'path', body: 'body', headers: 'header' };

function fieldPath(context: string, instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  let path = CONTEXT_NAMES[context] ?? context;
  for (const part of parts) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(key) ? `[${key}]` : `.${key}`;
  }
  return path;
}

/** Turns the validator's first error into a message that names the field, e.g. "query.limit must be <= 200". */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], context: string): Error {
  const first = errors[0];
  const params = (first?.params ?? {}) as Record<string, unknown>;
  let message: string;
  switch (first?.keyword) {
    case 'required':
      message = `${fieldPath(context, first.instancePath, String(params.missingProperty))} is required`;
      break;
    case 'additionalProperties':
      message = `${fieldPath(context, first.instancePath, String(params.additionalProperty))} is not allowed`;
      break;
    case 'enum':
      message = `${fieldPath(context, first.instancePath)} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
      break;
    default:
      message = first ? `${fieldPath(context, first.instancePath)} ${first.message}` : `Invalid ${context}`;
  }
  const err = new Error(message) as Error & { statusCode: number; validation: unknown; validationContext: string };
  err.statusCode = 400;
  err.validation = errors;
  err.validationContext = context;
  return err;
}

interface PgLikeError {
  code?: unknown;
  severity?: unknown;
}

/** PostgreSQL errors that only a bad input value causes (invalid text, out of range...). */
function databaseClientError(err: PgLikeError): HttpError | null {
  if (typeof err.code !== 'string' || typeof err.severity !== 'string') return null;
  if (err.code.startsWith('22')) return new HttpError(400, 'BAD_REQUEST', 'A value in the request is not valid');
  if (err.code === '23505') return new HttpError(409, 'CONFLICT', 'This already exists');
  return null;
}

function send(reply: FastifyReply, status: number, error: string, message: string, details = {}) {
  // error and message first, and never replaced by a detail
  const body = Object.assign({ error, message }, details, { error, message });
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export function errorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) {
    if (err.status === 401) reply.header('WWW-Authenticate', 'Bearer');
    reply.headers(err.headers);
    return send(reply, err.status, err.error, err.message, err.details);
  }
  const fastifyErr = err as FastifyError;
  if (fastifyErr.validation) return send(reply, 400, 'BAD_REQUEST', err.message);
  const status = fastifyErr.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = status === 413 ? 'Request body is too large' : err.message;
    return send(reply, status, errorCodeOf(status), message);
  }
  const dbError = databaseClientError(err as PgLikeError);
  if (dbError) {
    req.log.warn({ err }, 'database rejected a request value');
    return send(reply, dbError.status, dbError.error, dbError.message);
  }
  if (isDatabaseUnavailable(err)) {
    req.log.warn({ err }, 'database unavailable');
    reply.header('Retry-After', '1');
    return send(reply, 503, 'UNAVAILABLE', 'The database is not answering right now; try again shortly');
  }
  req.log.error({ err }, 'request failed');
  return send(reply, 500, 'INTERNAL', 'Internal server error');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler);
}

/**
 * Errors the router raises before a route is found (a malformed escape in the path, a parameter
 * over its length) reach Fastify's `frameworkErrors` option, whose reply skips the onSend hooks:
 * the security headers are set here, the body comes from the same error handler.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) =>
    errorHandler(err, req, reply.headers(headers));
}

/** JSON 404 for unknown API and identity paths. */
export function apiNotFound(req: FastifyRequest, reply: FastifyReply) {
  const path = req.url.split('?')[0];
  return send(reply, 404, 'NOT_FOUND', `No route ${req.method} ${path}`);
}
