import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server `npm run dev` proxies to: the reference server's default port. */
const API_TARGET = process.env.TOURDESK_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // the app signs in against the same issuer and client the server verifies tokens for
  envPrefix: ['VITE_', 'OIDC_'],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // the app calls its own origin; in development that is this server, which forwards
      '/api': { target: API_TARGET },
      '/oidc': { target: API_TARGET },
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
