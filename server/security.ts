import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { isEmbeddedIssuer, type Config } from './config';

type HeaderConfig = Pick<Config, 'publicOrigin' | 'oidcIssuer' | 'devOrigin'>;

function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * Headers every response carries: API, static files, the identity provider's pages and 404s.
 * No inline script anywhere; inline styles are allowed because the UI library injects them.
 */
export function securityHeaders(config: HeaderConfig): Record<string, string> {
  const external = isEmbeddedIssuer(config) ? [] : [originOf(config.oidcIssuer)];
  // Form posts of the sign-in page end in a redirect to the app (possibly the dev server), so they count too.
  const formTargets = ["'self'", ...external, ...(config.devOrigin ? [config.devOrigin] : [])];
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // advertisement images may be any https image (the ads list, the interstitial's preview)
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ['connect-src', "'self'", ...external].join(' '),
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    ['form-action', ...formTargets].join(' '),
  ].join('; ');
  const headers: Record<string, string> = {
    'X-Robots-Tag': 'noindex, nofollow',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
  };
  if (config.publicOrigin.startsWith('https:')) {
    headers['Strict-Transport-Security'] = 'max-age=15552000; includeSubDomains';
  }
  return headers;
}

/** Adds the headers through Fastify's onSend hook (every reply that Fastify itself sends). */
export function registerSecurityHeaders(app: FastifyInstance, config: HeaderConfig): void {
  const headers = Object.entries(securityHeaders(config));
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [name, value] of headers) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}

/**
 * For hijacked replies (the identity provider writes to the raw response itself): sets the headers
 * now, and again just before the head is written in case the handler cleared them on an error.
 */
export function applySecurityHeadersRaw(res: ServerResponse, config: HeaderConfig): void {
  const headers = Object.entries(securityHeaders(config));
  const apply = () => {
    for (const [name, value] of headers) {
      if (!res.hasHeader(name)) res.setHeader(name, value);
    }
  };
  apply();
  const writeHead = res.writeHead;
  res.writeHead = function patchedWriteHead(this: ServerResponse, ...args: unknown[]) {
    if (!res.headersSent) apply();
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}
