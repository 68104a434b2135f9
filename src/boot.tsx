import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// through the app's chunk, so the page has no render-blocking stylesheet (its font is preloaded)
import './ui/theme/inter.css';
import { wantsInspector } from './domain/inspector';
import { appMachine, browserAppInput } from './machines/app/app.machine';
import { sessionMachine } from './machines/session/session.machine';
import { App } from './ui/app/app';
import { createNavigationBridge } from './ui/app/navigation';

/**
 * The composition root (loaded by main.tsx): provides the machines' browser effects (router
 * navigation, page reload, leaving the app), optionally the inspector, and
 * mounts the app. No StrictMode: its double effects would start the actors
 * twice and complete the one-time OIDC callback twice.
 */
async function inspector() {
  if (!wantsInspector(window.location.search, import.meta.env.VITE_INSPECT)) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

export async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element to mount into');

  const navigation = createNavigationBridge((to) => window.location.assign(to));
  const reloadPage = () => window.location.reload();
  const sessionLogic = sessionMachine.provide({
    actions: { navigate: (_, { to }) => navigation.navigate(to), reloadPage },
  });
  const appLogic = appMachine.provide({
    actions: { reloadPage, leaveApp: (_, { url }) => window.location.assign(url) },
  });

  const inspect = await inspector();
  const root = createRoot(container, {
    onUncaughtError: (error, info) => console.error('[tourdesk] uncaught error', error, info.componentStack),
  });
  // as a transition, React renders the first screen in slices of a few milliseconds and the browser
  // paints and answers input between them, instead of in one long task
  startTransition(() =>
    root.render(
      <App
        sessionLogic={sessionLogic}
        appLogic={appLogic}
        appInput={browserAppInput()}
        navigation={navigation}
        inspect={inspect}
      />,
    ),
  );
}
