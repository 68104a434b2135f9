import { sendSessionCheck } from './api/early-requests';
import { preloadFirstScreen } from './ui/route-chunks';

/**
 * The entry: small on purpose. It asks for the app (boot.tsx) and has the browser fetch the chunks
 * of the screen the tab opens on meanwhile (route-chunks.ts), instead of only once the app has been
 * fetched, compiled and started; the router's `lazy` routes then find them ready. The session's
 * check of its stored token goes out now too (early-requests.ts), not once the app has started.
 */
sendSessionCheck(window.location.pathname);
const app = import('./boot');
preloadFirstScreen(window.location.pathname);

app
  .then(({ start }) => start())
  .catch((error: unknown) => {
    console.error('[tourdesk] failed to mount', error);
    throw error;
  });
