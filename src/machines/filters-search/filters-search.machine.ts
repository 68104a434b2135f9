import { assign, sendParent, setup, type ActorRefFrom } from 'xstate';

/**
 * The search box of the filter bar: typing is committed after a short pause, Enter commits
 * at once. A commit reports `search.committed` to the screen (only when the text changed); `search.sync`
 * follows the URL (back button, reset) without committing anything.
 */
export const SEARCH_PAUSE_MS = 500;

export interface FiltersSearchContext {
  /** What the box shows. */
  text: string;
  /** The search the URL holds. */
  committed: string;
}

export type FiltersSearchEvent =
  { type: 'search.change'; text: string } | { type: 'search.submit' } | { type: 'search.sync'; text: string };

export type FiltersSearchReport = { type: 'search.committed'; text: string };

export const filtersSearchMachine = setup({
  types: {
    input: {} as { text: string },
    context: {} as FiltersSearchContext,
    events: {} as FiltersSearchEvent,
  },
  delays: { searchPause: SEARCH_PAUSE_MS },
  guards: {
    hasChanged: ({ context }) => context.text.trim() !== context.committed,
  },
  actions: {
    setText: assign({ text: ({ event }) => (event.type === 'search.change' ? event.text : '') }),
    commit: assign({ committed: ({ context }) => context.text.trim() }),
    reportCommitted: sendParent(({ context }): FiltersSearchReport => ({
      type: 'search.committed',
      text: context.committed,
    })),
    syncText: assign(({ event }) =>
      event.type === 'search.sync' ? { text: event.text, committed: event.text.trim() } : {},
    ),
  },
}).createMachine({
  id: 'filtersSearch',
  context: ({ input }) => ({ text: input.text, committed: input.text.trim() }),
  initial: 'idle',
  on: {
    'search.change': { target: '.typing', reenter: true, actions: 'setText' },
    'search.submit': [
      { guard: 'hasChanged', target: '.idle', actions: ['commit', 'reportCommitted'] },
      { target: '.idle' },
    ],
    'search.sync': { target: '.idle', actions: 'syncText' },
  },
  states: {
    idle: {},
    typing: {
      after: {
        searchPause: [
          { guard: 'hasChanged', target: 'idle', actions: ['commit', 'reportCommitted'] },
          { target: 'idle' },
        ],
      },
    },
  },
});

export type FiltersSearchActorRef = ActorRefFrom<typeof filtersSearchMachine>;
