import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyStateMachine, type AnyStateNode, type Snapshot, type SnapshotFrom } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { EditsReport } from '../../src/machines/detail/types';
import {
  orderEditHistoryMachine,
  type OrderEditEvent,
} from '../../src/machines/order-edit-history/order-edit-history.machine';
import { fieldOf, invalidMessage } from '../../src/domain/invalid-edits';
import { graphUnderParent } from './graph-under-parent';
import { deferredServices, flush, notFaked, order, orderDetail, TZ } from './panel-fakes';
import { done, failed, underParent, type Synthetic } from './shared-fakes';

/**
 * Model-based: paths come from the production machine (xstate/graph) with the services' answers
 * as synthetic `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events, then each path is
 * replayed on a real actor (under a stand-in panel) whose services wait until the test settles them.
 */
type ModelEvent = OrderEditEvent | Synthetic;

/** Two adults at US$50.00 and a TOTAL of US$100.00: a unit price change asks whether TOTAL follows. */
const PRICES = [
  { type: 'ADULT', amount: 50, currency: 'USD' },
  { type: 'TOTAL', amount: 100, currency: 'USD' },
];
const priced = (over: Parameters<typeof order>[0] = {}) =>
  order({ quantity: { total: 2, adult: 2, child: 0 }, prices: PRICES, ...over });
const server = order({ departureAt: '2026-03-10T05:00:00.000Z', version: 2 });
const fresh = orderDetail({ departureAt: '2026-03-10T03:00:00.000Z', version: 7 });

/** Every event type of the machine, each mapped to the gestures the model tries. */
const GESTURES = {
  'order.loaded': [
    { type: 'order.loaded', order: order() },
    // someone else moved the departure (the live stream): a note if the person is in that field
    { type: 'order.loaded', order: order({ departureAt: '2026-03-10T01:15:00.000Z' }), by: { id: 'u2', name: 'Ann' } },
  ],
  'edit.focus': [{ type: 'edit.focus', id: 'o1', field: 'departure' }],
  'edit.blur': [{ type: 'edit.blur', id: 'o1', field: 'departure' }],
  'order.edit': [
    { type: 'order.edit', id: 'o1', change: { field: 'departureTime', time: '18:45' } },
    // refused: a price type the order does not have
    { type: 'order.edit', id: 'o1', change: { field: 'price', priceType: 'COST', amount: 5 } },
  ],
  // (an order without TOTAL: never asked; the TOTAL question has its own model below)
  'total.update': [{ type: 'total.update' }],
  'total.keep': [{ type: 'total.keep' }],
  'history.undo': [{ type: 'history.undo' }],
  'history.redo': [{ type: 'history.redo' }],
  'conflict.reapply': [{ type: 'conflict.reapply' }],
  'conflict.dismiss': [{ type: 'conflict.dismiss' }],
  'edit.discard': [{ type: 'edit.discard', id: 'o1', field: 'price:COST' }],
} satisfies { [K in OrderEditEvent['type']]: Extract<OrderEditEvent, { type: K }>[] };

const EVENTS: ModelEvent[] = [
  ...Object.values(GESTURES).flat(),
  done('updateOrders', { status: 'saved', records: [server] }),
  done('updateOrders', { status: 'stale' }),
  failed('updateOrders'),
  done('getOrder', { found: true, record: orderDetail({ version: 2 }) }),
  done('getOrder', { found: true, record: fresh }),
  done('getOrder', { found: false }),
  done('getOrder', null),
  failed('getOrder'),
];

type Snap = SnapshotFrom<typeof orderEditHistoryMachine>;
const cap = (n: number) => Math.min(n, 2);
const key = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    loaded: 'o1' in s.context.records,
    past: cap(s.context.past.length),
    future: cap(s.context.future.length),
    queue: cap(s.context.queue.length),
    conflict: s.context.conflict && {
      typed: s.context.conflict.typed,
      fresh: s.context.conflict.fresh?.version ?? null,
    },
    invalid: Object.keys(s.context.invalid),
    editing: s.context.editing?.field ?? null,
    note: s.context.elsewhere?.message ?? null,
    total: s.context.totalCheck?.proposed ?? null,
  });

const INPUT = { timezone: TZ };

const model = graphUnderParent(
  orderEditHistoryMachine.provide({
    actors: { updateOrders: notFaked('updateOrders'), getOrder: notFaked('getOrder') },
  }),
);
const traversal = {
  events: EVENTS as OrderEditEvent[],
  input: INPUT,
  serializeState: (s: Snapshot<unknown>) => key(s as Snap),
};
const paths = getShortestPaths(model, traversal);

/**
 * Every transition of the model that changes something (plus a refused edit): the shortest path
 * to its source state, then the transition itself.
 */
type Edge = { steps: Array<{ event: ModelEvent; state: Snap }>; state: Snap };
const shortestTo = new Map(paths.map((p) => [key(p.state), p]));
// (the emitted-event type of the machine trips getAdjacencyMap's generics, not its behaviour)
const adjacency = adjacencyMapToArray(getAdjacencyMap(model as AnyStateMachine, traversal)) as Array<{
  state: Snap;
  event: ModelEvent;
  nextState: Snap;
}>;
const edges: Edge[] = adjacency
  .filter((e) => key(e.state) !== key(e.nextState) || e.event.type === 'order.edit')
  .map((e) => {
    const to = shortestTo.get(key(e.state));
    if (!to) throw new Error(`no path to ${key(e.state)}`);
    return { steps: [...(to.steps as Edge['steps']), { event: e.event, state: e.nextState }], state: e.nextState };
  });

function restingStates(node: AnyStateNode): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return node.always ? [] : [node.path.join('.')];
  return children.flatMap(restingStates);
}

function replayHarness() {
  const services = deferredServices();
  const logic = orderEditHistoryMachine.provide({
    actors: { updateOrders: services.logic(), getOrder: services.logic() },
  });
  const panel = underParent(logic, INPUT);
  const actor = panel.child;
  const notices: string[] = [];
  actor.on('notify', (n) => notices.push(n.message));

  async function play(event: ModelEvent) {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) actor.send(event as OrderEditEvent);
    else if (match[1] === 'done') services.settle(match[2], { output: (event as { output: unknown }).output });
    else services.settle(match[2], { error: (event as { error: unknown }).error });
    await flush();
  }
  return { actor, play, services, reports: panel.reports as EditsReport[], notices, stop: panel.stop };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const describePath = (p: Edge) =>
  `${p.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')} ⇒ ${key(p.state)}`;

describe('order edit history model', () => {
  it('reaches every state of the machine', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual(restingStates(orderEditHistoryMachine.root).sort());
  });

  it('covers edits, queued edits, undo/redo, failures and the conflict from each state', () => {
    const covered = new Set(
      edges.map((p) => `${String(p.steps.at(-2)?.state.value)} ${p.steps.at(-1)?.event.type.replace('xstate.', '')}`),
    );
    for (const edge of [
      'idle order.edit',
      'saving order.edit',
      'idle history.undo',
      'saving history.undo',
      'idle history.redo',
      'saving history.redo',
      'saving done.actor.updateOrders',
      'saving error.actor.updateOrders',
      'reloading done.actor.getOrder',
      'reloading error.actor.getOrder',
      'idle conflict.reapply',
      'idle conflict.dismiss',
      'idle edit.discard',
      'saving edit.discard',
    ]) {
      expect(covered, edge).toContain(edge);
    }
  });

  it('reloads the order after a failed write and after a stale one', () => {
    const into = edges.filter((p) => p.state.value === 'reloading' && p.steps.at(-2)?.state.value === 'saving');
    expect(new Set(into.map((p) => (p.state.context.conflict ? 'stale' : 'failed')))).toEqual(
      new Set(['stale', 'failed']),
    );
  });

  it('reaches a refused field with its one message, while idle, saving and reloading', () => {
    const refused = paths.filter((p) => Object.keys(p.state.context.invalid).length > 0);
    expect(new Set(refused.map((p) => String(p.state.value)))).toEqual(new Set(['idle', 'saving', 'reloading']));
    for (const p of refused)
      expect(p.state.context.invalid).toEqual({ 'o1/price:COST': 'Cannot find the price with type: COST' });
  });

  it('notes a change made elsewhere under the field being edited only, until the person leaves it', () => {
    const notes = paths.filter((p) => p.state.context.elsewhere);
    expect(new Set(notes.map((p) => p.state.context.elsewhere?.message))).toEqual(
      new Set(['Ann changed Departure time to 10:15']),
    );
    // always while the field has the focus
    for (const p of notes) expect(p.state.context.editing).toEqual({ id: 'o1', field: 'departure' });
    const unfocused = paths.filter((p) => !p.state.context.editing && p.steps.some((s) => 'by' in s.event));
    expect(unfocused.length).toBeGreaterThan(0);
    for (const p of unfocused) expect(p.state.context.elsewhere).toBeNull();
  });

  it('reaches a conflict that keeps the typed value next to the fresh record', () => {
    const conflicts = paths.map((p) => p.state.context.conflict).filter((c) => c?.fresh);
    expect(conflicts).toContainEqual({
      id: 'o1',
      typed: { field: 'departureTime', time: '18:45' },
      fresh: expect.objectContaining({ version: 7 }),
    });
  });

  describe.each(edges.map((p) => [describePath(p), p] as const))('%s', (_, path) => {
    it('replays on a real actor; what it reports is what it holds', async () => {
      const { actor, play, reports, notices, services, stop } = replayHarness();
      // what the panel shows: the last record reported, or the last one it loaded itself
      let panel: unknown = undefined;
      for (const step of path.steps) {
        if ((step.event as { type: string }).type === 'xstate.init') continue;
        const event = step.event as ModelEvent;
        const before = reports.length;
        const toasts = notices.length;
        const known = 'o1' in actor.getSnapshot().context.records;
        await play(event);
        const snapshot = actor.getSnapshot();
        expect(key(snapshot), event.type).toBe(key(step.state));
        const reported = reports.slice(before);
        const output = (event as { output?: { status?: string; found?: boolean } }).output;
        // "saved" only when the server answered the write; "gone" only when it no longer has the order
        const saved = event.type === 'xstate.done.actor.updateOrders' && output?.status === 'saved';
        expect(reported.filter((r) => r.type === 'edits.changed' && r.saved).length, event.type).toBe(saved ? 1 : 0);
        const gone = event.type === 'xstate.done.actor.getOrder' && output?.found === false;
        expect(
          reported.filter((r) => r.type === 'edits.gone'),
          event.type,
        ).toEqual(gone ? [{ type: 'edits.gone', id: 'o1' }] : []);
        // the panel (and through it the list) shows the record as the history holds it (a record
        // loaded comes from the panel, which shows it already)
        const last = reported.filter((r) => r.type === 'edits.changed').at(-1);
        if (last) panel = last.rows[0];
        else if (event.type === 'order.loaded') panel = snapshot.context.records.o1;
        if (panel && snapshot.context.records.o1) expect(panel).toEqual(snapshot.context.records.o1);
        // never two writes at once
        expect(services.running().filter((id) => id === 'updateOrders').length).toBeLessThanOrEqual(1);
        // a refused edit changes nothing on screen and shows one message, on its field, not a toast
        const refused =
          event.type === 'order.edit' &&
          known &&
          invalidMessage(snapshot.context.invalid, 'o1', fieldOf(event.change)) !== null;
        if (refused || event.type === 'edit.discard') {
          expect([reports.length, notices.length], event.type).toEqual([before, toasts]);
        }
      }
      stop();
    });
  });
});

/**
 * The TOTAL question as its own small model (with the whole one above it would multiply every
 * state): an order of two adults at US$50.00 with a TOTAL of US$100.00, the adult price typed as
 * the screen writes dollars, a refused amount, TOTAL typed by hand, both answers, undo/redo, writes.
 */
const TOTAL_EVENTS: ModelEvent[] = [
  { type: 'order.loaded', order: priced() },
  { type: 'order.edit', id: 'o1', change: { field: 'priceText', priceType: 'ADULT', text: '60.00' } },
  { type: 'order.edit', id: 'o1', change: { field: 'priceText', priceType: 'ADULT', text: '1.500' } },
  { type: 'order.edit', id: 'o1', change: { field: 'priceText', priceType: 'TOTAL', text: '110' } },
  { type: 'total.update' },
  { type: 'total.keep' },
  { type: 'history.undo' },
  // the server answers the adult price's write
  done('updateOrders', {
    status: 'saved',
    records: [priced({ version: 2, prices: [{ ...PRICES[0], amount: 60 }, PRICES[1]] })],
  }),
];
const totalKey = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    past: cap(s.context.past.length),
    future: cap(s.context.future.length),
    queue: cap(s.context.queue.length),
    prices: s.context.records.o1?.prices.map((p) => p.amount) ?? null,
    invalid: Object.values(s.context.invalid),
    total: s.context.totalCheck?.proposed ?? null,
  });
const totalTraversal = {
  events: TOTAL_EVENTS as OrderEditEvent[],
  input: INPUT,
  serializeState: (s: Snapshot<unknown>) => totalKey(s as Snap),
};
const totalPaths = getShortestPaths(model, totalTraversal);
const totalShortest = new Map(totalPaths.map((p) => [totalKey(p.state), p]));
const totalEdges: Edge[] = (
  adjacencyMapToArray(getAdjacencyMap(model as AnyStateMachine, totalTraversal)) as Array<{
    state: Snap;
    event: ModelEvent;
    nextState: Snap;
  }>
)
  .filter((e) => totalKey(e.state) !== totalKey(e.nextState))
  .map((e) => {
    const to = totalShortest.get(totalKey(e.state))!;
    return { steps: [...(to.steps as Edge['steps']), { event: e.event, state: e.nextState }], state: e.nextState };
  });
const lastEvent = (p: Edge) => p.steps.at(-1)?.event;
const totalOf = (s: Snap) => s.context.records.o1?.prices.find((p) => p.type === 'TOTAL')?.amount;

describe('order edit history model: TOTAL follows a unit price when the operator says so', () => {
  it('covers both answers while idle and while a write is in flight', () => {
    const covered = new Set(totalEdges.map((p) => `${String(p.steps.at(-2)?.state.value)} ${lastEvent(p)?.type}`));
    for (const edge of ['idle total.update', 'saving total.update', 'idle total.keep', 'saving total.keep'])
      expect(covered, edge).toContain(edge);
  });

  it('asks after a unit price change and leaves TOTAL alone until answered', () => {
    const asked = totalPaths.filter((p) => p.state.context.totalCheck);
    expect(asked.length).toBeGreaterThan(0);
    for (const p of asked) {
      // TOTAL as it stands (100, or 110 typed by hand before), moved by US$10.00 for each of the two adults
      const total = totalOf(p.state)!;
      const question = { priceType: 'ADULT', from: 50, to: 60, total, proposed: total + 20 };
      expect(p.state.context.totalCheck).toMatchObject(question);
    }
  });

  it('sets TOTAL to the proposal as its own undoable write, or keeps it; typing TOTAL or undoing ends the question', () => {
    const updated = totalEdges.filter((p) => lastEvent(p)?.type === 'total.update');
    expect(updated.length).toBeGreaterThan(0);
    for (const p of updated) {
      const proposed = p.steps.at(-2)!.state.context.totalCheck!.proposed;
      expect(p.state.context.totalCheck).toBeNull();
      expect(totalOf(p.state)).toBe(proposed);
      expect(p.state.context.past.at(-1)?.forward).toEqual({ field: 'price', priceType: 'TOTAL', amount: proposed });
      const total = { type: 'TOTAL', amount: proposed, currency: 'USD' };
      expect(p.state.context.queue.at(-1)?.payload.prices).toContainEqual(total);
    }
    for (const p of totalEdges.filter((e) => lastEvent(e)?.type === 'total.keep')) {
      expect(p.state.context.totalCheck).toBeNull();
      expect(p.state.context.records.o1.prices).toEqual(p.steps.at(-2)?.state.context.records.o1.prices);
    }
    const typedTotal = totalEdges.filter((p) => {
      const e = lastEvent(p);
      return e?.type === 'order.edit' && e.change.field === 'priceText' && e.change.priceType === 'TOTAL';
    });
    expect(typedTotal.length).toBeGreaterThan(0);
    for (const p of typedTotal) expect([p.state.context.totalCheck, totalOf(p.state)]).toEqual([null, 110]);
    for (const p of totalEdges.filter((e) => lastEvent(e)?.type === 'history.undo'))
      expect(p.state.context.totalCheck).toBeNull();
  });

  it('refuses an amount that does not read one way, naming the field as the panel labels it', () => {
    const refused = totalPaths.filter((p) => Object.keys(p.state.context.invalid).length > 0);
    expect(refused.length).toBeGreaterThan(0);
    for (const p of refused)
      expect(p.state.context.invalid).toEqual({ 'o1/price:ADULT': 'Invalid amount for Adult (write it as 1,234.50)' });
  });

  describe.each(totalEdges.map((p) => [describePath(p), p] as const))('%s', (_, path) => {
    it('replays on a real actor; the panel is told each TOTAL it shows', async () => {
      const { actor, play, reports, stop } = replayHarness();
      for (const step of path.steps) {
        if ((step.event as { type: string }).type === 'xstate.init') continue;
        const before = reports.length;
        await play(step.event);
        const snapshot = actor.getSnapshot();
        expect(totalKey(snapshot), step.event.type).toBe(totalKey(step.state));
        const last = reports
          .slice(before)
          .filter((r) => r.type === 'edits.changed')
          .at(-1);
        if (last && snapshot.context.records.o1) expect(last.rows[0]).toEqual(snapshot.context.records.o1);
      }
      stop();
    });
  });
});
