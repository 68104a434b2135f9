import { describe, expect, it } from 'vitest';
import { getNextSnapshot, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { RowKey } from '../../src/machines/list/types';
import { selectionMachine, type SelectionContext } from '../../src/machines/selection/selection.machine';
import type { SelectionEvent, SelectionReport } from '../../src/machines/selection/types';
import { underParent } from './shared-fakes';
import { graphUnderParent } from './graph-under-parent';

/**
 * Model-based: every context the production selection machine can reach from this list (two days,
 * headers included, and the list after a2 left it) is found by xstate/graph; each shortest path is
 * replayed on a real actor under a stand-in screen, and every event is then tried from every
 * reachable context and checked against the rule it must obey, written here as set relations
 * rather than as the machine's own code.
 */
const D1 = '2026-11-20';
const D2 = '2026-11-21';
const ROWS: RowKey[] = [
  { id: D1, date: D1, header: true },
  { id: 'a1', date: D1, header: false },
  { id: 'a2', date: D1, header: false },
  { id: D2, date: D2, header: true },
  { id: 'b1', date: D2, header: false },
];
/** The list after a2 left it (moved out of the view, removed). */
const SHRUNK = ROWS.filter((r) => r.id !== 'a2');
const ITEMS = ROWS.filter((r) => !r.header).map((r) => r.id);
/** Rows a PageUp/PageDown moves in the model (the view says how many it shows). */
const PAGE = 2;

type Type = SelectionEvent['type'];
type Snap = SnapshotFrom<typeof selectionMachine>;
type Of<T extends Type> = Extract<SelectionEvent, { type: T }>;

/** Every event the machine takes, with the values the model tries. */
const EVENTS = {
  'selection.rows': [
    { type: 'selection.rows', rows: ROWS },
    { type: 'selection.rows', rows: SHRUNK },
  ],
  'selection.click': ROWS.flatMap((r) =>
    (['replace', 'range', 'toggle'] as const).map((mode) => ({ type: 'selection.click' as const, id: r.id, mode })),
  ),
  'selection.key': [
    ...(['ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'] as const).flatMap((key) => [
      { type: 'selection.key' as const, key, pageSize: PAGE },
      { type: 'selection.key' as const, key, pageSize: PAGE, extend: true },
    ]),
    ...(['Space', 'Enter', 'Escape', 'SelectAll'] as const).map((key) => ({ type: 'selection.key' as const, key })),
  ],
  'selection.toggle': [{ type: 'selection.toggle', id: 'a2' }],
  'selection.set': [{ type: 'selection.set', ids: ['a1', 'b1', 'a1'] }],
  'selection.clear': [{ type: 'selection.clear' }],
  'selection.close': [{ type: 'selection.close' }],
} satisfies { [T in Type]: Of<T>[] };
const ALL: SelectionEvent[] = Object.values(EVENTS).flat();

const rowsName = (rows: readonly RowKey[]) => rows.map((r) => r.id).join(',') || 'none';
const key = (c: SelectionContext) => JSON.stringify({ ...c, ids: [...c.ids].sort(), rows: rowsName(c.rows) });
const sorted = (ids: Iterable<string>) => [...ids].sort();
const describeEvent = (e: SelectionEvent) =>
  JSON.stringify(e.type === 'selection.rows' ? { ...e, rows: rowsName(e.rows) } : e);
const xor = (ids: string[], id: string) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);
const isDay = (id: string) => id === D1 || id === D2;

/** What a click must give, as sets: a header flips its whole day, items per mode; a row not listed, nothing. */
function clicked(before: SelectionContext, id: string, mode: 'replace' | 'range' | 'toggle'): SelectionContext {
  const rows = before.rows;
  const rowOf = (x: string | null) => rows.find((r) => r.id === x);
  const row = rowOf(id);
  if (!row) return before;
  if (row.header) {
    const day = rows.filter((r) => !r.header && r.date === row.date).map((r) => r.id);
    const wasFull = day.every((x) => before.ids.includes(x));
    const others = before.ids.filter((x) => !day.includes(x));
    return { ...before, ids: wasFull ? others : [...others, ...day], anchorId: id, focusId: id };
  }
  if (mode === 'range' && rowOf(before.anchorId)) {
    const [i, j] = [rows.indexOf(rowOf(before.anchorId)!), rows.indexOf(row)].sort((x, y) => x - y);
    return { ...before, ids: rows.filter((r, k) => k >= i && k <= j && !r.header).map((r) => r.id), focusId: id };
  }
  if (mode === 'toggle') return { ...before, ids: xor(before.ids, id), anchorId: id, focusId: id };
  return { ...before, ids: [id], anchorId: id, focusId: id, openId: id };
}

/** The selection each event must give from `before` (ids compared as a set). */
const RULES: { [T in Type]: (before: SelectionContext, event: Of<T>) => SelectionContext } = {
  'selection.rows': (before, e) => {
    const listed = (id: string | null) => id === null || isDay(id) || e.rows.some((r) => r.id === id && !r.header);
    return {
      rows: e.rows,
      ids: before.ids.filter(listed),
      anchorId: listed(before.anchorId) ? before.anchorId : null,
      focusId: listed(before.focusId) ? before.focusId : null,
      // the panel stays: it says itself when its row is gone
      openId: before.openId,
    };
  },
  'selection.click': (before, e) => clicked(before, e.id, e.mode),
  'selection.key': (before, e) => {
    const rows = before.rows;
    const focus = rows.find((r) => r.id === before.focusId);
    const steps: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, PageUp: -PAGE, PageDown: PAGE };
    if (e.key in steps || e.key === 'Home' || e.key === 'End') {
      if (rows.length === 0) return before;
      const last = rows.length - 1;
      const at = e.key === 'Home' ? 0 : e.key === 'End' ? last : focus ? rows.indexOf(focus) + steps[e.key] : 0;
      const to = rows[Math.max(0, Math.min(last, at))];
      if (!e.extend) return { ...before, focusId: to.id };
      // Shift: from the anchor (else where the focus was, else the new focus row) to the new focus row
      const from = rows.find((r) => r.id === before.anchorId) ?? focus ?? to;
      const [i, j] = [rows.indexOf(from), rows.indexOf(to)].sort((x, y) => x - y);
      const ids = rows.filter((r, k) => k >= i && k <= j && !r.header).map((r) => r.id);
      return { ...before, ids, anchorId: from.id, focusId: to.id };
    }
    if (e.key === 'Space') return focus ? clicked(before, focus.id, 'toggle') : before;
    if (e.key === 'Enter') return { ...before, openId: focus && !focus.header ? focus.id : before.openId };
    if (e.key === 'SelectAll') return { ...before, ids: rows.filter((r) => !r.header).map((r) => r.id) };
    // Escape: the selection first, then the panel
    return before.ids.length > 0 ? { ...before, ids: [] } : { ...before, openId: null };
  },
  'selection.toggle': (before, e) => ({ ...before, ids: xor(before.ids, e.id) }),
  'selection.set': (before, e) => ({ ...before, ids: [...new Set(e.ids)] }),
  'selection.clear': (before) => ({ rows: before.rows, ids: [], anchorId: null, focusId: null, openId: null }),
  'selection.close': (before) => ({ ...before, openId: null }),
};

/** Checks one transition (expect only on a mismatch: tens of thousands of transitions are checked). */
function check(before: SelectionContext, after: SelectionContext, event: SelectionEvent) {
  const expected = (RULES[event.type] as (b: SelectionContext, e: SelectionEvent) => SelectionContext)(before, event);
  // whatever happened: each id once, only items, and the panel shows an item or nothing
  const sound =
    new Set(after.ids).size === after.ids.length &&
    after.ids.every((id) => ITEMS.includes(id)) &&
    (after.openId === null || ITEMS.includes(after.openId));
  if (key(after) !== key(expected) || !sound) {
    expect({ before, event: describeEvent(event), after }).toEqual({
      before,
      event: describeEvent(event),
      after: expected,
    });
    expect(sound, 'ids unique, items only, panel on an item').toBe(true);
  }
}

/** Whether the screen is told of this step: every event but a list whose rows leave the selection as it was. */
function reports(before: SelectionContext, event: SelectionEvent, after: SelectionContext): boolean {
  if (event.type !== 'selection.rows') return true;
  return key({ ...after, rows: before.rows }) !== key(before);
}

const walked = graphUnderParent(selectionMachine);
const paths = getShortestPaths(walked, { events: ALL, serializeState: (s) => key((s as Snap).context) });
const reached = paths.map((p) => p.state as Snap);

describe('selection model', () => {
  it('reaches every selection of the list, with anchors, focus and panel on every row', () => {
    const ids = new Set(reached.map((s) => sorted(s.context.ids).join(',')));
    expect(ids.size).toBe(2 ** ITEMS.length);
    expect(new Set(reached.map((s) => s.context.anchorId))).toEqual(new Set([null, ...ROWS.map((r) => r.id)]));
    expect(new Set(reached.map((s) => s.context.focusId))).toEqual(new Set([null, ...ROWS.map((r) => r.id)]));
    expect(new Set(reached.map((s) => s.context.openId))).toEqual(new Set([null, ...ITEMS]));
    expect(new Set(reached.map((s) => rowsName(s.context.rows)))).toEqual(
      new Set(['none', rowsName(ROWS), rowsName(SHRUNK)]),
    );
  });

  it('models exactly the events the machine handles, each changing some reachable selection', () => {
    expect(Object.keys(selectionMachine.config.on ?? {}).sort()).toEqual(Object.keys(EVENTS).sort());
    for (const event of ALL) {
      const changes = reached.some((s) => key(getNextSnapshot(walked, s, event).context) !== key(s.context));
      expect(changes, describeEvent(event)).toBe(true);
    }
  });

  it('replays every path on a real actor, step by step, the screen told every change', { timeout: 30_000 }, () => {
    for (const path of paths) {
      const { child: actor, reportsOf, stop } = underParent(selectionMachine);
      for (const step of path.steps) {
        if ((step.event as { type: string }).type === 'xstate.init') continue;
        const event = step.event as SelectionEvent;
        const before = actor.getSnapshot().context;
        const told = reportsOf('selection.changed').length;
        actor.send(event);
        const after = actor.getSnapshot().context;
        if (key(after) !== key(step.state.context)) {
          expect(after, describeEvent(event)).toEqual(step.state.context);
        }
        const news = reportsOf('selection.changed').slice(told) as unknown as SelectionReport[];
        const expected = reports(before, event, after)
          ? [{ type: 'selection.changed', ids: after.ids, openId: after.openId }]
          : [];
        if (JSON.stringify(news) !== JSON.stringify(expected)) {
          expect(news, describeEvent(event)).toEqual(expected);
        }
      }
      stop();
    }
    expect(paths.length).toBeGreaterThan(1000);
  });

  it.each(ALL.map((e) => [describeEvent(e), e] as const))(
    '%s obeys its rule from every reachable selection',
    (_, event) => {
      for (const state of reached) check(state.context, getNextSnapshot(walked, state, event).context, event);
    },
  );
});
