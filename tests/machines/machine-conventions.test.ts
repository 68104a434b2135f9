import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import rule from '../../eslint-rules/xstate-setup.js';

/** DESIGN.md's machine conventions, checked over every machine in src/machines and by the local lint rule. */
const MACHINES_DIR = join(import.meta.dirname, '../../src/machines');
/** Every `*.machine.ts` under src/machines, at any depth, as a path relative to it (`list/list.machine.ts`). */
const machineFiles = (readdirSync(MACHINES_DIR, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.machine.ts'))
  .map((f) => f.split('\\').join('/'));
const camelName = (file: string) =>
  basename(file)
    .replace('.machine.ts', '')
    .replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const modules = import.meta.glob<Record<string, unknown>>('../../src/machines/**/*.machine.ts', { eager: true });
const machines: Record<string, AnyStateMachine> = Object.fromEntries(
  Object.entries(modules).flatMap(([path, mod]) => {
    const file = path.replace('../../src/machines/', '');
    const machine = mod[`${camelName(file)}Machine`];
    return machine ? [[file, machine as AnyStateMachine]] : [];
  }),
);

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(stateNodes)];
}

describe('machine files', () => {
  it('are all covered here', () => {
    expect(machineFiles.sort()).toEqual(Object.keys(machines).sort());
  });

  it.each(machineFiles)('%s exports <camelName>Machine, uses setup() and stays under 300 lines', (file) => {
    // one folder per machine: `<name>/<name>.machine.ts`
    expect(file).toBe(`${basename(file, '.machine.ts')}/${basename(file)}`);
    const source = readFileSync(join(MACHINES_DIR, file), 'utf8');
    const camel = camelName(file);
    expect(source).toMatch(new RegExp(`export const ${camel}Machine = setup\\(`));
    expect(source.split('\n').length).toBeLessThan(300);
    expect(source).not.toMatch(/from ['"](react|@chakra-ui\/react|@xstate\/react)['"]/);
  });

  it.each(Object.entries(machines))('%s: every invoke has an explicit id and an onError', (_, machine) => {
    for (const node of stateNodes(machine.root)) {
      const invokes = node.config.invoke ? [node.config.invoke].flat() : [];
      for (const invoke of invokes) {
        expect(invoke.id, `${node.id} invokes ${String(invoke.src)}`).toEqual(expect.any(String));
        if (node.type !== 'final') expect(invoke.onError, `${node.id} → ${invoke.id}`).toBeDefined();
      }
    }
  });

  it.each(Object.entries(machines))('%s: events are namespaced', (_, machine) => {
    for (const node of stateNodes(machine.root)) {
      for (const type of Object.keys(node.config.on ?? {})) expect(type).toMatch(/^[a-z]+\.[a-zA-Z.]+$/);
    }
  });
});

// RuleTester reports through the test runner's describe/it
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const head = "import { assign, emit, enqueueActions, fromPromise, not, raise, sendTo, setup } from 'xstate';\n";

tester.run('local/xstate-setup', rule, {
  valid: [
    head +
      `setup({
        actions: {
          save: assign({ n: 1 }),
          ping: sendTo('child', { type: 'ping' }),
          both: enqueueActions(({ enqueue }) => { enqueue.assign({ n: 2 }); enqueue.emit({ type: 'notify' }); }),
          log: ({ context }) => console.log(context),
        },
        guards: { ok: () => true },
        actors: { load: fromPromise(async () => 1) },
      }).createMachine({
        context: ({ input }) => ({ n: input }),
        entry: ['save', { type: 'log', params: ({ context }) => context }],
        invoke: { id: 'load', src: 'load', input: ({ context }) => context, onDone: { actions: 'save' }, onError: { actions: 'log' } },
        on: { 'a.b': { guard: not('ok'), actions: ['ping', 'both'] } },
        after: { wait: { target: '.x' } },
      });`,
    // outside setup: a factory that returns an action object is fine
    head + 'const notify = (message) => emit({ type: "notify", message });',
  ],
  invalid: [
    {
      code: head + "setup({}).createMachine({ entry: () => console.log('hi') });",
      errors: [{ messageId: 'inlineImplementation' }],
    },
    {
      code: head + 'setup({}).createMachine({ on: { "a.b": { actions: assign({ n: 1 }) } } });',
      errors: [{ messageId: 'inlineActionCreator' }],
    },
    {
      code: head + 'setup({}).createMachine({ on: { "a.b": { guard: ({ context }) => context.ok } } });',
      errors: [{ messageId: 'inlineImplementation' }],
    },
    {
      code: head + 'setup({}).createMachine({ invoke: { id: "x", src: fromPromise(async () => 1) } });',
      errors: [{ messageId: 'inlineActorLogic' }],
    },
    {
      code: head + 'setup({ actions: { bad: ({ context }) => { assign({ n: context.n + 1 }); } } }).createMachine({});',
      errors: [{ messageId: 'actionCreatorInFunction' }],
    },
    {
      code: head + 'setup({ actions: { bad: () => raise({ type: "x.y" }) } }).createMachine({});',
      errors: [{ messageId: 'actionCreatorInFunction' }],
    },
    {
      code: head + 'setup({}).createMachine({ on: { "a.b": { actions: () => sendTo("c", { type: "d" }) } } });',
      errors: [{ messageId: 'inlineImplementation' }, { messageId: 'actionCreatorInFunction' }],
    },
  ],
});
