import { createActor, fromPromise, type AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { allTransitions, flush, isSynthetic, recordingActor } from './onboarding-harness';
import type { Synthetic } from './shared-fakes';

/**
 * Model-based paths for a screen machine whose invokes have ids (the Members page, the invitation
 * screen): generated from the production machine with the invoked services' results as synthetic
 * events, the incoming event part of each node (so every transition ends a path of its own), then
 * replayed on a real actor whose services wait for their step, recording every transition taken.
 */
export interface Model<E extends { type: string }> {
  machine: AnyStateMachine;
  input: unknown;
  /** The events worth trying in a snapshot (a service's result only while it runs). */
  events: (snapshot: Snap) => (E | Synthetic)[];
  /** What of a snapshot matters (its value, and the context that the test checks). */
  key: (snapshot: Snap) => unknown;
  /** Actions the test replaces (the router, say). */
  actions?: Record<string, unknown>;
}

export type Snap = {
  value: unknown;
  context: Record<string, unknown>;
  children: Record<string, unknown>;
  status: string;
};
export type Path = { steps: { state: Snap; event: { type: string } }[]; state: Snap };

const eventKey = (e: { type: string } | undefined) =>
  e ? JSON.stringify(e, (k, v: unknown) => (k === 'output' || k === 'error' ? undefined : v)) : '';

export function modelPaths<E extends { type: string }>(model: Model<E>): Path[] {
  const key = (s: Snap) => JSON.stringify(model.key(s));
  return getShortestPaths(model.machine, {
    input: model.input as never,
    events: ((s: Snap) => model.events(s)) as never,
    serializeState: ((s: Snap, event: { type: string } | undefined) => `${key(s)} ← ${eventKey(event)}`) as never,
  }) as unknown as Path[];
}

/** Replays a path on a real actor; resolves with the transitions it took. */
export async function replay<E extends { type: string }>(
  model: Model<E>,
  path: Path,
  expectKey: (a: string, b: string, event: string) => void,
) {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const deferred = fromPromise<unknown, unknown>(
    ({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject })),
  );
  const logic = model.machine.provide({
    actors: Object.fromEntries(Object.keys(model.machine.implementations.actors).map((src) => [src, deferred])),
    ...(model.actions ? { actions: model.actions } : {}),
  } as never);
  const { actor, taken } = recordingActor(logic, { input: model.input });
  actor.start();
  const key = (s: Snap) => JSON.stringify(model.key(s));
  for (const step of path.steps.slice(1)) {
    const event = step.event as E | Synthetic;
    if (isSynthetic(event)) {
      const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)!;
      const waiting = pending.get(match[2]);
      if (!waiting) throw new Error(`${match[2]} is not running, cannot replay ${event.type}`);
      pending.delete(match[2]);
      if (match[1] === 'done') waiting.resolve((event as { output: unknown }).output);
      else waiting.reject((event as { error: unknown }).error);
    } else {
      actor.send(event as never);
    }
    await flush();
    expectKey(key(actor.getSnapshot() as unknown as Snap), key(step.state), event.type);
  }
  actor.stop();
  return taken;
}

export { allTransitions };

/** A fresh actor of the model's machine (its services never answer), for checks of one snapshot. */
export const idleActor = (model: Model<{ type: string }>) =>
  createActor(
    model.machine.provide({
      actors: Object.fromEntries(
        Object.keys(model.machine.implementations.actors).map((src) => [
          src,
          fromPromise(() => new Promise(() => undefined)),
        ]),
      ),
    } as never),
    { input: model.input as never },
  );
