import { fromCallback, type AnyActorRef, type EventObject } from 'xstate';
import type { LeaveGuardEvent } from '../leave-guard/leave-guard.machine';

/**
 * The panel's edits being saved hold the way out: this child of the panel follows its edit history
 * (`edits`, tag `saving`) and tells the panel's leave guard (`leaveGuard`), which asks the one leave
 * question of the app when the operator leaves meanwhile. Both are the panel's children, spawned first.
 */
export const savingWatch = fromCallback<EventObject, { panel: AnyActorRef }>(({ input }) => {
  const children = input.panel.getSnapshot().children as Record<string, AnyActorRef | undefined>;
  const { edits, leaveGuard } = children;
  if (!edits || !leaveGuard) return;
  let saving = false;
  const subscription = edits.subscribe((snapshot: { hasTag: (tag: string) => boolean }) => {
    if (snapshot.hasTag('saving') === saving) return;
    saving = !saving;
    leaveGuard.send({ type: 'leave.unsaved', unsaved: saving } satisfies LeaveGuardEvent);
  });
  return () => subscription.unsubscribe();
});
