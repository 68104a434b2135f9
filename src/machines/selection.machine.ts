import { assign, setup } from 'xstate';
import { toggleId, uniqueIds } from '../domain/selection-rules';

/** The ids selected in a list (orders or tours); the lists drive it, navigation clears it. */
export interface SelectionContext {
  ids: string[];
}

export type SelectionEvent =
  { type: 'selection.toggle'; id: string } | { type: 'selection.set'; ids: string[] } | { type: 'selection.clear' };

export const selectionMachine = setup({
  types: {
    context: {} as SelectionContext,
    events: {} as SelectionEvent,
  },
  actions: {
    toggle: assign(({ context }, params: { id: string }) => ({ ids: toggleId(context.ids, params.id) })),
    replace: assign((_, params: { ids: string[] }) => ({ ids: uniqueIds(params.ids) })),
    clear: assign({ ids: [] }),
  },
}).createMachine({
  id: 'selection',
  context: { ids: [] },
  on: {
    'selection.toggle': { actions: { type: 'toggle', params: ({ event }) => ({ id: event.id }) } },
    'selection.set': { actions: { type: 'replace', params: ({ event }) => ({ ids: event.ids }) } },
    'selection.clear': { actions: 'clear' },
  },
});
