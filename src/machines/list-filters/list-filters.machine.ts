import { enqueueActions, setup } from 'xstate';
import {
  datesSetAside,
  filtersOfUrl,
  differsFromDefaults,
  parseListFilters,
  sameFilters,
  withFilters,
  type ListFilters,
} from '../../domain/list-filters';
import { dateRangeMachine } from '../date-range/date-range.machine';
import { filtersSearchMachine } from '../filters-search/filters-search.machine';
import type { ListFiltersContext, ListFiltersEvent, ListFiltersInput, ListFiltersReport } from './types';

/** What the picker is told when the filters change: their range, and whether it applies. */
const rangeSync = (filters: ListFilters, view: string | null) =>
  ({
    type: 'range.sync',
    start: filters.startDate,
    end: filters.endDate,
    setAside: datesSetAside(filters, view),
  }) as const;

/**
 * The filters of a list screen (date range and its basis, OTA, status, search, sort), which live in the URL.
 * The URL comes in (`url.changed`) and goes out as a report (`filters.navigate`), one direction:
 * a change asked for here builds on the filters this machine holds, so two quick changes never
 * lose the first while the router is still on its way to it; a URL this machine did not ask for
 * (the back button, a link) replaces them. The date range picker and the search box are its
 * children, kept in step with the filters (the picker also with whether its range applies: not
 * while searching, nor on today's and tomorrow's tours).
 */
export const listFiltersMachine = setup({
  types: {
    context: {} as ListFiltersContext,
    events: {} as ListFiltersEvent,
    input: {} as ListFiltersInput,
    children: {} as { dateRange: 'dateRange'; search: 'search' },
  },
  actors: { dateRange: dateRangeMachine, search: filtersSearchMachine },
  guards: {
    canReset: ({ context }) => differsFromDefaults(context.filters, context.defaults),
    hasNotices: ({ context }) => context.notices.length > 0,
  },
  actions: {
    /** New filters asked for on this screen: shown at once, and the URL follows. */
    change: enqueueActions(({ context, enqueue }, p: { patch: Partial<ListFilters> }) => {
      const filters = { ...context.filters, ...p.patch };
      if (sameFilters(filters, context.filters)) return;
      const search = withFilters(context.search, filters, context.defaults);
      // the URL written now holds only values that make sense: nothing left to warn about
      enqueue.assign({ filters, search, notices: [], pending: [...context.pending, search] });
      enqueue.sendParent({ type: 'filters.changed', filters } satisfies ListFiltersReport);
      enqueue.sendParent({ type: 'filters.navigate', search, replace: false } satisfies ListFiltersReport);
      enqueue.sendTo('dateRange', rangeSync(filters, context.view));
      enqueue.sendTo('search', { type: 'search.sync', text: filters.search });
    }),
    /** The URL now: one this machine asked for is already shown; any other is read and shown. */
    followUrl: enqueueActions(({ context, enqueue }, p: { search: string }) => {
      const asked = context.pending.indexOf(p.search);
      if (asked >= 0) {
        enqueue.assign({ pending: context.pending.slice(asked + 1) });
        return;
      }
      const { filters, notices } = parseListFilters(new URLSearchParams(p.search), context.defaults, context.kind);
      enqueue.assign({ search: p.search, pending: [], notices });
      if (sameFilters(filters, context.filters)) return;
      enqueue.assign({ filters });
      enqueue.sendParent({ type: 'filters.changed', filters } satisfies ListFiltersReport);
      enqueue.sendTo('dateRange', rangeSync(filters, context.view));
      enqueue.sendTo('search', { type: 'search.sync', text: filters.search });
    }),
    dismissNotices: enqueueActions(({ context, enqueue }) => {
      const search = withFilters(context.search, context.filters, context.defaults);
      enqueue.assign({ notices: [], search, pending: [...context.pending, search] });
      enqueue.sendParent({ type: 'filters.navigate', search, replace: true } satisfies ListFiltersReport);
    }),
    logError: (_, p: { error: unknown }) => {
      console.error('[list-filters]', p.error);
    },
  },
}).createMachine({
  id: 'listFilters',
  context: ({ input }) => ({
    kind: input.kind,
    view: input.view,
    timezone: input.timezone,
    ...filtersOfUrl(input.search, input.timezone, input.now, input.kind),
    search: input.search,
    pending: [],
  }),
  invoke: [
    {
      id: 'dateRange',
      src: 'dateRange',
      input: ({ context }) => ({
        start: context.filters.startDate,
        end: context.filters.endDate,
        timezone: context.timezone,
        setAside: datesSetAside(context.filters, context.view),
      }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
    {
      id: 'search',
      src: 'search',
      input: ({ context }) => ({ text: context.filters.search }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
  ],
  on: {
    'url.changed': { actions: { type: 'followUrl', params: ({ event }) => event } },
    'filters.set': { actions: { type: 'change', params: ({ event }) => event } },
    'filters.reset': {
      guard: 'canReset',
      actions: { type: 'change', params: ({ context }) => ({ patch: context.defaults }) },
    },
    'filters.dismissNotices': { guard: 'hasNotices', actions: 'dismissNotices' },
    'range.applied': {
      actions: { type: 'change', params: ({ event }) => ({ patch: { startDate: event.start, endDate: event.end } }) },
    },
    'search.committed': { actions: { type: 'change', params: ({ event }) => ({ patch: { search: event.text } }) } },
  },
});
