import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type AnyActorRef } from 'xstate';
import { detailMachines } from '../../src/machines/detail/kinds';
import { selectLeaveGuard } from '../../src/machines/detail/selectors';
import { selectAsking, selectHoldsDraft } from '../../src/machines/leave-guard/selectors';

/**
 * Issue 25 leftover 5: the panel's "still saving" guard is the app's one leave guard. While the
 * panel's edit history saves (tag `saving`), its guard holds the way out and asks; once saved, not.
 */
const edits = createMachine({
  initial: 'idle',
  states: { idle: { on: { write: 'saving' } }, saving: { tags: ['saving'], on: { written: 'idle' } } },
}) as never;

describe.each(['orders', 'tours'] as const)('the %s panel while an edit is saved', (kind) => {
  it('holds the way out, asks on the way out, and lets go once the edit is saved', () => {
    const panel = createActor(detailMachines[kind].provide({ actors: { orderEdits: edits, tourEdits: edits } }), {
      input: { kind, userId: 'u1', timezone: 'Asia/Tokyo', role: 'EDITOR' },
    }).start();
    const history = panel.getSnapshot().children.edits as AnyActorRef;
    const guard = () => selectLeaveGuard(panel.getSnapshot())!.getSnapshot();
    expect(selectHoldsDraft(guard())).toBe(false);
    history.send({ type: 'write' });
    expect(selectHoldsDraft(guard())).toBe(true);
    selectLeaveGuard(panel.getSnapshot())!.send({ type: 'leave.request' });
    expect(selectAsking(guard())).toBe(true);
    selectLeaveGuard(panel.getSnapshot())!.send({ type: 'leave.stay' });
    history.send({ type: 'written' });
    expect(selectHoldsDraft(guard())).toBe(false);
    expect(selectAsking(guard())).toBe(false);
    panel.stop();
  });
});
