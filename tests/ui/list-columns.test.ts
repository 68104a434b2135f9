import { describe, expect, it } from 'vitest';
import type { KeyboardEvent } from 'react';
import { COLUMNS, columnRules, layoutOf, type ListLayout } from '../../src/ui/lists/columns';
import { selectionKey } from '../../src/ui/lists/list-keys';

/** The columns each list width shows, read from the container rules (as the browser applies them). */
function shownAt(kind: ListLayout, width: number): string[] {
  const rules = columnRules(kind, '.cols');
  const hidden = new Set(
    Object.keys(rules)
      .filter((k) => k.startsWith('& .col-'))
      .map((k) => k.slice('& .col-'.length)),
  );
  for (const [query, body] of Object.entries(rules)) {
    const from = /^@container \(min-width: (\d+)px\)$/.exec(query);
    if (!from || width < Number(from[1])) continue;
    for (const key of Object.keys(body as object)) if (key.startsWith('& .col-')) hidden.delete(key.slice(7));
  }
  return COLUMNS[kind].map((c) => c.key).filter((key) => !hidden.has(key));
}

describe('list columns', () => {
  it('keep the columns that fit, dropping the least needed first', () => {
    // 1280 px with the side navigation and the panel open leaves the list about 609 px: the OTA
    // order id (what customers quote on the phone) stays next to the order's own id
    expect(shownAt('orders', 609)).toEqual(['order', 'otaOrder', 'time', 'product', 'status']);
    expect(shownAt('orders', 700)).toEqual(['order', 'otaOrder', 'time', 'customer', 'product', 'status']);
    expect(shownAt('orders', 1200)).toEqual(COLUMNS.orders.map((c) => c.key));
    expect(shownAt('orders', 200)).toEqual(['order', 'otaOrder', 'time']);
    expect(shownAt('tours', 600)).toEqual(['tour', 'name', 'time', 'product', 'status']);
  });

  it('on "Orders with issues" show each order\'s issue right after its ids', () => {
    expect(layoutOf('orders', 'issues')).toBe('issues');
    expect(layoutOf('orders', 'pending')).toBe('orders');
    expect(layoutOf('tours', 'issues')).toBe('tours');
    expect(shownAt('issues', 609)).toEqual(['order', 'otaOrder', 'issue', 'time', 'product']);
    expect(shownAt('issues', 200)).toEqual(['order', 'otaOrder', 'issue']);
    expect(shownAt('issues', 1400)).toEqual(COLUMNS.issues.map((c) => c.key));
  });

  it("give the grid the shown columns' tracks, each at least its minimum width", () => {
    const rules = columnRules('orders', '.cols') as Record<string, Record<string, { gridTemplateColumns?: string }>>;
    const at600 = Object.entries(rules)
      .filter(([q]) => q.startsWith('@container') && Number(/(\d+)px/.exec(q)![1]) <= 600)
      .at(-1)![1]['& .cols'].gridTemplateColumns;
    expect(at600).toBe('84px 104px 44px minmax(144px, 2fr) 116px');
    // what the widest band asks fits the width it starts at: minimums, gaps and padding
    for (const [query, body] of Object.entries(rules)) {
      if (!query.startsWith('@container')) continue;
      const width = Number(/(\d+)px/.exec(query)![1]);
      const tracks = body['& .cols'].gridTemplateColumns!.split(/ (?![^(]*\))/);
      const mins = tracks.map((t) => Number(/(\d+)px/.exec(t)![1]));
      expect(mins.reduce((a, b) => a + b, 0) + 8 * (tracks.length - 1) + 24).toBe(width);
    }
  });
});

const key = (init: Partial<KeyboardEvent>) =>
  ({ ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init }) as KeyboardEvent;

describe('list keys', () => {
  it('map to the selection: moves (Shift extends, pages by the rows shown), Space, Enter, Escape, Ctrl/Cmd+A', () => {
    expect(selectionKey(key({ key: 'PageDown' }), 12)).toEqual({
      type: 'selection.key',
      key: 'PageDown',
      extend: false,
      pageSize: 12,
    });
    expect(selectionKey(key({ key: 'ArrowUp', shiftKey: true }), 12)).toMatchObject({ key: 'ArrowUp', extend: true });
    expect(selectionKey(key({ key: ' ' }), 12)).toEqual({ type: 'selection.key', key: 'Space' });
    expect(selectionKey(key({ key: 'Escape' }), 12)).toEqual({ type: 'selection.key', key: 'Escape' });
    expect(selectionKey(key({ key: 'a', ctrlKey: true }), 12)).toEqual({ type: 'selection.key', key: 'SelectAll' });
    expect(selectionKey(key({ key: 'A', metaKey: true, shiftKey: true }), 12)).toMatchObject({ key: 'SelectAll' });
  });

  it('leave other keys alone: Ctrl/Cmd+Enter sends a comment, Tab moves on, letters type', () => {
    for (const init of [
      { key: 'Enter', ctrlKey: true },
      { key: 'Tab' },
      { key: 'a' },
      { key: 'Enter', shiftKey: true },
    ])
      expect(selectionKey(key(init), 12)).toBeNull();
  });
});
