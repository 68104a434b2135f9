import { describe, expect, it } from 'vitest';
import {
  clickRow,
  dayItemIds,
  EMPTY_SELECTION,
  isDateId,
  moveFocus,
  needsPrune,
  pressKey,
  pruneSelection,
  rangeIds,
  toggleDay,
  type SelectionRow,
  type SelectionState,
} from '../../src/domain/selection-rules';

const D1 = '2026-11-20';
const D2 = '2026-11-21';
const header = (date: string): SelectionRow => ({ id: date, date, header: true });
const item = (id: string, date: string): SelectionRow => ({ id, date, header: false });
const ROWS: SelectionRow[] = [
  header(D1),
  item('a1', D1),
  item('a2', D1),
  item('a3', D1),
  header(D2),
  item('b1', D2),
  item('b2', D2),
];
const at = (patch: Partial<SelectionState>): SelectionState => ({ ...EMPTY_SELECTION, ...patch });

describe('days', () => {
  it('lists the items of a day, never its header', () => {
    expect(dayItemIds(ROWS, D1)).toEqual(['a1', 'a2', 'a3']);
    expect(dayItemIds(ROWS, '2026-01-01')).toEqual([]);
  });

  it('selects the whole day when part of it is selected, keeping the rest of the selection', () => {
    expect(toggleDay(['b1', 'a2'], ROWS, D1)).toEqual(['b1', 'a2', 'a1', 'a3']);
  });

  it('deselects the day when all of it is selected, and only it', () => {
    expect(toggleDay(['a1', 'b1', 'a2', 'a3'], ROWS, D1)).toEqual(['b1']);
  });

  it('leaves the selection alone for a day without items', () => {
    expect(toggleDay(['b1'], [header(D1)], D1)).toEqual(['b1']);
  });

  it('knows date ids', () => {
    expect(isDateId('2026-11-20')).toBe(true);
    expect(isDateId('ord_2026-11-20')).toBe(false);
  });
});

describe('rangeIds', () => {
  it('spans the items between two rows in either direction, skipping headers', () => {
    expect(rangeIds(ROWS, 'a2', 'b1')).toEqual(['a2', 'a3', 'b1']);
    expect(rangeIds(ROWS, 'b2', 'a3')).toEqual(['a3', 'b1', 'b2']);
    expect(rangeIds(ROWS, D1, D2)).toEqual(['a1', 'a2', 'a3']);
  });

  it('is empty when either end is not in the list', () => {
    expect(rangeIds(ROWS, 'gone', 'a1')).toEqual([]);
  });
});

describe('clickRow', () => {
  it('replace selects just the row and opens it', () => {
    expect(clickRow(at({ ids: ['a1', 'b1'], openId: 'b1' }), ROWS, 'a2', 'replace')).toEqual({
      ids: ['a2'],
      anchorId: 'a2',
      focusId: 'a2',
      openId: 'a2',
    });
  });

  it('range selects from the anchor to the row, keeping the anchor and the panel', () => {
    expect(clickRow(at({ ids: ['a2'], anchorId: 'a2', focusId: 'a2', openId: 'a2' }), ROWS, 'b2', 'range')).toEqual({
      ids: ['a2', 'a3', 'b1', 'b2'],
      anchorId: 'a2',
      focusId: 'b2',
      openId: 'a2',
    });
  });

  it('range without an anchor (or one that left the list) acts like replace', () => {
    expect(clickRow(EMPTY_SELECTION, ROWS, 'b1', 'range')).toEqual(
      at({ ids: ['b1'], anchorId: 'b1', focusId: 'b1', openId: 'b1' }),
    );
    expect(clickRow(at({ anchorId: 'gone' }), ROWS, 'b1', 'range').ids).toEqual(['b1']);
  });

  it('toggle flips the row and moves anchor and focus there', () => {
    const on = clickRow(at({ ids: ['a1'], openId: 'a1' }), ROWS, 'b1', 'toggle');
    expect(on).toEqual({ ids: ['a1', 'b1'], anchorId: 'b1', focusId: 'b1', openId: 'a1' });
    expect(clickRow(on, ROWS, 'a1', 'toggle').ids).toEqual(['b1']);
  });

  it.each(['replace', 'range', 'toggle'] as const)('a header toggles its day in %s mode', (mode) => {
    const once = clickRow(at({ ids: ['b1'], anchorId: 'b1', openId: 'b1' }), ROWS, D1, mode);
    expect(once).toEqual({ ids: ['b1', 'a1', 'a2', 'a3'], anchorId: D1, focusId: D1, openId: 'b1' });
    expect(clickRow(once, ROWS, D1, mode).ids).toEqual(['b1']);
  });

  it('ignores a row that is not in the list', () => {
    const state = at({ ids: ['a1'] });
    expect(clickRow(state, ROWS, 'gone', 'replace')).toBe(state);
  });
});

describe('keyboard', () => {
  it('arrows start at the first row, walk every row (headers too) and stop at the ends', () => {
    expect(moveFocus(ROWS, null, 'ArrowDown')).toBe(D1);
    expect(moveFocus(ROWS, null, 'ArrowUp')).toBe(D1);
    expect(moveFocus(ROWS, D1, 'ArrowUp')).toBe(D1);
    expect(moveFocus(ROWS, 'a3', 'ArrowDown')).toBe(D2);
    expect(moveFocus(ROWS, 'b2', 'ArrowDown')).toBe('b2');
    expect(moveFocus(ROWS, 'gone', 'ArrowDown')).toBe(D1);
    expect(moveFocus([], 'a1', 'ArrowDown')).toBe('a1');
  });

  it('Home and End go to the first and last row; PageUp/PageDown move a page, clamped', () => {
    expect(moveFocus(ROWS, 'a2', 'Home')).toBe(D1);
    expect(moveFocus(ROWS, null, 'End')).toBe('b2');
    expect(moveFocus(ROWS, 'a1', 'PageDown', 3)).toBe(D2);
    expect(moveFocus(ROWS, 'a1', 'PageDown', 30)).toBe('b2');
    expect(moveFocus(ROWS, 'b1', 'PageUp', 3)).toBe('a2');
    expect(moveFocus(ROWS, 'b1', 'PageUp')).toBe(D1);
  });

  it('Shift+move selects from the anchor (else the focus row) to the new focus row, skipping headers', () => {
    expect(pressKey(at({ ids: ['a2'], anchorId: 'a2', focusId: 'a2' }), ROWS, 'ArrowDown', { extend: true })).toEqual(
      at({ ids: ['a2', 'a3'], anchorId: 'a2', focusId: 'a3' }),
    );
    // back past the anchor: the range turns around it
    expect(pressKey(at({ ids: ['a2', 'a3'], anchorId: 'a2', focusId: 'a3' }), ROWS, 'Home', { extend: true })).toEqual(
      at({ ids: ['a1', 'a2'], anchorId: 'a2', focusId: D1 }),
    );
    expect(pressKey(at({ focusId: 'a3', openId: 'a3' }), ROWS, 'End', { extend: true })).toEqual(
      at({ ids: ['a3', 'b1', 'b2'], anchorId: 'a3', focusId: 'b2', openId: 'a3' }),
    );
    // nothing focused yet: from the first row
    expect(pressKey(EMPTY_SELECTION, ROWS, 'ArrowDown', { extend: true }).ids).toEqual([]);
  });

  it('Ctrl/Cmd+A selects every loaded item, never a header', () => {
    expect(pressKey(at({ ids: ['a1'], focusId: 'a1' }), ROWS, 'SelectAll')).toEqual(
      at({ ids: ['a1', 'a2', 'a3', 'b1', 'b2'], focusId: 'a1' }),
    );
  });

  it('Space toggles the focus row, a header its day', () => {
    expect(pressKey(at({ focusId: 'a2' }), ROWS, 'Space').ids).toEqual(['a2']);
    expect(pressKey(at({ ids: ['a2'], focusId: 'a2' }), ROWS, 'Space').ids).toEqual([]);
    expect(pressKey(at({ focusId: D2 }), ROWS, 'Space').ids).toEqual(['b1', 'b2']);
    const none = at({ ids: ['a1'] });
    expect(pressKey(none, ROWS, 'Space')).toBe(none);
  });

  it('Enter opens the focus item, not a header', () => {
    expect(pressKey(at({ focusId: 'b1' }), ROWS, 'Enter').openId).toBe('b1');
    expect(pressKey(at({ focusId: D1, openId: 'a1' }), ROWS, 'Enter').openId).toBe('a1');
  });

  it('Escape clears the selection first, then closes the panel', () => {
    const open = at({ ids: ['b1', 'b2'], focusId: 'b1', openId: 'b1' });
    const cleared = pressKey(open, ROWS, 'Escape');
    expect(cleared).toEqual(at({ focusId: 'b1', openId: 'b1' }));
    expect(pressKey(cleared, ROWS, 'Escape')).toEqual(at({ focusId: 'b1' }));
  });
});

describe('pruning', () => {
  const state = at({ ids: ['a1', 'a2', 'b1'], anchorId: 'a2', focusId: 'b1', openId: 'a2' });

  it('drops selected rows, anchor and focus that left the list; the panel stays', () => {
    expect(needsPrune(state, ['a1', 'b1'])).toBe(true);
    expect(pruneSelection(state, ['a1', 'b1'])).toEqual({
      ids: ['a1', 'b1'],
      anchorId: null,
      focusId: 'b1',
      openId: 'a2',
    });
  });

  it('keeps header anchors and focus, and says when nothing is gone', () => {
    const onHeader = at({ ids: ['a1'], anchorId: D1, focusId: D2 });
    expect(needsPrune(onHeader, ['a1'])).toBe(false);
    expect(pruneSelection(onHeader, [])).toEqual(at({ anchorId: D1, focusId: D2 }));
    expect(needsPrune(state, ['a1', 'a2', 'b1'])).toBe(false);
  });
});
