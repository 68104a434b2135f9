import { ChakraProvider } from '@chakra-ui/react';
import { configure, render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { appMachine } from '../../src/machines/app/app.machine';
import { AppContext, SessionContext } from '../../src/ui/app/actors';
import { rootRoute } from '../../src/ui/router';
import { system } from '../../src/ui/theme/system';
import { fakeSession, type EffectSpies, type SessionFakes } from '../machines/session-fakes';

// Lazy routes transform and load their modules on first use: allow for a busy machine.
configure({ asyncUtilTimeout: 10_000 });

/** Renders routes the way the app does: Chakra system, app-wide actors (with fakes), a router. */
export function renderRoutes(routes: RouteObject[], url: string, fakes: SessionFakes = {}, spies?: EffectSpies) {
  const { logic, spies: effects } = fakeSession(fakes, spies);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const appLogic = appMachine.provide({ actions: { reloadPage: () => undefined, leaveApp: () => undefined } });
  const Providers = ({ children }: { children: ReactNode }) => (
    <ChakraProvider value={system}>
      <SessionContext.Provider logic={logic}>
        <AppContext.Provider logic={appLogic} options={{ input: { lastChunkReloadAt: null, now: 0 } }}>
          {children}
        </AppContext.Provider>
      </SessionContext.Provider>
    </ChakraProvider>
  );
  const view = render(<RouterProvider router={router} />, { wrapper: Providers });
  return { ...view, router, spies: effects };
}

/** The whole app's routing (root loader with the guards) at `url`, over faked services. */
export function renderApp(url: string, fakes: SessionFakes = {}) {
  const holder: { router?: ReturnType<typeof createMemoryRouter> } = {};
  function Host() {
    const session = SessionContext.useActorRef();
    const app = AppContext.useActorRef();
    const [router] = useState(() => createMemoryRouter([rootRoute({ session, app })], { initialEntries: [url] }));
    holder.router = router;
    return <RouterProvider router={router} />;
  }
  const { logic, spies } = fakeSession(fakes);
  const appLogic = appMachine.provide({ actions: { reloadPage: () => undefined, leaveApp: () => undefined } });
  const view = render(
    <ChakraProvider value={system}>
      <SessionContext.Provider logic={logic}>
        <AppContext.Provider logic={appLogic} options={{ input: { lastChunkReloadAt: null, now: 0 } }}>
          <Host />
        </AppContext.Provider>
      </SessionContext.Provider>
    </ChakraProvider>,
  );
  return { ...view, spies, location: () => holder.router?.state.location };
}
