import { fileURLToPath } from 'node:url';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { recordRefusal } from '../channel/refusals';
import { registerContractRoutes } from '../openapi-routes';
import { authenticateChannel } from './auth';
import { OctoError } from './errors';
import { octoHandlers } from './handlers';
import { capabilitiesOf, octoRouteHandler } from './operation';

export const OCTO_CONTRACT_PATH = fileURLToPath(new URL('../../openapi/octo.yaml', import.meta.url));

/** The booking writes whose refusals an operator sees in the inbox. */
const BOOKING_WRITES = new Set(['octoReserveBooking', 'octoConfirmBooking', 'octoUpdateBooking', 'octoCancelBooking']);

/**
 * A booking write the contract refused before its handler ran (a malformed uuid, no unitItems):
 * the inbox keeps it like any other refusal of a known key's team.
 */
async function recordInvalidWrite(req: FastifyRequest, err: OctoError): Promise<void> {
  const operationId = (req.routeOptions.config as { operationId?: string } | undefined)?.operationId;
  if (!req.channel || !operationId || !BOOKING_WRITES.has(operationId)) return;
  const params = req.params as { uuid?: string } | undefined;
  const body = (req.body ?? {}) as { resellerReference?: unknown };
  await recordRefusal(req.server.db, req.channel, err, {
    bookingUuid: params?.uuid ?? null,
    reference: typeof body.resellerReference === 'string' ? body.resellerReference : null,
    body: req.body ?? {},
  });
}

/** Every error under /octo as OCTO writes it: `{ error, errorMessage }`, never `{ error, message }`. */
async function octoErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  reply.header('Octo-Capabilities', [...capabilitiesOf(req.headers['octo-capabilities'])].join(', '));
  let octo: OctoError;
  if (err instanceof OctoError) octo = err;
  else if ((err as FastifyError).validation) {
    octo = new OctoError('BAD_REQUEST', err.message);
    await recordInvalidWrite(req, octo);
  } else if (err instanceof HttpError && err.status < 500) {
    const code = err.status === 401 ? 'UNAUTHORIZED' : err.status === 403 ? 'FORBIDDEN' : 'BAD_REQUEST';
    octo = new OctoError(code, err.message);
  } else {
    const status = (err as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) octo = new OctoError('BAD_REQUEST', err.message);
    else {
      req.log.error({ err }, 'OCTO request failed');
      octo = new OctoError('INTERNAL_SERVER_ERROR', 'There was an un-recoverable error, please try again');
    }
  }
  return reply.status(octo.status).type('application/json; charset=utf-8').send(octo.body);
}

/** Mounts the OCTO supplier API (openapi/octo.yaml) under /octo, in its own error context. */
export async function registerOcto(app: FastifyInstance): Promise<void> {
  await app.register(async (octo) => {
    octo.setErrorHandler(octoErrorHandler);
    registerContractRoutes(octo, {
      handlers: Object.fromEntries(
        Object.entries(octoHandlers).map(([id, handler]) => [id, octoRouteHandler(handler as never)]),
      ),
      authenticate: authenticateChannel,
      contractPath: OCTO_CONTRACT_PATH,
    });
  });
}
