import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from '../router';
import { AppContext, SessionContext } from './actors';
import type { NavigationBridge } from './navigation';

/**
 * Creates the router once the actors exist (its loaders read the session),
 * lends it to the session's `navigate` action and tells the app actor about
 * every completed navigation (`route.changed`).
 */
export function RouterHost({ navigation }: { navigation: NavigationBridge }) {
  const session = SessionContext.useActorRef();
  const app = AppContext.useActorRef();
  const [router] = useState(() => createAppRouter({ session, app }));

  useEffect(() => navigation.attach(router), [navigation, router]);

  useEffect(() => {
    let lastKey = router.state.location.key;
    app.send({ type: 'route.changed', pathname: router.state.location.pathname });
    return router.subscribe((state) => {
      if (state.location.key === lastKey) return;
      lastKey = state.location.key;
      app.send({ type: 'route.changed', pathname: state.location.pathname });
    });
  }, [router, app]);

  useEffect(() => () => router.dispose(), [router]);

  return <RouterProvider router={router} />;
}
