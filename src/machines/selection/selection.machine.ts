import { assign, setup } from 'xstate';
import {
  clickRow,
  EMPTY_SELECTION,
  needsPrune,
  pressKey,
  pruneSelection,
  toggleId,
  uniqueIds,
  type ClickMode,
  type SelectionKey,
  type SelectionState,
} from '../../domain/selection-rules';
import type { RowKey } from '../list/types';

export type { ClickMode, SelectionKey };

/**
 * The ids selected in a list (orders or tours); the lists drive it, navigation clears it.
 * `anchorId`: where a Shift+click range starts; `focusId`: the keyboard focus row; `openId`: the
 * row whose details the side panel shows (click, or Enter on the focus row).
 */
export type SelectionContext = SelectionState;

export type SelectionEvent =
  | { type: 'selection.toggle'; id: string }
  | { type: 'selection.set'; ids: string[] }
  | { type: 'selection.clear' }
  /** Plain click replaces, Shift+click extends a range, Ctrl/Cmd+click toggles; a date header toggles its day.
   *  `rows` is the list as shown (headers included), for ranges and a header's day. */
  | { type: 'selection.click'; id: string; mode: ClickMode; rows: readonly RowKey[] }
  | { type: 'selection.key'; key: SelectionKey; rows: readonly RowKey[] }
  | { type: 'selection.close' }
  /** `ids`: every item id the list still holds; selected rows not among them are dropped. */
  | { type: 'selection.prune'; ids: readonly string[] };

export const selectionMachine = setup({
  types: {
    context: {} as SelectionContext,
    events: {} as SelectionEvent,
  },
  actions: {
    toggle: assign(({ context }, params: { id: string }) => ({ ids: toggleId(context.ids, params.id) })),
    replace: assign((_, params: { ids: string[] }) => ({ ids: uniqueIds(params.ids) })),
    clear: assign(() => ({ ...EMPTY_SELECTION, ids: [] })),
    click: assign(({ context }, params: { id: string; mode: ClickMode; rows: readonly RowKey[] }) =>
      clickRow(context, params.rows, params.id, params.mode),
    ),
    press: assign(({ context }, params: { key: SelectionKey; rows: readonly RowKey[] }) =>
      pressKey(context, params.rows, params.key),
    ),
    close: assign({ openId: null }),
    prune: assign(({ context }, params: { ids: readonly string[] }) => pruneSelection(context, params.ids)),
  },
  guards: {
    hasGoneRows: ({ context }, params: { ids: readonly string[] }) => needsPrune(context, params.ids),
  },
}).createMachine({
  id: 'selection',
  context: { ...EMPTY_SELECTION, ids: [] },
  on: {
    'selection.toggle': { actions: { type: 'toggle', params: ({ event }) => ({ id: event.id }) } },
    'selection.set': { actions: { type: 'replace', params: ({ event }) => ({ ids: event.ids }) } },
    'selection.clear': { actions: 'clear' },
    'selection.click': {
      actions: { type: 'click', params: ({ event }) => ({ id: event.id, mode: event.mode, rows: event.rows }) },
    },
    'selection.key': { actions: { type: 'press', params: ({ event }) => ({ key: event.key, rows: event.rows }) } },
    'selection.close': { actions: 'close' },
    'selection.prune': {
      guard: { type: 'hasGoneRows', params: ({ event }) => ({ ids: event.ids }) },
      actions: { type: 'prune', params: ({ event }) => ({ ids: event.ids }) },
    },
  },
});
