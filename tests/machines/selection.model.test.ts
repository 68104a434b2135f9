import { describe, expect, it } from 'vitest';
import { createActor, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { RowKey } from '../../src/machines/list/types';
import { selectionMachine, type SelectionContext, type SelectionEvent } from '../../src/machines/selection/selection.machine';

/**
 * Model-based: every context the production selection machine can reach from this list (two days,
 * headers included) is found by xstate/graph; each shortest path is replayed on a real actor, and
 * every event is then tried from every reachable context and checked against the rule it must obey,
 * written here as set relations rather than as the machine's own code.
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
const ITEMS = ROWS.filter((r) => !r.header).map((r) => r.id);
const STILL_LISTED = ['a1', 'b1'];

type Type = SelectionEvent['type'];
type Snap = SnapshotFrom<typeof selectionMachine>;
type Of<T extends Type> = Extract<SelectionEvent, { type: T }>;

/** Every event the machine takes, with the values the model tries. */
const EVENTS = {
  'selection.click': ROWS.flatMap((r) =>
    (['replace', 'range', 'toggle'] as const).map((mode) => ({
      type: 'selection.click' as const,
      id: r.id,
      mode,
      rows: ROWS,
    })),
  ),
  'selection.key': (['ArrowUp', 'ArrowDown', 'Space', 'Enter', 'Escape'] as const).map((key) => ({
    type: 'selection.key' as const,
    key,
    rows: ROWS,
  })),
  'selection.toggle': [{ type: 'selection.toggle', id: 'a2' }],
  'selection.set': [{ type: 'selection.set', ids: ['a1', 'b1', 'a1'] }],
  'selection.clear': [{ type: 'selection.clear' }],
  'selection.close': [{ type: 'selection.close' }],
  'selection.prune': [{ type: 'selection.prune', ids: STILL_LISTED }],
} satisfies { [T in Type]: Of<T>[] };
const ALL: SelectionEvent[] = Object.values(EVENTS).flat();

const key = (c: SelectionContext) => JSON.stringify({ ...c, ids: [...c.ids].sort() });
const sorted = (ids: Iterable<string>) => [...ids].sort();
const rowOf = (id: string | null) => ROWS.find((r) => r.id === id);
const dayOf = (date: string) => ROWS.filter((r) => !r.header && r.date === date).map((r) => r.id);
const describeEvent = (e: SelectionEvent) => JSON.stringify({ ...e, rows: undefined });
const xor = (ids: string[], id: string) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

/** What a click must give, as sets: a header flips its whole day, items per mode. */
function clicked(before: SelectionContext, id: string, mode: 'replace' | 'range' | 'toggle'): SelectionContext {
  const row = rowOf(id)!;
  if (row.header) {
    const day = dayOf(row.date);
    const wasFull = day.every((x) => before.ids.includes(x));
    const others = before.ids.filter((x) => !day.includes(x));
    return { ...before, ids: wasFull ? others : [...others, ...day], anchorId: id, focusId: id };
  }
  if (mode === 'range' && rowOf(before.anchorId)) {
    const [i, j] = [ROWS.indexOf(rowOf(before.anchorId)!), ROWS.indexOf(row)].sort((x, y) => x - y);
    return { ...before, ids: ROWS.filter((r, k) => k >= i && k <= j && !r.header).map((r) => r.id), focusId: id };
  }
  if (mode === 'toggle') return { ...before, ids: xor(before.ids, id), anchorId: id, focusId: id };
  return { ids: [id], anchorId: id, focusId: id, openId: id };
}

/** The selection each event must give from `before` (ids compared as a set). */
const RULES: { [T in Type]: (before: SelectionContext, event: Of<T>) => SelectionContext } = {
  'selection.click': (before, e) => clicked(before, e.id, e.mode),
  'selection.key': (before, e) => {
    const focus = rowOf(before.focusId);
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      const at = focus ? ROWS.indexOf(focus) + (e.key === 'ArrowDown' ? 1 : -1) : 0;
      return { ...before, focusId: ROWS[Math.max(0, Math.min(ROWS.length - 1, at))].id };
    }
    if (e.key === 'Space') return focus ? clicked(before, focus.id, 'toggle') : before;
    if (e.key === 'Enter') return { ...before, openId: focus && !focus.header ? focus.id : before.openId };
    return { ...before, openId: null };
  },
  'selection.toggle': (before, e) => ({ ...before, ids: xor(before.ids, e.id) }),
  'selection.set': (before, e) => ({ ...before, ids: [...new Set(e.ids)] }),
  'selection.clear': () => ({ ids: [], anchorId: null, focusId: null, openId: null }),
  'selection.close': (before) => ({ ...before, openId: null }),
  'selection.prune': (before, e) => {
    const kept = (id: string | null) => (id === null || rowOf(id)?.header || e.ids.includes(id) ? id : null);
    return {
      ids: before.ids.filter((x) => e.ids.includes(x)),
      anchorId: kept(before.anchorId),
      focusId: kept(before.focusId),
      openId: before.openId,
    };
  },
};

/** Checks one transition (expect only on a mismatch: tens of thousands of transitions are checked). */
function check(before: SelectionContext, after: SelectionContext, event: SelectionEvent) {
  const expected = (RULES[event.type] as (b: SelectionContext, e: SelectionEvent) => SelectionContext)(before, event);
  // whatever happened: each id once, only items of the list, and the panel shows an item or nothing
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

const paths = getShortestPaths(selectionMachine, { events: ALL, serializeState: (s) => key((s as Snap).context) });
const reached = paths.map((p) => p.state as Snap);

describe('selection model', () => {
  it('reaches every selection of the list, with anchors, focus and panel on every row', () => {
    const ids = new Set(reached.map((s) => sorted(s.context.ids).join(',')));
    expect(ids.size).toBe(2 ** ITEMS.length);
    expect(new Set(reached.map((s) => s.context.anchorId))).toEqual(new Set([null, ...ROWS.map((r) => r.id)]));
    expect(new Set(reached.map((s) => s.context.focusId))).toEqual(new Set([null, ...ROWS.map((r) => r.id)]));
    expect(new Set(reached.map((s) => s.context.openId))).toEqual(new Set([null, ...ITEMS]));
  });

  it('models exactly the events the machine handles, each changing some reachable selection', () => {
    expect(Object.keys(selectionMachine.config.on ?? {}).sort()).toEqual(Object.keys(EVENTS).sort());
    for (const event of ALL) {
      const changes = reached.some((s) => key(getNextSnapshot(selectionMachine, s, event).context) !== key(s.context));
      expect(changes, describeEvent(event)).toBe(true);
    }
  });

  it('replays every path on a real actor, step by step', { timeout: 30_000 }, () => {
    for (const path of paths) {
      const actor = createActor(selectionMachine).start();
      for (const step of path.steps) {
        if ((step.event as { type: string }).type === 'xstate.init') continue;
        actor.send(step.event as SelectionEvent);
        if (key(actor.getSnapshot().context) !== key(step.state.context)) {
          expect(actor.getSnapshot().context, describeEvent(step.event as SelectionEvent)).toEqual(step.state.context);
        }
      }
      actor.stop();
    }
    expect(paths.length).toBeGreaterThan(1000);
  });

  it.each(ALL.map((e) => [describeEvent(e), e] as const))(
    '%s obeys its rule from every reachable selection',
    (_, event) => {
      for (const state of reached) check(state.context, getNextSnapshot(selectionMachine, state, event).context, event);
    },
  );
});
