import { waitFor } from 'xstate';
import type { Access, RouteDecision } from '../../domain/route-guards';
import { decideRoute } from '../../domain/route-guards';
import { selectAccess, type SessionActorRef } from './selectors';

export type SettledDecision = Exclude<RouteDecision, { kind: 'wait' }>;

/**
 * The route guards applied to the live session: waits while the session is
 * still settling (restoring the token, loading the user), then decides.
 */
export async function decideRouteFor(
  session: SessionActorRef,
  pathname: string,
  signal?: AbortSignal,
): Promise<SettledDecision> {
  const decide = (access: Access) => decideRoute(pathname, access);
  const first = decide(selectAccess(session.getSnapshot()));
  if (first.kind !== 'wait') return first;
  // A session that settles by leaving on its own (a 401) navigates too; this guard's redirect goes
  // to the same place (the access says so), so whichever of the two lands last, the page is the same.
  const settled = await waitFor(session, (s) => selectAccess(s).status !== 'pending', signal ? { signal } : undefined);
  const decision = decide(selectAccess(settled));
  // a settled session never asks to wait; treat a surprise as "allow" rather than hang
  return decision.kind === 'wait' ? { kind: 'allow' } : decision;
}
