import { preloadFirstScreen } from './ui/route-chunks';

/**
 * The entry: small on purpose. It asks for the app (boot.tsx) and has the browser fetch the chunks
 * of the screen the tab opens on meanwhile (route-chunks.ts), instead of only once the app has been
 * fetched, compiled and started; the router's `lazy` routes then find them ready.
 */
const app = import('./boot');
preloadFirstScreen(window.location.pathname);

app
  .then(({ start }) => start())
  .catch((error: unknown) => {
    console.error('[tourdesk] failed to mount', error);
    throw error;
  });
