import { assign, setup } from 'xstate';
import { toggleId, uniqueIds } from '../domain/selection-rules';
import type { RowKey } from './list.types';

/** The ids selected in a list (orders or tours); the lists drive it, navigation clears it. */
export interface SelectionContext {
  ids: string[];
  /** Where a Shift+click range starts. */
  anchorId: string | null;
  /** The keyboard focus row. */
  focusId: string | null;
  /** The row whose details the side panel shows (click, or Enter on the focus row). */
  openId: string | null;
}

/** How a click selects: plain click replaces, Shift+click extends a range, Ctrl/Cmd+click toggles. */
export type ClickMode = 'replace' | 'range' | 'toggle';
export type SelectionKey = 'ArrowUp' | 'ArrowDown' | 'Space' | 'Enter' | 'Escape';

export type SelectionEvent =
  | { type: 'selection.toggle'; id: string }
  | { type: 'selection.set'; ids: string[] }
  | { type: 'selection.clear' }
  /** `rows` is the list as shown (headers included), for ranges and a header's day. */
  | { type: 'selection.click'; id: string; mode: ClickMode; rows: readonly RowKey[] }
  | { type: 'selection.key'; key: SelectionKey; rows: readonly RowKey[] }
  | { type: 'selection.close' };

export const selectionMachine = setup({
  types: {
    context: {} as SelectionContext,
    events: {} as SelectionEvent,
  },
  actions: {
    toggle: assign(({ context }, params: { id: string }) => ({ ids: toggleId(context.ids, params.id) })),
    replace: assign((_, params: { ids: string[] }) => ({ ids: uniqueIds(params.ids) })),
    clear: assign({ ids: [], anchorId: null, focusId: null, openId: null }),
  },
}).createMachine({
  id: 'selection',
  context: { ids: [], anchorId: null, focusId: null, openId: null },
  on: {
    'selection.toggle': { actions: { type: 'toggle', params: ({ event }) => ({ id: event.id }) } },
    'selection.set': { actions: { type: 'replace', params: ({ event }) => ({ ids: event.ids }) } },
    'selection.clear': { actions: 'clear' },
  },
});
