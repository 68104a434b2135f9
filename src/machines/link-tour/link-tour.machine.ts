import { assign, setup } from 'xstate';
import { findTours, linkOrders, tourOrders } from '../../api/services/tour-actions';
import { tourDisplayId } from '../../domain/link-tour-search';
import type { Order, Tour } from '../list/types';

/**
 * The linked-tour dialog (one order) and the multi-linked-tour dialog (several): search the
 * team's tours, pick one, link the orders to it (`POST /api/v1/tours/{id}/orders`). A failed
 * link is logged only (SPEC section 8); the tour actions machine shows the toasts and updates
 * the list with the outcome.
 */
export interface LinkTourInput {
  teamId: string;
  orderIds: string[];
  /** The display ids of those orders that are loaded (the dialog's title names a single one). */
  displayIds: string[];
  /** The days around the selected orders: the tours offered before anything is typed. */
  startDate: string;
  endDate: string;
  /** The tour every one of those orders is in already: not offered (linking to it changes nothing). */
  linkedTo?: string | null;
}

export type LinkTourOutcome = 'cancelled' | 'failed' | 'linked';

export interface LinkTourContext extends LinkTourInput {
  query: string;
  tours: Tour[];
  tourId: string | null;
  /** The tour after linking. */
  tour: Tour | null;
  /** The linked orders as the server now holds them; null when they could not be fetched. */
  orders: Order[] | null;
  outcome: LinkTourOutcome;
}

export interface LinkTourOutput {
  outcome: LinkTourOutcome;
  tour: Tour | null;
  orderIds: string[];
  orders: Order[] | null;
}

export type LinkTourEvent =
  | { type: 'link.search'; query: string }
  | { type: 'link.pick'; tourId: string }
  | { type: 'link.submit' }
  | { type: 'link.cancel' };

/** Typing pauses this long before the tours are asked for again. */
export const SEARCH_DEBOUNCE_MS = 300;

export const linkTourMachine = setup({
  types: {
    context: {} as LinkTourContext,
    events: {} as LinkTourEvent,
    input: {} as LinkTourInput,
    output: {} as LinkTourOutput,
  },
  actors: { findTours, linkOrders, tourOrders },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  guards: {
    hasPick: ({ context }) => context.tourId !== null,
    notLinked: (_, params: { tour: Tour | null }) => params.tour === null,
  },
  actions: {
    setQuery: assign((_, params: { query: string }) => ({ query: params.query })),
    setTours: assign(({ context }, params: { tours: Tour[] }) => ({
      tours: params.tours.filter((tour) => tour.id !== context.linkedTo),
    })),
    pick: assign((_, params: { tourId: string }) => ({ tourId: params.tourId })),
    setTour: assign((_, params: { tour: Tour }) => ({ tour: params.tour })),
    setOrders: assign((_, params: { orders: Order[] | null }) => ({ orders: params.orders })),
    setOutcome: assign((_, params: { outcome: LinkTourOutcome }) => ({ outcome: params.outcome })),
    logError: (_, params: { error: unknown }) => {
      console.error('[link-tour]', params.error);
    },
  },
}).createMachine({
  id: 'linkTour',
  context: ({ input }) => ({
    ...input,
    query: '',
    tours: [],
    tourId: null,
    tour: null,
    orders: null,
    outcome: 'cancelled',
  }),
  initial: 'searching',
  states: {
    searching: {
      initial: 'loading',
      on: {
        'link.search': {
          target: '.debouncing',
          actions: { type: 'setQuery', params: ({ event }) => ({ query: event.query }) },
        },
        'link.pick': { actions: { type: 'pick', params: ({ event }) => ({ tourId: event.tourId }) } },
        'link.submit': { guard: 'hasPick', target: 'linking' },
        'link.cancel': 'done',
      },
      states: {
        debouncing: {
          after: { searchDebounce: 'loading' },
        },
        loading: {
          tags: ['searching'],
          invoke: {
            id: 'findTours',
            src: 'findTours',
            input: ({ context }) => {
              const displayId = tourDisplayId(context.query);
              return displayId
                ? { teamId: context.teamId, displayId }
                : { teamId: context.teamId, startDate: context.startDate, endDate: context.endDate };
            },
            onDone: {
              target: 'ready',
              actions: { type: 'setTours', params: ({ event }) => ({ tours: event.output }) },
            },
            onError: {
              target: 'ready',
              actions: [
                { type: 'setTours', params: { tours: [] } },
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        ready: {},
      },
    },
    linking: {
      tags: ['busy'],
      invoke: {
        id: 'linkOrders',
        src: 'linkOrders',
        input: ({ context }) => ({ tourId: context.tourId ?? '', orderIds: context.orderIds }),
        onDone: [
          {
            guard: { type: 'notLinked', params: ({ event }) => ({ tour: event.output }) },
            target: 'done',
            actions: { type: 'setOutcome', params: { outcome: 'failed' } },
          },
          {
            target: 'loadingOrders',
            actions: [
              { type: 'setTour', params: ({ event }) => ({ tour: event.output! }) },
              { type: 'setOutcome', params: { outcome: 'linked' } },
            ],
          },
        ],
        onError: {
          target: 'done',
          actions: [
            { type: 'setOutcome', params: { outcome: 'failed' } },
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    loadingOrders: {
      tags: ['busy'],
      invoke: {
        id: 'tourOrders',
        src: 'tourOrders',
        input: ({ context }) => ({ tourId: context.tourId ?? '' }),
        onDone: { target: 'done', actions: { type: 'setOrders', params: ({ event }) => ({ orders: event.output }) } },
        onError: { target: 'done', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({
    outcome: context.outcome,
    tour: context.tour,
    orderIds: context.orderIds,
    orders: context.orders,
  }),
});
