import {
  createActor,
  fromPromise,
  type Actor,
  type AnyActorLogic,
  type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';

/**
 * Shared by the model-based tests of onboarding, global dialogs and OTA accounts: the synthetic
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events that xstate/graph walks with, a replay
 * harness whose invoked services wait until the test settles them, and the list of every
 * transition of a machine, to check that the replayed paths took each one.
 */
export { done, failed, type Synthetic } from './shared-fakes';
import type { Synthetic } from './shared-fakes';

export const isSynthetic = (event: { type: string }): event is Synthetic =>
  /^xstate\.(done|error)\.actor\./.test(event.type);

/** Actors that wait for the test: resolve or reject them by invoke id. */
export function deferredActors<Id extends string>(ids: readonly Id[]) {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const actors = Object.fromEntries(
    ids.map((id) => [id, fromPromise(() => new Promise((resolve, reject) => pending.set(id, { resolve, reject })))]),
  ) as Record<Id, ReturnType<typeof fromPromise<unknown>>>;
  function settle(event: Synthetic): void {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)!;
    const waiting = pending.get(match[2]);
    if (!waiting) throw new Error(`${match[2]} is not running, cannot replay ${event.type}`);
    pending.delete(match[2]);
    if (match[1] === 'done') waiting.resolve((event as { output: unknown }).output);
    else waiting.reject((event as { error: unknown }).error);
  }
  return { actors, settle, running: () => [...pending.keys()] };
}

export const flush = () => new Promise((r) => setTimeout(r, 0));

const transitionKey = (t: AnyTransitionDefinition, index: number) =>
  `${t.source.id} --${t.eventType}[${index}]--> ${(t.target ?? []).map((n) => n.id).join(',') || '(self)'}`;

function nodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(nodes)];
}

/** Every transition of the machine, guarded branches counted one by one. */
export function allTransitions(root: AnyStateNode): string[] {
  return nodes(root).flatMap((node) => [
    ...[...node.transitions.values()].flatMap((list) => list.map(transitionKey)),
    ...(node.always ?? []).map(transitionKey),
  ]);
}

/** Starts `logic` and records each transition it takes (from the inspector's microsteps). */
export function recordingActor<L extends AnyActorLogic>(logic: L, options: { input?: unknown } = {}) {
  const taken = new Set<string>();
  let actor: Actor<L> | undefined = undefined;
  actor = createActor(logic as AnyActorLogic, {
    input: options.input,
    inspect: (event) => {
      if (event.type !== '@xstate.microstep' || (actor && event.actorRef !== actor)) return;
      for (const t of (event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
        const siblings = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
        taken.add(transitionKey(t, siblings.indexOf(t)));
      }
    },
  }) as Actor<L>;
  return { actor: actor as Actor<L>, taken };
}

/** The active leaf states, e.g. `timezone.open`, `ota.waiting` for a parallel machine. */
export function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, `${prefix}${k}.`));
}

/** Leaf states where a machine can rest (excluded: transient states, whose `always` has an unguarded way out). */
export function restingStates(node: AnyStateNode): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return node.always?.some((t) => !t.guard) ? [] : [node.path.join('.')];
  return children.flatMap(restingStates);
}

const actorIdOf = (event: Synthetic) => event.type.replace(/^xstate\.(done|error)\.actor\./, '');

/**
 * The events worth trying in a snapshot: a synthetic result only while its invoke is running, any
 * other event only when some transition takes it. Without this, ignored events would make new
 * graph nodes once the incoming event is part of the node's key.
 */
export function enabledEvents<E extends { type: string }>(events: readonly (E | Synthetic)[]) {
  return (s: { children: Record<string, unknown>; can: (e: never) => boolean }) =>
    events.filter((e) => (isSynthetic(e) ? s.children[actorIdOf(e)] !== undefined : s.can(e as never))) as E[];
}
