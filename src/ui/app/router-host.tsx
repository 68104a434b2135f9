import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from '../router';
import { AppContext, SessionContext } from './actors';
import type { NavigationBridge } from './navigation';

/**
 * Creates the router once the actors exist (its loaders read the session) and
 * lends it to the session's `navigate` action.
 */
export function RouterHost({ navigation }: { navigation: NavigationBridge }) {
  const session = SessionContext.useActorRef();
  const app = AppContext.useActorRef();
  const [router] = useState(() => createAppRouter({ session, app }));

  useEffect(() => navigation.attach(router), [navigation, router]);

  useEffect(() => () => router.dispose(), [router]);

  return <RouterProvider router={router} />;
}
