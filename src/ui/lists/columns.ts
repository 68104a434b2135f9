import type { ListKind } from '../../machines/list/types';

/**
 * The columns of each list, in the order they show, each with the narrowest width its content
 * reads at (ids, times and labels whole, a product or a name with room for its first words) and
 * a rank: the list keeps the columns that fit its own width, lowest rank first, so a narrow list
 * (1280 px with the panel open) drops the least needed columns instead of cutting every one.
 * Widths are CSS container queries on the list: nothing is measured or re-rendered on resize.
 */
export interface Column {
  key: string;
  title: string;
  /** Narrowest width, px. */
  min: number;
  /** Share of the room left over (0: stays at `min`). */
  grow: number;
  /** 1 = kept longest. */
  rank: number;
}

/**
 * The columns a list is laid out with: its kind's, or on "Orders with issues" the orders' with
 * each order's issue next to its id.
 */
export type ListLayout = ListKind | 'issues';

export const layoutOf = (kind: ListKind, view: string | null): ListLayout =>
  kind === 'orders' && view === 'issues' ? 'issues' : kind;

// the OTA order id is what customers quote on the phone: it stays with the order's own id
const ORDER_COLUMNS: readonly Column[] = [
  { key: 'order', title: 'Order', min: 84, grow: 0, rank: 1 },
  { key: 'ota', title: 'OTA', min: 56, grow: 0, rank: 7 },
  { key: 'otaOrder', title: 'OTA order', min: 104, grow: 0, rank: 2 },
  { key: 'time', title: 'Time', min: 44, grow: 0, rank: 3 },
  { key: 'customer', title: 'Customer', min: 112, grow: 1, rank: 6 },
  { key: 'product', title: 'Product', min: 144, grow: 2, rank: 4 },
  { key: 'qty', title: 'Qty', min: 32, grow: 0, rank: 8 },
  { key: 'status', title: 'Status', min: 116, grow: 0, rank: 5 },
  { key: 'tour', title: 'Tour', min: 72, grow: 0, rank: 9 },
  { key: 'emails', title: 'E-mails', min: 120, grow: 0, rank: 10 },
];

/** The issue right after the ids, kept before everything but them. */
const ISSUE_COLUMNS: readonly Column[] = [
  ...ORDER_COLUMNS.slice(0, 3).map((c) => (c.key === 'ota' ? { ...c, rank: c.rank + 1 } : c)),
  { key: 'issue', title: 'Issue', min: 176, grow: 2, rank: 3 },
  ...ORDER_COLUMNS.slice(3).map((c) => ({ ...c, rank: c.rank + 1 })),
];

export const COLUMNS: Record<ListLayout, readonly Column[]> = {
  orders: ORDER_COLUMNS,
  issues: ISSUE_COLUMNS,
  tours: [
    { key: 'tour', title: 'Tour', min: 72, grow: 0, rank: 1 },
    { key: 'name', title: 'Name', min: 140, grow: 1.6, rank: 2 },
    { key: 'time', title: 'Departure', min: 72, grow: 0, rank: 3 },
    { key: 'product', title: 'Product', min: 144, grow: 2, rank: 5 },
    { key: 'orders', title: 'Orders', min: 52, grow: 0, rank: 6 },
    { key: 'status', title: 'Status', min: 116, grow: 0, rank: 4 },
  ],
};

export const COLUMN_GAP = 8;
/** Left and right padding of a row. */
export const ROW_PADDING = 12;

/** The class of a column's cells (header and rows), which the width rules show or hide. */
export const cellClass = (key: string) => `col-${key}`;

const track = (c: Column) => (c.grow > 0 ? `minmax(${c.min}px, ${c.grow}fr)` : `${c.min}px`);

/** The widths from which the first 1, 2, ... columns by rank fit, and their tracks in display order. */
function bands(columns: readonly Column[]) {
  const byRank = [...columns].sort((a, b) => a.rank - b.rank);
  let width = 2 * ROW_PADDING - COLUMN_GAP;
  return byRank.map((_, i) => {
    width += byRank[i].min + COLUMN_GAP;
    const shown = new Set(byRank.slice(0, i + 1).map((c) => c.key));
    return {
      from: width,
      template: columns
        .filter((c) => shown.has(c.key))
        .map(track)
        .join(' '),
      added: byRank[i].key,
    };
  });
}

/**
 * Rules for the list's `css` (the list is the query container): below each band's width its
 * column is hidden and the grid's tracks are the shown columns'. The first three ranks always show.
 */
export function columnRules(kind: ListLayout, rowSelector: string): Record<string, unknown> {
  const all = bands(COLUMNS[kind]);
  const always = 3;
  const rules: Record<string, unknown> = {
    [`& ${rowSelector}`]: { gridTemplateColumns: all[always - 1].template },
  };
  for (const band of all.slice(always)) rules[`& .${cellClass(band.added)}`] = { display: 'none' };
  for (const band of all.slice(always)) {
    rules[`@container (min-width: ${band.from}px)`] = {
      [`& ${rowSelector}`]: { gridTemplateColumns: band.template },
      [`& .${cellClass(band.added)}`]: { display: 'block' },
    };
  }
  return rules;
}
