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
  const settled = await waitFor(session, (s) => selectAccess(s).status !== 'pending', signal ? { signal } : undefined);
  // The session may have settled by leaving on its own (a 401 sends it to the login page with the
  // signed-out notice), through a navigation queued in a microtask: let it start first, so that it
  // supersedes this one rather than this guard's plain redirect superseding it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const decision = decide(selectAccess(settled));
  // a settled session never asks to wait; treat a surprise as "allow" rather than hang
  return decision.kind === 'wait' ? { kind: 'allow' } : decision;
}
