import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, type AnyActorRef } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { MailVariables } from '../../src/api/services/products';
import type { Role } from '../../src/domain/statuses';
import { selectHoldsDraft } from '../../src/machines/leave-guard/selectors';
import { productsMachine } from '../../src/machines/products/products.machine';
import {
  selectChosenId,
  selectLeaveGuard,
  selectPendingName,
  selectVariables,
  selectVariablesView,
  type ProductsSnapshot,
} from '../../src/machines/products/selectors';
import type { Product, ProductsEvent } from '../../src/machines/products/types';
import { deferredServices } from './tour-actions-fakes';
import { done, failed, type Synthetic } from './shared-fakes';

/**
 * Model-based: the paths come from the production products screen (xstate/graph) over the page's
 * gestures, the editor's reports and the variables' answers. Each path is replayed on a real screen
 * whose children are stand-ins that remember their input; after every step the editor open is the
 * one for the product chosen (a new one exactly when the choice changes), a product with unsaved
 * changes is never left without asking, and the variables listed are the product e-mail's.
 */
const TEAM = 'team-kh';
const P1: Product = { id: 'REP-ANGKOR', name: 'Angkor Wat Sunrise', route: 'Siem Reap → Angkor', pack: 'Small group' };
const P2: Product = { id: 'PNH-CITY', name: 'Phnom Penh City Tour', route: 'Phnom Penh', pack: 'Half day' };
const VARIABLES: MailVariables = {
  productContentType: 'CONFIRMATION',
  variables: [
    { name: 'customerName', description: 'The customer', emailTypes: ['CONFIRMATION', 'INFORMATION'], optional: false },
    { name: 'meetingPoint', description: 'Where to meet', emailTypes: ['INFORMATION'], optional: true },
  ],
};

const EVENTS = {
  chooseP1: { type: 'product.choose', product: P1 },
  chooseP2: { type: 'product.choose', product: P2 },
  edited: { type: 'mail.dirty', dirty: true },
  savedAll: { type: 'mail.dirty', dirty: false },
  scheduleEdited: { type: 'schedule.dirty', dirty: true },
  scheduleSaved: { type: 'schedule.dirty', dirty: false },
  toSchedule: { type: 'product.section', section: 'schedule' },
  toMail: { type: 'product.section', section: 'mail' },
  discard: { type: 'product.discard' },
  keep: { type: 'product.keep' },
  retryVariables: { type: 'variables.retry' },
  variables: done('loadVariables', VARIABLES),
  variablesFailed: failed('loadVariables'),
} satisfies Record<string, ProductsEvent | Synthetic>;
type Name = keyof typeof EVENTS;
const NAMES = Object.keys(EVENTS) as Name[];
const TRIED = {
  'product.choose': ['chooseP1', 'chooseP2'],
  'product.discard': ['discard'],
  'product.keep': ['keep'],
  'variables.retry': ['retryVariables'],
  'mail.dirty': ['edited', 'savedAll'],
  'schedule.dirty': ['scheduleEdited', 'scheduleSaved'],
  'product.section': ['toSchedule', 'toMail'],
} satisfies Record<ProductsEvent['type'], Name[]>;
const nameOf = (event: { type: string }) => NAMES.find((n) => EVENTS[n] === event)!;
const isAnswer = (n: Name) => n === 'variables' || n === 'variablesFailed';

/** A child that remembers its input (and is a new actor each time it starts). */
const standIn = createMachine({
  types: {} as { context: { input: unknown }; input: unknown },
  context: ({ input }) => ({ input }),
});
const never = fromPromise(() => new Promise<never>(() => undefined));

const key = (s: ProductsSnapshot) =>
  JSON.stringify({
    value: s.value,
    chosen: selectChosenId(s),
    pending: s.context.pending?.id ?? null,
    dirty: s.context.dirty,
    scheduleDirty: s.context.scheduleDirty,
    section: s.context.section,
  });
/** The screen behaves alike for every role; the editor it opens gets the user's role (read-only or not). */
const ROLES = ['EDITOR', 'MEMBER'] as const satisfies Role[];
const pathsOf = (role: Role) =>
  getShortestPaths(
    productsMachine.provide({
      actors: { productList: standIn, mailContent: standIn, productSchedule: standIn, loadVariables: never } as never,
    }),
    {
      input: { teamId: TEAM, role },
      events: Object.values(EVENTS) as ProductsEvent[],
      serializeState: (s) => key(s as ProductsSnapshot),
    },
  );
const paths = pathsOf('EDITOR');

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function screen(role: Role) {
  const services = deferredServices(['loadVariables']);
  const logic = productsMachine.provide({
    actors: {
      productList: standIn,
      mailContent: standIn,
      productSchedule: standIn,
      loadVariables: services.actors.loadVariables,
    } as never,
  });
  const actor = createActor(logic, { input: { teamId: TEAM, role } }).start();
  return { actor, services };
}
type Screen = ReturnType<typeof screen>;
const editorOf = (s: ProductsSnapshot) => s.children.mailContent as AnyActorRef | undefined;
const editorInput = (s: ProductsSnapshot) => editorOf(s)?.getSnapshot().context.input ?? null;
const scheduleOf = (s: ProductsSnapshot) => s.children.productSchedule as AnyActorRef | undefined;
const scheduleInput = (s: ProductsSnapshot) => scheduleOf(s)?.getSnapshot().context.input ?? null;

async function step(sc: Screen, name: Name) {
  const before = sc.actor.getSnapshot();
  const editor = editorOf(before);
  const schedule = scheduleOf(before);
  const event = EVENTS[name];
  const confirming = before.matches({ editor: { open: 'confirmingSwitch' } });
  if (isAnswer(name)) {
    if (!(await sc.services.settle(event, () => vi.advanceTimersByTimeAsync(0))))
      throw new Error(`${name} is not an answer`);
  } else {
    sc.actor.send(event as ProductsEvent);
    await vi.advanceTimersByTimeAsync(0);
  }
  const after = sc.actor.getSnapshot();
  const opened = (product: Product) => {
    // new editors, for that product; nothing is unsaved in them yet; the section shown stays
    expect(editorOf(after)).not.toBe(editor);
    expect(scheduleOf(after)).not.toBe(schedule);
    expect(editorInput(after)).toEqual({ teamId: TEAM, productId: product.id, role: before.context.role });
    expect(scheduleInput(after)).toEqual({
      teamId: TEAM,
      productId: product.id,
      role: before.context.role,
      currency: 'USD',
    });
    expect(after.context).toMatchObject({ chosen: product, pending: null, dirty: false, scheduleDirty: false });
    expect(after.context.section).toBe(before.context.section);
  };
  const unchanged = () => {
    expect(editorOf(after)).toBe(editor);
    expect(scheduleOf(after)).toBe(schedule);
    expect(after.context.chosen).toEqual(before.context.chosen);
  };
  // the product list is one child for the whole screen
  expect(after.children.productList).toBe(before.children.productList);

  switch (name) {
    case 'chooseP1':
    case 'chooseP2': {
      const product = (event as { product: Product }).product;
      if (confirming || before.context.chosen?.id === product.id) {
        unchanged();
        expect(after.context.pending).toEqual(before.context.pending);
      } else if (before.context.dirty || before.context.scheduleDirty) {
        // unsaved changes: ask first, the editor stays
        unchanged();
        expect(selectPendingName(after)).toBe(product.name);
        expect(after.matches({ editor: { open: 'confirmingSwitch' } })).toBe(true);
      } else opened(product);
      break;
    }
    case 'discard':
      if (confirming) opened(before.context.pending!);
      else unchanged();
      break;
    case 'keep':
      unchanged();
      expect(after.context.pending).toBeNull();
      if (confirming) expect(after.matches({ editor: { open: 'editing' } })).toBe(true);
      break;
    case 'edited':
    case 'savedAll':
      // what the open editor says; with none open there is nothing to report
      unchanged();
      expect(after.context.dirty).toBe(editor ? name === 'edited' : false);
      break;
    case 'scheduleEdited':
    case 'scheduleSaved':
      unchanged();
      expect(after.context.scheduleDirty).toBe(schedule ? name === 'scheduleEdited' : false);
      expect(after.context.dirty).toBe(before.context.dirty);
      break;
    case 'toSchedule':
    case 'toMail':
      // which editor shows; both stay as they are
      unchanged();
      expect(after.context.section).toBe(editor ? (event as { section: string }).section : before.context.section);
      expect([after.context.dirty, after.context.scheduleDirty]).toEqual([
        before.context.dirty,
        before.context.scheduleDirty,
      ]);
      break;
    case 'retryVariables':
      expect(selectVariablesView(after)).toBe(
        selectVariablesView(before) === 'failed' ? 'loading' : selectVariablesView(before),
      );
      break;
    case 'variables':
      // the product's mail content is a confirmation: only the variables of that e-mail
      expect(selectVariables(after).map((v) => v.name)).toEqual(['customerName']);
      expect(selectVariablesView(after)).toBe('ready');
      break;
    case 'variablesFailed':
      expect(selectVariables(after)).toEqual([]);
      expect(selectVariablesView(after)).toBe('failed');
      break;
  }
  if (name !== 'variables' && name !== 'variablesFailed')
    expect(after.context.variables).toBe(before.context.variables);
  // the way out of the screen is held exactly while either editor has unsaved changes
  expect(selectHoldsDraft(selectLeaveGuard(after)?.getSnapshot())).toBe(
    after.context.dirty || after.context.scheduleDirty,
  );
}

describe('products screen, generated from the products machine', () => {
  it('reaches the editor closed, open on each product, and asking before leaving unsaved changes', () => {
    const states = paths.map((p) => p.state as ProductsSnapshot);
    expect(new Set(states.map(selectChosenId))).toEqual(new Set([null, P1.id, P2.id]));
    expect(states.some((s) => s.matches({ editor: { open: 'confirmingSwitch' } }))).toBe(true);
    expect(new Set(Object.values(TRIED).flat())).toEqual(new Set(NAMES.filter((n) => !isAnswer(n))));
  });

  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps.filter((s) => (s.event as { type: string }).type !== 'xstate.init').map((s) => nameOf(s.event));
  describe.each(
    ROLES.flatMap((role) =>
      pathsOf(role).map((p) => [`${role}: ${stepsOf(p).join(' → ') || '(start)'}`, role, p] as const),
    ),
  )('%s', (_, role, path) => {
    const loading = (path.state as ProductsSnapshot).hasTag('variablesLoading');
    const next = NAMES.filter((n) => !isAnswer(n) || loading);
    it.each(next)('then %s has exactly its effects', async (name) => {
      const sc = screen(role);
      for (const earlier of stepsOf(path)) await step(sc, earlier);
      expect(key(sc.actor.getSnapshot())).toBe(key(path.state as ProductsSnapshot));
      await step(sc, name);
      sc.actor.stop();
    });
  });
});
