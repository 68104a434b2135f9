import { assign, sendParent, setup } from 'xstate';
import { searchGuides, type Guide } from '../../api/services/emails';

/**
 * The guide picker of the send-info dialog: searching as you type (after a short pause, the
 * newest search wins), guides at the tour's place first, then a pick, reported to the dialog
 * (`guide.picked`).
 */
export const GUIDE_PAUSE_MS = 300;

export interface GuideSearchInput {
  /** The team whose guides are searched (the directory is per team). */
  teamId: string;
  /** The place the tour starts from (null: not known): guides located there are listed first. */
  near: string | null;
}

export interface GuideSearchContext extends GuideSearchInput {
  query: string;
  guides: Guide[];
  picked: Guide | null;
  error: string | null;
}

export type GuideSearchEvent =
  { type: 'guide.query'; text: string } | { type: 'guide.pick'; id: string } | { type: 'guide.clear' };

export type GuideSearchReport = { type: 'guide.picked'; guide: Guide | null };

export const GUIDES_FAILED = 'Guides could not be searched';

export const guideSearchMachine = setup({
  types: {
    context: {} as GuideSearchContext,
    events: {} as GuideSearchEvent,
    input: {} as GuideSearchInput,
    tags: {} as 'searching',
  },
  actors: { searchGuides },
  delays: { pause: GUIDE_PAUSE_MS },
  guards: {
    isListed: ({ context }, p: { id: string }) => context.guides.some((g) => g.id === p.id),
  },
  actions: {
    setQuery: assign((_, p: { text: string }) => ({ query: p.text })),
    setGuides: assign((_, p: { guides: Guide[] }) => ({ guides: p.guides, error: null })),
    fail: assign({ guides: [], error: GUIDES_FAILED }),
    pick: assign(({ context }, p: { id: string }) => ({ picked: context.guides.find((g) => g.id === p.id) ?? null })),
    clear: assign({ picked: null }),
    report: sendParent(({ context }): GuideSearchReport => ({ type: 'guide.picked', guide: context.picked })),
  },
}).createMachine({
  id: 'guideSearch',
  context: ({ input }) => ({
    teamId: input.teamId,
    near: input.near,
    query: '',
    guides: [],
    picked: null,
    error: null,
  }),
  initial: 'searching',
  on: {
    'guide.query': { target: '.typing', actions: { type: 'setQuery', params: ({ event }) => event } },
    'guide.pick': {
      guard: { type: 'isListed', params: ({ event }) => event },
      actions: [{ type: 'pick', params: ({ event }) => event }, 'report'],
    },
    'guide.clear': { actions: ['clear', 'report'] },
  },
  states: {
    typing: { after: { pause: 'searching' } },
    searching: {
      tags: ['searching'],
      invoke: {
        id: 'searchGuides',
        src: 'searchGuides',
        input: ({ context }) => ({ teamId: context.teamId, query: context.query.trim(), near: context.near }),
        onDone: { target: 'idle', actions: { type: 'setGuides', params: ({ event }) => ({ guides: event.output }) } },
        onError: { target: 'idle', actions: 'fail' },
      },
    },
    idle: {},
  },
});
