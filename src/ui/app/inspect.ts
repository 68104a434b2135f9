import { createContext, useContext } from 'react';
import type { ActorOptions, AnyActorLogic } from 'xstate';

/**
 * The inspector (with `?inspect`) for the actors that screens create with `useActorRef`,
 * so lists, dialogs and forms step through the inspector like the app-wide actors.
 */
export type Inspect = ActorOptions<AnyActorLogic>['inspect'];

export const InspectContext = createContext<Inspect>(undefined);

export function useInspect(): Inspect {
  return useContext(InspectContext);
}
