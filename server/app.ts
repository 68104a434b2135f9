import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteHandlerMethod,
} from 'fastify';
import { authenticate } from './auth/hook';
import { createIdTokenVerifier } from './auth/id-token';
import { registerTokenProxy } from './auth/token-proxy';
import { isEmbeddedIssuer, type Config } from './config';
import type { Db } from './db/client';
import { registerBookingExpiry, type BookingExpiryOptions } from './channel/expiry';
import { registerEmailWorker, type AppEmailWorkerOptions } from './email/register';
import { apiNotFound, frameworkErrorHandler, registerErrorHandling, schemaErrorFormatter } from './error-handler';
import { clientErrorHandler } from './http/client-error';
import { registerLoopbackRedirect } from './http/loopback';
import { registerRequestLog, requestIdOf } from './http/request-log';
import { isApiPath } from './http/paths';
import { registerSiteFiles } from './http/site-files';
import { registerIdentity, type IdentityKeys } from './identity';
import { registerLive } from './live/register';
import { registerMetrics } from './metrics/register';
import { registerOcto } from './octo/register';
import { registerContractRoutes } from './openapi-routes';
import { sharedIdentityKeys } from './secrets';
import { registerSecurityHeaders, securityHeaders } from './security';
import './types';
import { contractValidatorCompiler } from './validation';

export interface BuildAppOptions {
  db: Db;
  config: Config;
  /** Mount the embedded identity provider at /oidc; default: when the configured issuer is the embedded one. */
  identity?: boolean;
  /** The built web app (dist/) to serve with SPA fallback; null or absent = API only. */
  staticDir?: string | null;
  /** Handlers by operationId; default: server/handlers/index.ts. */
  handlers?: Record<string, RouteHandlerMethod>;
  /** The contract; default: openapi/openapi.yaml. */
  contractPath?: string;
  /** Keys of the embedded identity provider; default: the ones shared in the database (server/secrets.ts). */
  identityKeys?: IdentityKeys;
  /** Fastify logger options; default: no logging. `stream`: where the JSON lines go (stdout). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Deliver queued e-mails from this process (true: with the defaults); default: off. */
  emailWorker?: boolean | AppEmailWorkerOptions;
  /** Mark expired channel holds EXPIRED from this process (true: every 15 s); default: off. */
  bookingExpiry?: boolean | BookingExpiryOptions;
}

export const BODY_LIMIT = 1024 * 1024;

async function defaultHandlers(): Promise<Record<string, RouteHandlerMethod>> {
  const { routeHandlers } = await import('./handlers/index');
  return routeHandlers();
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = opts;
  const headers = securityHeaders(config);
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.publicOrigin.startsWith('https:'),
    schemaErrorFormatter,
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
    genReqId: requestIdOf,
    requestIdHeader: false,
    // one access line per request instead of Fastify's two (registerRequestLog)
    logController: new LogController({ disableRequestLogging: true }),
    // OCTO's paths are written with and without a trailing slash (/products/)
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
  });

  app.setValidatorCompiler(contractValidatorCompiler());
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('emailWorker', null);
  if (opts.emailWorker) registerEmailWorker(app, opts.emailWorker === true ? {} : opts.emailWorker);
  if (opts.bookingExpiry) registerBookingExpiry(app, opts.bookingExpiry === true ? {} : opts.bookingExpiry);
  registerLive(app);
  app.decorateRequest('auth', null);
  app.decorateRequest('channel', null);

  registerSecurityHeaders(app, config);
  registerRequestLog(app);
  registerMetrics(app, db);
  registerErrorHandling(app);
  registerLoopbackRedirect(app, config.publicOrigin);

  const embedded = isEmbeddedIssuer(config);
  const mountIdentity = opts.identity ?? embedded;
  const keys = embedded || mountIdentity ? (opts.identityKeys ?? (await sharedIdentityKeys(db, config.dataDir))) : null;
  app.decorate('idTokens', createIdTokenVerifier(config, embedded ? (keys?.publicJwks ?? null) : null));
  if (mountIdentity && keys) await registerIdentity(app, { config, db, keys });
  registerTokenProxy(app, { db, config });

  registerContractRoutes(app, {
    handlers: opts.handlers ?? (await defaultHandlers()),
    authenticate,
    contractPath: opts.contractPath,
  });

  await registerOcto(app);

  registerSiteFiles(app);
  const spa = opts.staticDir ? await registerStatic(app, resolve(opts.staticDir)) : null;
  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url) || (req.method !== 'GET' && req.method !== 'HEAD')) return apiNotFound(req, reply);
    if (!spa) return apiNotFound(req, reply);
    return spa(req, reply);
  });

  return app;
}

/**
 * Serves the built app, compressed when the browser accepts it. Hashed files under /assets are
 * cached for a year, everything else is revalidated. Any other GET that is not a file gets
 * index.html (200): the app routes on its own and shows its own "Page not found". A missing /assets
 * file stays a 404 (a stale chunk must fail to load so the app can reload itself).
 */
async function registerStatic(app: FastifyInstance, root: string) {
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn(`${root}/index.html not found: the web app is not built (npm run build); serving the API only`);
    return (_req: FastifyRequest, reply: FastifyReply) =>
      reply.status(404).send({ error: 'NOT_FOUND', message: 'The web app is not built: run npm run build' });
  }
  const assets = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: 'index.html',
    // the build's .br/.gz copies (vite.config.ts), chosen by the request's Accept-Encoding
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url.startsWith('/assets/')) return apiNotFound(req, reply);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  };
}
