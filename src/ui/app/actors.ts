import { createActorContext } from '@xstate/react';
import { appMachine } from '../../machines/app/app.machine';
import { sessionMachine } from '../../machines/session/session.machine';

/** The app-wide actors, provided once at the root; screens read them with narrow selectors. */
export const SessionContext = createActorContext(sessionMachine);
export const AppContext = createActorContext(appMachine);
