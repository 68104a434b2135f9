import { assign, sendParent, setup } from 'xstate';
import { monthOf, shiftMonth } from '../../domain/calendar';

/**
 * The date range picker. Closed it shows the applied range; open it edits a draft:
 * the first pick is the start, the second the end (swapped when earlier), a third starts
 * over. Apply closes and reports `range.applied` to its screen; cancel closes and drops the draft.
 */
export interface DateRangeInput {
  start: string | null;
  end: string | null;
  /** Today in the team's timezone (`YYYY-MM-DD`): the month shown when no range is set. */
  today: string;
}

export interface DateRangeContext {
  start: string | null;
  end: string | null;
  today: string;
  draftStart: string | null;
  draftEnd: string | null;
  /** `YYYY-MM` of the grid shown. */
  visibleMonth: string;
}

export type DateRangeEvent =
  | { type: 'range.open' }
  | { type: 'range.cancel' }
  | { type: 'range.prevMonth' }
  | { type: 'range.nextMonth' }
  | { type: 'range.pick'; date: string }
  | { type: 'range.clear' }
  | { type: 'range.apply' }
  /** The screen's range changed (back button, reset): the applied range follows it. */
  | { type: 'range.sync'; start: string | null; end: string | null };

export type DateRangeReport = { type: 'range.applied'; start: string | null; end: string | null };

export const dateRangeMachine = setup({
  types: {
    input: {} as DateRangeInput,
    context: {} as DateRangeContext,
    events: {} as DateRangeEvent,
  },
  guards: {
    hasRange: ({ context }) => context.start !== null,
  },
  actions: {
    startDraft: assign(({ context }) => ({
      draftStart: context.start,
      draftEnd: context.end,
      visibleMonth: monthOf(context.start ?? context.today),
    })),
    showMonth: assign({
      visibleMonth: ({ context }, params: { delta: number }) => shiftMonth(context.visibleMonth, params.delta),
    }),
    pickStart: assign({
      draftStart: ({ event }) => (event.type === 'range.pick' ? event.date : null),
      draftEnd: null,
    }),
    pickEnd: assign(({ context, event }) => {
      if (event.type !== 'range.pick' || context.draftStart === null) return {};
      const [draftStart, draftEnd] = [context.draftStart, event.date].sort();
      return { draftStart, draftEnd };
    }),
    clearDraft: assign({ draftStart: null, draftEnd: null }),
    applyDraft: assign(({ context }) => ({
      start: context.draftStart,
      end: context.draftStart === null ? null : (context.draftEnd ?? context.draftStart),
    })),
    reportApplied: sendParent(({ context }): DateRangeReport => ({
      type: 'range.applied',
      start: context.start,
      end: context.end,
    })),
    syncRange: assign(({ event }) =>
      event.type === 'range.sync' ? { start: event.start, end: event.start === null ? null : event.end } : {},
    ),
  },
}).createMachine({
  id: 'dateRange',
  context: ({ input }) => ({
    start: input.start,
    end: input.end,
    today: input.today,
    draftStart: null,
    draftEnd: null,
    visibleMonth: monthOf(input.start ?? input.today),
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'range.open': [
          { guard: 'hasRange', target: 'open.chosen', actions: 'startDraft' },
          { target: 'open.empty', actions: 'startDraft' },
        ],
        'range.sync': { actions: 'syncRange' },
      },
    },
    open: {
      initial: 'empty',
      on: {
        'range.prevMonth': { actions: { type: 'showMonth', params: { delta: -1 } } },
        'range.nextMonth': { actions: { type: 'showMonth', params: { delta: 1 } } },
        'range.clear': { target: '.empty', actions: 'clearDraft' },
        'range.cancel': { target: 'closed' },
        'range.apply': { target: 'closed', actions: ['applyDraft', 'reportApplied'] },
        'range.sync': { actions: 'syncRange' },
      },
      states: {
        empty: { on: { 'range.pick': { target: 'choosingEnd', actions: 'pickStart' } } },
        choosingEnd: { on: { 'range.pick': { target: 'chosen', actions: 'pickEnd' } } },
        chosen: { on: { 'range.pick': { target: 'choosingEnd', actions: 'pickStart' } } },
      },
    },
  },
});
