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
