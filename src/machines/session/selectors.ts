import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Access } from '../../domain/route-guards';
import { findTeam, type SessionUser, type TeamSummary } from '../../domain/session-rules';
import type { liveMachine } from '../live/live.machine';
import type { navCountsMachine } from '../nav-counts/nav-counts.machine';
import type { sessionMachine } from './session.machine';

/** Narrow reads of the session for views and the router (use with `useSelector`). */
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

export const selectUser = (s: SessionSnapshot): SessionUser | null => s.context.user;
export const selectTeams = (s: SessionSnapshot): TeamSummary[] => s.context.user?.teams ?? [];
export const selectTeam = (s: SessionSnapshot): TeamSummary | null => findTeam(s.context.user, s.context.teamId);
export const selectError = (s: SessionSnapshot): string | null => s.context.error;
export const selectIsBusy = (s: SessionSnapshot): boolean => s.hasTag('busy');
/** An ADMIN of the Tech Team (XX): the check-admin guard and the navigation ask this, whatever the team. */
export const selectIsPlatformAdmin = (s: SessionSnapshot): boolean => s.context.user?.isPlatformAdmin === true;
export const selectCanLogin = (s: SessionSnapshot): boolean => s.can({ type: 'session.login' });

/** What the route guards need to know. */
export function selectAccess(s: SessionSnapshot): Access {
  if (s.hasTag('pending')) return { status: 'pending' };
  if (s.matches({ active: 'ready' })) return { status: 'member', platformAdmin: selectIsPlatformAdmin(s) };
  if (s.matches({ active: 'teamless' })) return { status: 'teamless' };
  return s.context.unauthorized ? { status: 'anonymous', signedOut: true } : { status: 'anonymous' };
}
/** The live stream of the selected team (while a team is selected). */
export const selectLive = (s: SessionSnapshot) => s.children.live as ActorRefFrom<typeof liveMachine> | undefined;
/** The navigation totals of the selected team (while a team is selected). */
export const selectNavCounts = (s: SessionSnapshot) =>
  s.children.navCounts as ActorRefFrom<typeof navCountsMachine> | undefined;
