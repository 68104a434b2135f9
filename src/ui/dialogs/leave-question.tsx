import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { holdsNavigation } from '../../domain/leave-rules';
import { useWarnBeforeUnload } from '../app/warn-before-unload';
import { selectAsking, selectHoldsDraft, type LeaveGuardActorRef } from '../../machines/leave-guard/selectors';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The way out of a screen with a draft, as its leave guard decides: while the guard says work is
 * unsaved, a navigation to another page is held and reported to it, closing the tab asks the
 * browser's own question, and the guard's question is shown: stay (the navigation is dropped) or
 * leave (the draft is discarded and the navigation goes on). `what` names the draft in the question;
 * `message`, when given, is the whole question instead (a screen with several kinds of draft).
 */
export function LeaveQuestion({
  guard,
  what,
  message,
}: {
  guard: LeaveGuardActorRef | undefined;
  what: string;
  message?: string;
}) {
  const holds = useSelector(guard, selectHoldsDraft);
  const asking = useSelector(guard, selectAsking);
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    holdsNavigation(holds, currentLocation.pathname, nextLocation.pathname),
  );
  const blocked = blocker.state === 'blocked';
  // the router is not an actor: its held navigation becomes the guard's event
  useEffect(() => {
    if (blocked) guard?.send({ type: 'leave.request', route: true });
  }, [blocked, guard]);
  useWarnBeforeUnload(holds);
  if (!asking || !guard) return null;
  return (
    <ConfirmDialog
      testId="leave-question"
      title="Leave without saving?"
      confirmLabel="Leave and discard"
      cancelLabel="Stay"
      onConfirm={() => {
        guard.send({ type: 'leave.discard' });
        if (blocker.state === 'blocked') blocker.proceed();
      }}
      onCancel={() => {
        guard.send({ type: 'leave.stay' });
        if (blocker.state === 'blocked') blocker.reset();
      }}
    >
      {message ?? `${what} has changes that are not saved. Stay to keep editing, or leave and lose them.`}
    </ConfirmDialog>
  );
}
