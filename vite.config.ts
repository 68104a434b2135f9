import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server `npm run dev` proxies to: the reference server's default port. */
const API_TARGET = process.env.TOURDESK_API_URL ?? 'http://localhost:3000';

/**
 * NODE_ENV as the command was started with. `vite build` sets NODE_ENV=production before it loads
 * this file, so process.env cannot tell a demo `npm start` from a production one; the process's
 * initial environment can (Linux). Elsewhere: Vite's value.
 */
function startedNodeEnv(): string | undefined {
  try {
    const entry = readFileSync('/proc/self/environ', 'utf8')
      .split('\0')
      .find((e) => e.startsWith('NODE_ENV='));
    return entry?.slice('NODE_ENV='.length);
  } catch {
    return process.env.NODE_ENV;
  }
}

const env = (name: string) => process.env[name]?.trim() || '';
/** The server's mode (server/config.ts): production only with NODE_ENV=production. */
const mode = startedNodeEnv() === 'production' ? 'production' : 'demo';
const publicOrigin = (env('PUBLIC_ORIGIN') || `http://localhost:${env('PORT') || 3000}`).replace(/\/+$/, '');
const externalIssuer = env('OIDC_ISSUER') !== '' && env('OIDC_ISSUER') !== `${publicOrigin}/oidc`;

/**
 * What the app learns of the server's settings, baked in when `npm start` builds: named values
 * only (no env prefix), so OIDC_CLIENT_SECRET can never land in the bundle. With a client secret
 * the app exchanges its code through the server's token proxy (server/auth/token-proxy.ts).
 */
const baked = {
  TOURDESK_MODE: mode,
  OIDC_ISSUER: env('OIDC_ISSUER'),
  OIDC_CLIENT_ID: env('OIDC_CLIENT_ID'),
  OIDC_TOKEN_PROXY: externalIssuer && env('OIDC_CLIENT_SECRET') !== '' ? '1' : '',
};

export default defineConfig({
  plugins: [react()],
  define: Object.fromEntries(Object.entries(baked).map(([k, v]) => [`import.meta.env.${k}`, JSON.stringify(v)])),
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // the app calls its own origin; in development that is this server, which forwards
      '/api': { target: API_TARGET },
      '/oidc': { target: API_TARGET },
      '/auth/token': { target: API_TARGET },
    },
  },
  build: {
    manifest: true,
    // no inline scripts or styles from the build (strict CSP: script-src 'self')
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // the entry (React, Chakra, XState, router) is one ~590 KB chunk, 185 KB gzip: measured by bench:bundle
    chunkSizeWarningLimit: 700,
  },
});
