import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyStateMachine, type AnyStateNode } from 'xstate';
import {
  browserPaths,
  coverPaths,
  definedTransitions,
  replayLogic,
  sessionSpy,
  settingsModels,
  stateKey,
  takenTransitions,
  type ModelEvent,
  type ModelPath,
  type SettingsModel,
} from './settings-paths';

/**
 * Model-based: paths generated from the production settings machines reach every state and take
 * every transition (failures included); each path then replays on a real actor whose services
 * resolve or fail exactly when the path says.
 */
const { ref: session } = sessionSpy();
const models = settingsModels(session);

/** Leaf states where a machine can rest (transient `always` states excluded). */
function restingStates(node: AnyStateNode): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return node.always ? [] : [node.path.join('.')];
  return children.flatMap(restingStates);
}

function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, `${prefix}${k}.`));
}

const byMachine = new Map<AnyStateMachine, { model: SettingsModel; paths: ModelPath[] }[]>();
for (const model of models) {
  const entry = { model, paths: coverPaths(model) };
  byMachine.set(model.machine, [...(byMachine.get(model.machine) ?? []), entry]);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe.each([...byMachine.values()].map((entries) => [entries[0].model.machine.id, entries] as const))(
  '%s model',
  (_, entries) => {
    const machine = entries[0].model.machine;

    it('reaches every state', () => {
      const reached = new Set(entries.flatMap(({ paths }) => paths.flatMap((p) => leaves(p.state.value))));
      expect([...reached].sort()).toEqual(restingStates(machine.root).sort());
    });

    it('takes every transition', () => {
      const taken = new Set(
        entries.flatMap(({ model, paths }) =>
          paths.flatMap((p) =>
            p.steps.slice(1).flatMap((step, i) => takenTransitions(model.machine, p.steps[i].state, step.event)),
          ),
        ),
      );
      expect([...taken].sort()).toEqual([...new Set(definedTransitions(machine))].sort());
    });
  },
);

describe.each(models.map((model) => [model.name, model] as const))('%s, the browser subset', (_, model) => {
  it('reaches the same states and takes the same transitions with fewer paths', () => {
    const cover = (paths: ModelPath[]) =>
      new Set(
        paths.flatMap((p) =>
          p.steps.flatMap((step, i) => [
            JSON.stringify(step.state.value),
            ...(i === 0 ? [] : takenTransitions(model.machine, p.steps[i - 1].state, step.event)),
          ]),
        ),
      );
    const all = coverPaths(model);
    const subset = browserPaths(model);
    expect(cover(subset)).toEqual(cover(all));
    expect(subset.length).toBeLessThanOrEqual(all.length);
  });
});

const describePath = (p: ModelPath) =>
  p.steps
    .slice(1)
    .map((s) => s.event.type.replace('xstate.', '') + ('name' in s.event ? `(${JSON.stringify(s.event.name)})` : ''))
    .join(' → ') || 'initial';

describe.each(models.map((model) => [model.name, model] as const))('%s paths', (_, model) => {
  const paths = coverPaths(model);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s replays on a real actor', async (_, path) => {
    const { logic, pending } = replayLogic(model);
    const actor = createActor(logic, { input: model.input as never }).start();
    const flush = () => new Promise((r) => setTimeout(r, 0));
    for (const step of path.steps.slice(1)) {
      const event = step.event as ModelEvent;
      const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (match) {
        const waiting = pending.get(match[2]);
        expect(waiting, `${match[2]} is running`).toBeDefined();
        pending.delete(match[2]);
        if (match[1] === 'done') waiting?.resolve((event as { output: unknown }).output);
        else waiting?.reject((event as { error: unknown }).error);
      } else {
        actor.send(event as never);
      }
      await flush();
      expect(stateKey(model, actor.getSnapshot()), event.type).toBe(stateKey(model, step.state));
    }
    actor.stop();
  });
});
