import { assign, sendParent, setup } from 'xstate';
import {
  clickRow,
  EMPTY_SELECTION,
  needsPrune,
  pressKey,
  pruneSelection,
  toggleId,
  uniqueIds,
  type ClickMode,
  type KeyOptions,
  type SelectionKey,
  type SelectionState,
} from '../../domain/selection-rules';
import type { RowKey } from '../list/types';
import type { SelectionEvent, SelectionReport } from './types';

export type { ClickMode, SelectionKey };

/**
 * The ids selected in a list (orders or tours). `anchorId`: where a Shift+click or Shift+arrow
 * range starts; `focusId`: the keyboard focus row; `openId`: the row whose details the side panel
 * shows (click, or Enter on the focus row). Keys: src/domain/selection-rules.ts `pressKey`. The screen gives it the list's rows (`selection.rows`), and it
 * reports every change to the screen (`selection.changed`).
 */
export interface SelectionContext extends SelectionState {
  /** The list as shown (headers included), for ranges, keys and a header's day. */
  rows: readonly RowKey[];
}

const itemIds = (rows: readonly RowKey[]) => rows.filter((r) => !r.header).map((r) => r.id);

export const selectionMachine = setup({
  types: {
    context: {} as SelectionContext,
    events: {} as SelectionEvent,
  },
  actions: {
    toggle: assign(({ context }, params: { id: string }) => ({ ids: toggleId(context.ids, params.id) })),
    replace: assign((_, params: { ids: string[] }) => ({ ids: uniqueIds(params.ids) })),
    clear: assign(() => ({ ...EMPTY_SELECTION, ids: [] })),
    click: assign(({ context }, params: { id: string; mode: ClickMode }) =>
      clickRow(context, context.rows, params.id, params.mode),
    ),
    press: assign(({ context }, params: { key: SelectionKey } & KeyOptions) =>
      pressKey(context, context.rows, params.key, params),
    ),
    close: assign({ openId: null }),
    setRows: assign((_, params: { rows: readonly RowKey[] }) => ({ rows: params.rows })),
    prune: assign(({ context }) => pruneSelection(context, itemIds(context.rows))),
    report: sendParent(({ context }): SelectionReport => ({
      type: 'selection.changed',
      ids: context.ids,
      openId: context.openId,
    })),
  },
  guards: {
    hasGoneRows: ({ context }, params: { rows: readonly RowKey[] }) => needsPrune(context, itemIds(params.rows)),
  },
}).createMachine({
  id: 'selection',
  context: { ...EMPTY_SELECTION, ids: [], rows: [] },
  on: {
    'selection.toggle': { actions: [{ type: 'toggle', params: ({ event }) => ({ id: event.id }) }, 'report'] },
    'selection.set': { actions: [{ type: 'replace', params: ({ event }) => ({ ids: event.ids }) }, 'report'] },
    'selection.clear': { actions: ['clear', 'report'] },
    'selection.click': {
      actions: [{ type: 'click', params: ({ event }) => ({ id: event.id, mode: event.mode }) }, 'report'],
    },
    'selection.key': {
      actions: [
        {
          type: 'press',
          params: ({ event }) => ({ key: event.key, extend: event.extend, pageSize: event.pageSize }),
        },
        'report',
      ],
    },
    'selection.close': { actions: ['close', 'report'] },
    // rows that leave the list (moved out of the view, filtered away) leave the selection too
    'selection.rows': [
      {
        guard: { type: 'hasGoneRows', params: ({ event }) => ({ rows: event.rows }) },
        actions: [{ type: 'setRows', params: ({ event }) => ({ rows: event.rows }) }, 'prune', 'report'],
      },
      { actions: { type: 'setRows', params: ({ event }) => ({ rows: event.rows }) } },
    ],
  },
});
