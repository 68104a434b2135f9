import { createEmptyActor, type AnyStateMachine } from 'xstate';

/**
 * The production machine as xstate/graph walks it when it reports to a parent (`sendParent`):
 * the graph runs it with no parent, where a report throws. Here each step runs with a parent that
 * drops what it is sent (the graph executes no action anyway); states and transitions are the
 * machine's own. Replays still run the real machine under `underParent`, where reports are checked.
 */
export function graphUnderParent<TLogic extends AnyStateMachine>(logic: TLogic): TLogic {
  const parent = createEmptyActor();
  type Scope = Parameters<AnyStateMachine['transition']>[2];
  const withParent = (scope: Scope): Scope => ({
    ...scope,
    self: Object.assign(Object.create(scope.self) as Scope['self'], { _parent: parent }),
  });
  const machine: AnyStateMachine = logic;
  return Object.assign(Object.create(logic) as TLogic, {
    transition: (...[snapshot, event, scope]: Parameters<AnyStateMachine['transition']>) =>
      machine.transition(snapshot, event, withParent(scope)),
    getInitialSnapshot: (...[scope, input]: Parameters<AnyStateMachine['getInitialSnapshot']>) =>
      machine.getInitialSnapshot(withParent(scope), input),
  });
}
