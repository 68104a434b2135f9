import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the build, compressed once at
 * their best levels, for the server to send to browsers that accept them (@fastify/static's
 * preCompressed): the app's JavaScript is about a quarter of its size on the wire, with no work per
 * request.
 */
function precompress(): Plugin {
  return {
    name: 'tourdesk:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || file.startsWith('.vite/')) continue;
        const path = join(options.dir ?? 'dist', file);
        const body = readFileSync(path);
        if (body.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** The screens src/ui/route-chunks.ts fetches ahead for the path a tab opens on. */
const FIRST_SCREEN_MODULES = [
  'src/ui/layouts/auth-layout.tsx',
  'src/ui/pages/login-page.tsx',
  'src/ui/layouts/default-layout.tsx',
  'src/ui/pages/orders-page.tsx',
  'src/ui/pages/tours-page.tsx',
];

/**
 * Lists the app's chunk (src/boot.tsx, which the small entry imports dynamically) and everything it
 * imports in index.html as module preloads, so the browser fetches them while it parses the page
 * instead of once the entry has run; and, in a meta element, the chunks of each first screen beyond
 * those, for src/ui/route-chunks.ts to preload (fetched and compiled, run only when the router asks).
 */
function preloadApp(): Plugin {
  return {
    name: 'tourdesk:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((c) => c.type === 'chunk');
        const byModule = (path: string) => chunks.find((c) => c.facadeModuleId?.endsWith(`/${path}`));
        const closure = (file: string, into = new Set<string>()) => {
          if (into.has(file)) return into;
          into.add(file);
          for (const dep of chunks.find((c) => c.fileName === file)?.imports ?? []) closure(dep, into);
          return into;
        };
        const boot = byModule('src/boot.tsx');
        if (!boot) return [];
        // the entry is in the page already
        const entries = new Set(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const app = [...closure(boot.fileName)].filter((file) => !entries.has(file));
        const screens = Object.fromEntries(
          FIRST_SCREEN_MODULES.flatMap((path) => {
            const chunk = byModule(path);
            if (!chunk) return [];
            const files = [...closure(chunk.fileName)].filter((f) => !entries.has(f) && !app.includes(f));
            return [[path, files.map((f) => `/${f}`)]];
          }),
        );
        return [
          ...app.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          {
            tag: 'meta',
            attrs: { name: 'tourdesk-first-screens', content: JSON.stringify(screens) },
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

/** The UI kit's packages: Chakra and what it is built on. */
const UI_KIT_PACKAGES =
  /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@floating-ui|@pandacss|@emotion|stylis|proxy-compare|proxy-memoize)[\\/]/;
/** Its parts that only later screens and closed dialogs use (the calendar alone is ~85 KB). */
const LATER_PARTS =
  /menu|popper|@floating-ui|dismissable|interact-outside|rect-utils|date-picker|date-utils|@internationalized|focus-trap|aria-hidden|remove-scroll|[\\/]dialog[\\/]|toast|avatar|file-upload|charts|tabs|select|combobox|listbox|checkbox|switch|radio|slider|number-input|pin-input|tags|segment|steps|empty-state|progress|popover|tooltip|collapsible|accordion|field|fieldset|textarea|input/;

/**
 * The UI kit the shell and the first screens render, as one chunk: split by the bundler's own rule,
 * Chakra's components came as about forty files of a few hundred bytes each, which a cold first screen
 * fetched, compiled and linked one by one (bench:first-row: 1,237 -> 1,133 ms median, 21 runs in
 * turns, 17 of them faster; the orders screen needs 28 files instead of 56, 1,120 KB instead of
 * 1,192). Parts only a later screen or a closed dialog uses stay in chunks of their own, and so do the
 * menus, which the login page does not need (bench:bundle: 223 KB gzip, was 224).
 */
const UI_KIT = {
  name: 'ui-kit',
  test: (id: string) => UI_KIT_PACKAGES.test(id) && !LATER_PARTS.test(id),
};

export default defineConfig({
  plugins: [react(), precompress(), preloadApp()],
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
    rolldownOptions: { output: { codeSplitting: { groups: [UI_KIT] } } },
    // the largest chunks: the statistics screen with its charts (~465 KB), the UI kit (~340 KB); what the
    // login route loads is measured by bench:bundle
    chunkSizeWarningLimit: 700,
  },
});
