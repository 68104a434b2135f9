import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorLogic, type AnyEventObject, type AnyStateNode } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { toListQuery } from '../../src/domain/list-filters';
import {
  exportFilters,
  exportScreenMachine,
  NOTE_MAX_LENGTH,
  noteProblem,
  type ExportScreenContext,
  type ExportScreenEvent,
  type ExportScreenInput,
} from '../../src/machines/export-screen/export-screen.machine';
import { selectCanExport } from '../../src/machines/export-screen/selectors';
import { EXPORT_FAILED, exportMachine } from '../../src/machines/export/export.machine';
import { quietConsole } from './tour-actions-fakes';

/**
 * Model-based: paths over the production screen machine found by xstate/graph, replayed on a real
 * actor whose exporter is the real export machine over deferred services. What the exporter
 * reports (`xstate.snapshot.exporter`) is one of three outcomes, each replayed by settling the
 * services the way that outcome happens; what its date range picker reports (`range.applied`)
 * is replayed by picking and applying those dates in the real picker.
 */
const TZ = 'Asia/Bangkok';
const input: ExportScreenInput = { teamId: 'th', timezone: TZ, userName: 'Ana Tran', today: '2026-02-14' };
const LINK = '/api/v1/exports/e1/download?expires=1&signature=ab';
const RECORDED = 'recorded by the server';
const NOTE = 'For the accountant';
const LONG = 'x'.repeat(NOTE_MAX_LENGTH + 1);

type Outcome = 'recorded' | 'unrecorded' | 'failed';
/** What the exporter reports when it settles, as the graph sees it. */
function reported(outcome: Outcome, kind: ExportScreenContext['kind']): AnyEventObject {
  const ready = outcome !== 'failed';
  const snapshot = {
    matches: (value: string) => value === (ready ? 'ready' : 'idle'),
    hasTag: () => false,
    context: {
      kind,
      link: ready ? LINK : null,
      message: outcome === 'recorded' ? RECORDED : null,
      error: ready ? null : EXPORT_FAILED,
    },
  };
  return { type: 'xstate.snapshot.exporter', snapshot, outcome };
}

const FORM = {
  'export.kind': [
    { type: 'export.kind', kind: 'tours' },
    { type: 'export.kind', kind: 'orders' },
  ],
  'range.applied': [
    // no dates: everything the team has
    { type: 'range.applied', start: null, end: null },
    { type: 'range.applied', start: '2026-01-05', end: '2026-01-20' },
  ],
  'export.ota': [{ type: 'export.ota', ota: 'KLOOK' }],
  'export.status': [{ type: 'export.status', status: 'pending' }],
  'export.note': [
    { type: 'export.note', note: NOTE },
    { type: 'export.note', note: LONG },
  ],
  'export.submit': [{ type: 'export.submit' }],
} satisfies { [K in ExportScreenEvent['type']]: Extract<ExportScreenEvent, { type: K }>[] };
const formEvents: ExportScreenEvent[] = Object.values(FORM).flat();

type Snap = ReturnType<typeof exportScreenMachine.getInitialSnapshot>;
const events = (s: Snap) =>
  s.matches('exporting')
    ? (['recorded', 'unrecorded', 'failed'] as const).map((o) => reported(o, s.context.kind) as ExportScreenEvent)
    : formEvents;
const key = (s: Snap) => {
  const { kind, startDate, endDate, ota, status, note, noteError, result } = s.context;
  return JSON.stringify({
    value: s.value,
    kind,
    startDate,
    endDate,
    ota,
    status,
    note: note.length,
    noteError,
    result,
  });
};
const options = { events, input, serializeState: (s: Snap) => key(s) };
const paths = getShortestPaths(exportScreenMachine, options);
const pathTo = new Map(paths.map((p) => [key(p.state), p.steps.map((s) => s.event as AnyEventObject)]));
const logic = exportScreenMachine as unknown as ActorLogic<Snap, ExportScreenEvent, ExportScreenInput>;
const transitions = adjacencyMapToArray(getAdjacencyMap(logic, options)).filter(
  ({ state, nextState }) => key(state) !== key(nextState),
);

const leaves = (node: AnyStateNode): AnyStateNode[] =>
  Object.values(node.states).length === 0 ? [node] : (Object.values(node.states) as AnyStateNode[]).flatMap(leaves);

/** What the services and the download saw during one replay. */
const seen = {
  calls: [] as { id: string; input: Record<string, unknown> }[],
  pending: new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>(),
  downloads: [] as string[],
};
const deferred = (id: string) =>
  fromPromise<unknown, Record<string, unknown>>(({ input: given }) => {
    seen.calls.push({ id, input: given });
    return new Promise((resolve, reject) => seen.pending.set(id, { resolve, reject }));
  });
// provided once: providing builds a new machine, too slow to do per replay
const screen = exportScreenMachine.provide({
  actors: {
    exporter: exportMachine.provide({
      actors: {
        exportCsv: deferred('exportCsv') as never,
        updateExportMessage: deferred('updateExportMessage') as never,
      },
      actions: { startDownload: (_, params) => seen.downloads.push(params.url) },
    }),
  },
});

/** The screen over the real export machine, its services waiting for the path to settle them. */
function harness() {
  seen.calls = [];
  seen.pending.clear();
  seen.downloads = [];
  const { calls, pending, downloads } = seen;
  const actor = createActor(screen, { input });
  const toasts: string[] = [];
  actor.start();
  actor.getSnapshot().children.exporter!.on('notify', (e) => toasts.push(e.message));

  async function settle(id: string, outcome: 'done' | 'error', output?: unknown) {
    const waiting = pending.get(id);
    if (!waiting) throw new Error(`${id} is not running`);
    pending.delete(id);
    if (outcome === 'done') waiting.resolve(output);
    else waiting.reject(new Error(`${id} failed`));
    await new Promise((resolve) => setImmediate(resolve));
  }
  /** What the picker reports, as a person gets it: open, pick both ends (earliest first), or clear the dates. */
  function applyRange(start: string | null, end: string | null) {
    const picker = actor.getSnapshot().children.dateRange!;
    picker.send({ type: 'range.open' });
    if (start === null || end === null) picker.send({ type: 'range.clear' });
    else {
      picker.send({ type: 'range.pick', days: [start] });
      picker.send({ type: 'range.pick', days: [start, end].sort() });
    }
    // no range to clear: it stays as it was, closed
    picker.send({ type: 'range.close' });
  }
  async function step(event: AnyEventObject) {
    if (event.type === 'xstate.init') return;
    if (event.type === 'range.applied') {
      const { start, end } = event as Extract<ExportScreenEvent, { type: 'range.applied' }>;
      return applyRange(start, end);
    }
    // form events are handled at once; only the services' promises need the event loop
    if (event.type !== 'xstate.snapshot.exporter') return actor.send(event as ExportScreenEvent);
    const outcome = (event as unknown as { outcome: Outcome }).outcome;
    if (outcome === 'failed') return settle('exportCsv', 'error');
    await settle('exportCsv', 'done', { presignedUrl: LINK, message: '' });
    if (outcome === 'recorded') await settle('updateExportMessage', 'done', { presignedUrl: LINK, message: RECORDED });
    else await settle('updateExportMessage', 'error');
  }
  return { actor, calls, downloads, toasts, step, applyRange };
}

beforeEach(quietConsole);
afterEach(() => vi.restoreAllMocks());

describe('export screen model', () => {
  it('reaches every state, with every outcome of an export', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(leaves(exportScreenMachine.root).map((n) => n.path.join('.'))),
    );
    const results = new Set(paths.map((p) => JSON.stringify(p.state.context.result)));
    for (const kind of ['orders', 'tours'] as const) {
      expect(results).toContain(JSON.stringify({ kind, link: LINK, message: RECORDED }));
      expect(results).toContain(JSON.stringify({ kind, link: LINK, message: null }));
    }
  });

  it('takes every transition of the definition, failures included', () => {
    const taken = new Set(
      transitions.map(({ state, event }) => {
        const outcome = (event as unknown as { outcome?: Outcome }).outcome;
        return `${String(state.value)} ${outcome ?? event.type}`;
      }),
    );
    const handled = leaves(exportScreenMachine.root).flatMap((leaf) =>
      Object.keys(leaf.config.on ?? {}).map((type) => `${leaf.path.join('.')} ${type}`),
    );
    expect([...taken].sort()).toEqual(
      [...handled, 'exporting recorded', 'exporting unrecorded', 'exporting failed'].sort(),
    );
  });

  it('refuses an export while the note is too long, and while one runs', () => {
    const refused = adjacencyMapToArray(getAdjacencyMap(logic, options)).filter(
      ({ state, event }) => event.type === 'export.submit' && !state.can(event),
    );
    expect(refused.length).toBeGreaterThan(0);
    for (const { state } of refused) expect(state.matches('exporting') || state.context.noteError !== null).toBe(true);
  });

  it(`replays all ${transitions.length} transitions on a real actor`, async () => {
    for (const t of transitions) {
      const steps = [...pathTo.get(key(t.state))!, t.event as AnyEventObject];
      const h = harness();
      const submitted: ExportScreenContext[] = [];
      for (const event of steps) {
        if (event.type === 'export.submit' && selectCanExport(h.actor.getSnapshot())) {
          submitted.push(h.actor.getSnapshot().context);
        }
        await h.step(event);
      }
      const label = steps.map((e) => (e as { outcome?: string }).outcome ?? e.type).join(' → ');
      expect(key(h.actor.getSnapshot()), label).toBe(key(t.nextState));
      // each export asks for the form's filters and records the note (or who and when)
      expect(
        h.calls.filter((c) => c.id === 'exportCsv').map((c) => c.input),
        label,
      ).toEqual(
        submitted.map((c) => ({
          kind: c.kind,
          teamId: 'th',
          view: null,
          query: toListQuery(exportFilters(c), null),
        })),
      );
      for (const call of h.calls.filter((c) => c.id === 'updateExportMessage')) {
        expect(call.input.message, label).toMatch(/^(For the accountant|Exported by Ana Tran on .+)$/);
      }
      // a download for each ready file; the catalogue's toast for each failure, nothing else
      const outcomes = steps.map((e) => (e as { outcome?: Outcome }).outcome).filter(Boolean);
      expect(h.downloads, label).toHaveLength(outcomes.filter((o) => o !== 'failed').length);
      expect(h.toasts, label).toEqual(outcomes.filter((o) => o === 'failed').map(() => EXPORT_FAILED));
      h.actor.stop();
    }
  });
});

describe('export screen behaviour', () => {
  it("starts on the month of the team's today, orders, no OTA or status", () => {
    const { actor } = harness();
    expect(actor.getSnapshot().context).toMatchObject({
      kind: 'orders',
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      ota: null,
      status: null,
      note: '',
    });
  });

  it('keeps a too-long note exactly as typed, says why, and accepts it once shortened', () => {
    const { actor } = harness();
    actor.send({ type: 'export.note', note: LONG });
    expect(actor.getSnapshot().context.note).toBe(LONG);
    expect(actor.getSnapshot().context.noteError).toBe(noteProblem(LONG));
    expect(noteProblem(LONG)).toBe(
      'The note is 5,001 characters long; at most 5,000 can be recorded. Shorten it by 1 to export.',
    );
    expect(selectCanExport(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'export.note', note: LONG.slice(1) });
    expect(actor.getSnapshot().context.noteError).toBeNull();
    expect(selectCanExport(actor.getSnapshot())).toBe(true);
  });

  it('exports tours without an OTA, keeping the OTA chosen for orders', async () => {
    const h = harness();
    await h.step({ type: 'export.ota', ota: 'KKDAY' });
    await h.step({ type: 'export.kind', kind: 'tours' });
    expect(h.actor.getSnapshot().can({ type: 'export.ota', ota: 'KLOOK' })).toBe(false);
    await h.step({ type: 'export.submit' });
    expect(h.calls[0].input).toMatchObject({
      kind: 'tours',
      query: { orderBy: 'DEPARTURE_AT_ASC', startDate: '2026-02-01' },
    });
    expect(h.calls[0].input.query).not.toHaveProperty('ota');
    await h.step({ type: 'export.kind', kind: 'orders' }); // refused while exporting
    expect(h.actor.getSnapshot().context.kind).toBe('tours');
    await h.step(reported('recorded', 'tours'));
    expect(h.actor.getSnapshot().context).toMatchObject({ ota: 'KKDAY', result: { kind: 'tours', link: LINK } });
  });

  it('exports the dates applied in its date range picker; none applied exports everything', async () => {
    const h = harness();
    h.applyRange('2026-01-20', '2026-01-05');
    expect(h.actor.getSnapshot().context).toMatchObject({ startDate: '2026-01-05', endDate: '2026-01-20' });
    await h.step({ type: 'export.submit' });
    expect(h.calls[0].input.query).toMatchObject({ startDate: '2026-01-05', endDate: '2026-01-20' });
    await h.step(reported('unrecorded', 'orders'));

    h.applyRange(null, null);
    expect(h.actor.getSnapshot().context).toMatchObject({ startDate: null, endDate: null });
    await h.step({ type: 'export.submit' });
    expect(h.calls.filter((c) => c.id === 'exportCsv')[1].input.query).toEqual({ orderBy: 'DEPARTURE_AT_ASC' });
  });

  it('a failed export keeps the last result and the form as they were', async () => {
    const h = harness();
    await h.step({ type: 'export.note', note: NOTE });
    await h.step({ type: 'export.submit' });
    await h.step(reported('recorded', 'orders'));
    const before = h.actor.getSnapshot().context;
    await h.step({ type: 'export.submit' });
    await h.step(reported('failed', 'orders'));
    expect(h.actor.getSnapshot().value).toBe('editing');
    expect(h.actor.getSnapshot().context).toEqual(before);
    expect(h.toasts).toEqual([EXPORT_FAILED]);
    expect(h.calls.filter((c) => c.id === 'updateExportMessage').map((c) => c.input.message)).toEqual([NOTE]);
  });
});
