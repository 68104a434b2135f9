import { assign, sendParent, setup } from 'xstate';
import type { DatesSetAside } from '../../domain/list-filters';

/**
 * The date range picker (Chakra's DatePicker is its view). Closed it shows the applied range;
 * open, the first day picked starts a draft and the second completes the range, which applies at
 * once: it closes and reports `range.applied` to its screen. Closing otherwise (Escape, a click
 * outside, the trigger) drops the draft; "Clear dates" applies no range ("Pick a date"). While the
 * screen sets its dates aside (a search, today's tours) the picker does not open.
 */
export interface DateRangeInput {
  start: string | null;
  end: string | null;
  /** The team's timezone: the calendar's today. */
  timezone: string;
  /** Screens whose range always applies (the export) leave it out. */
  setAside?: DatesSetAside;
}

export interface DateRangeContext {
  start: string | null;
  end: string | null;
  timezone: string;
  setAside: DatesSetAside;
  /** The first day picked, while the last one is awaited. */
  draftStart: string | null;
}

export type DateRangeEvent =
  | { type: 'range.open' }
  | { type: 'range.close' }
  /** What the calendar holds after a pick (`YYYY-MM-DD`): the first day alone, or both ends. */
  | { type: 'range.pick'; days: string[] }
  | { type: 'range.clear' }
  /** The screen's range changed (back button, reset, a search): the picker follows it. */
  | { type: 'range.sync'; start: string | null; end: string | null; setAside: DatesSetAside };

export type DateRangeReport = { type: 'range.applied'; start: string | null; end: string | null };

type Sync = Extract<DateRangeEvent, { type: 'range.sync' }>;

export const dateRangeMachine = setup({
  types: {
    input: {} as DateRangeInput,
    context: {} as DateRangeContext,
    events: {} as DateRangeEvent,
  },
  guards: {
    applies: ({ context }) => context.setAside === null,
    hasRange: ({ context }) => context.start !== null,
    picksOneDay: (_, params: { days: string[] }) => params.days.length === 1,
    picksBothEnds: (_, params: { days: string[] }) => params.days.length === 2,
    setsAside: (_, params: Sync) => params.setAside !== null,
  },
  actions: {
    pickStart: assign((_, params: { days: string[] }) => ({ draftStart: params.days[0] })),
    applyPicked: assign((_, params: { days: string[] }) => {
      const [start, end] = [...params.days].sort();
      return { start, end, draftStart: null };
    }),
    applyNone: assign({ start: null, end: null, draftStart: null }),
    dropDraft: assign({ draftStart: null }),
    reportApplied: sendParent(({ context }): DateRangeReport => ({
      type: 'range.applied',
      start: context.start,
      end: context.end,
    })),
    sync: assign((_, params: Sync) => ({
      start: params.start,
      end: params.start === null ? null : params.end,
      setAside: params.setAside,
    })),
  },
}).createMachine({
  id: 'dateRange',
  context: ({ input }) => ({
    start: input.start,
    end: input.start === null ? null : input.end,
    timezone: input.timezone,
    setAside: input.setAside ?? null,
    draftStart: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'range.open': { guard: 'applies', target: 'open' },
        'range.sync': { actions: { type: 'sync', params: ({ event }) => event } },
      },
    },
    open: {
      initial: 'choosingStart',
      exit: 'dropDraft',
      on: {
        'range.pick': [
          {
            guard: { type: 'picksBothEnds', params: ({ event }) => event },
            target: 'closed',
            actions: [{ type: 'applyPicked', params: ({ event }) => event }, 'reportApplied'],
          },
          {
            guard: { type: 'picksOneDay', params: ({ event }) => event },
            target: '.choosingEnd',
            actions: { type: 'pickStart', params: ({ event }) => event },
          },
        ],
        'range.clear': { guard: 'hasRange', target: 'closed', actions: ['applyNone', 'reportApplied'] },
        'range.close': { target: 'closed' },
        'range.sync': [
          // the dates no longer apply (a search came by the back button): nothing to pick
          {
            guard: { type: 'setsAside', params: ({ event }) => event },
            target: 'closed',
            actions: { type: 'sync', params: ({ event }) => event },
          },
          { actions: { type: 'sync', params: ({ event }) => event } },
        ],
      },
      states: {
        choosingStart: {},
        choosingEnd: {},
      },
    },
  },
});
