import { useActorRef } from '@xstate/react';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { navCountsMachine } from '../../machines/nav-counts/nav-counts.machine';
import { selectTeam } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { useInspect } from '../app/inspect';

export type NavCountsRef = ActorRefFrom<typeof navCountsMachine>;

const NavCounts = createContext<NavCountsRef | null>(null);

/** Starts the navigation totals of the selected team for the default layout and its screens. */
export function NavCountsProvider({ children }: { children: ReactNode }) {
  const teamId = SessionContext.useSelector((s) => selectTeam(s)?.id ?? null);
  const inspect = useInspect();
  const counts = useActorRef(navCountsMachine, { inspect, input: { teamId } });
  useEffect(() => counts.send({ type: 'counts.team', teamId }), [counts, teamId]);
  return <NavCounts.Provider value={counts}>{children}</NavCounts.Provider>;
}

/** The navigation totals actor (`counts.refresh` re-fetches them). */
export function useNavCounts(): NavCountsRef {
  const counts = useContext(NavCounts);
  if (!counts) throw new Error('useNavCounts needs the NavCountsProvider of the default layout');
  return counts;
}
