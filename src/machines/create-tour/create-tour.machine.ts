import { assign, setup } from 'xstate';
import { createTour, tourOrders, type CreatedTour } from '../../api/services/tour-actions';
import {
  departureDefaults,
  isValidDeparture,
  summarizeOrders,
  toDepartureAt,
  type DepartureFields,
  type OrdersSummary,
  type TourOrder,
} from '../../domain/create-tour-form';
import type { Order } from '../list/types';

/**
 * The create-tour menu: the selected orders' products and departures (what differs between
 * them shown first), the tour's product and departure (by default the most common of the
 * orders'; day and 24-hour time), an optional display name, then `POST /api/v1/tours` with the
 * selected orders. An empty `tourId` is the failure (SPEC section 8). It ends with what
 * happened; the tour actions machine shows the toasts and updates the list.
 */
export interface CreateTourInput {
  teamId: string;
  timezone: string;
  orderIds: string[];
  /** The selected orders that are loaded; none for a tour without orders. */
  orders: TourOrder[];
}

export type CreateTourOutcome = 'cancelled' | 'failed' | 'created';

export interface CreateTourContext extends DepartureFields {
  teamId: string;
  timezone: string;
  orderIds: string[];
  summary: OrdersSummary;
  /** The tour's product; null leaves it to the server (the first order's, or none). */
  productId: string | null;
  displayName: string;
  tourId: string;
  /** The created tour's display id and name (the server's default name when none was typed). */
  created?: { displayId: string; displayName: string } | null;
  /** The linked orders as the server now holds them; null when they could not be fetched. */
  orders: Order[] | null;
  outcome: CreateTourOutcome;
}

export interface CreateTourOutput {
  outcome: CreateTourOutcome;
  tourId: string;
  created?: { displayId: string; displayName: string } | null;
  orderIds: string[];
  orders: Order[] | null;
}

export type CreateTourEvent =
  | { type: 'create.name'; value: string }
  | { type: 'create.date'; value: string }
  | { type: 'create.time'; value: string }
  /** One of the orders' products, or one of their departures. */
  | { type: 'create.product'; productId: string }
  | { type: 'create.departure'; date: string; time: string }
  | { type: 'create.submit' }
  | { type: 'create.cancel' };

export const createTourMachine = setup({
  types: {
    context: {} as CreateTourContext,
    events: {} as CreateTourEvent,
    input: {} as CreateTourInput,
    output: {} as CreateTourOutput,
  },
  actors: { createTour, tourOrders },
  guards: {
    isValid: ({ context }) => isValidDeparture(context),
    noTourId: (_, params: { tourId: string }) => params.tourId === '',
    hasOrders: ({ context }) => context.orderIds.length > 0,
    isOrdersProduct: ({ context }, params: { productId: string }) =>
      context.summary.products.some((p) => p.id === params.productId),
  },
  actions: {
    setName: assign((_, params: { value: string }) => ({ displayName: params.value })),
    setDate: assign((_, params: { value: string }) => ({ date: params.value })),
    setTime: assign((_, params: { value: string }) => ({ time: params.value })),
    setProduct: assign((_, params: { productId: string }) => ({ productId: params.productId })),
    setDeparture: assign((_, params: DepartureFields) => ({ date: params.date, time: params.time })),
    setTourId: assign((_, params: CreatedTour) => ({
      tourId: params.tourId,
      created: params.displayId ? { displayId: params.displayId, displayName: params.displayName ?? '' } : null,
    })),
    setOrders: assign((_, params: { orders: Order[] | null }) => ({ orders: params.orders })),
    setOutcome: assign((_, params: { outcome: CreateTourOutcome }) => ({ outcome: params.outcome })),
    logError: (_, params: { error: unknown }) => {
      console.error('[create-tour]', params.error);
    },
  },
}).createMachine({
  id: 'createTour',
  context: ({ input }) => {
    const summary = summarizeOrders(input.orders, input.timezone);
    const [departure] = summary.departures;
    return {
      teamId: input.teamId,
      timezone: input.timezone,
      orderIds: input.orderIds,
      summary,
      productId: summary.products[0]?.id ?? null,
      ...(departure
        ? { date: departure.date, time: departure.time }
        : departureDefaults(null, input.timezone, new Date())),
      displayName: '',
      tourId: '',
      orders: null,
      outcome: 'cancelled' as const,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'create.name': { actions: { type: 'setName', params: ({ event }) => ({ value: event.value }) } },
        'create.date': { actions: { type: 'setDate', params: ({ event }) => ({ value: event.value }) } },
        'create.time': { actions: { type: 'setTime', params: ({ event }) => ({ value: event.value }) } },
        'create.product': {
          guard: { type: 'isOrdersProduct', params: ({ event }) => event },
          actions: { type: 'setProduct', params: ({ event }) => event },
        },
        'create.departure': { actions: { type: 'setDeparture', params: ({ event }) => event } },
        'create.submit': { guard: 'isValid', target: 'submitting' },
        'create.cancel': 'done',
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'createTour',
        src: 'createTour',
        input: ({ context }) => ({
          teamId: context.teamId,
          orderIds: context.orderIds,
          departureAt: toDepartureAt(context, context.timezone),
          displayName: context.displayName.trim() || undefined,
          productId: context.productId ?? undefined,
        }),
        onDone: [
          {
            guard: { type: 'noTourId', params: ({ event }) => ({ tourId: event.output.tourId }) },
            target: 'done',
            actions: { type: 'setOutcome', params: { outcome: 'failed' } },
          },
          {
            target: 'created',
            actions: [
              { type: 'setTourId', params: ({ event }) => event.output },
              { type: 'setOutcome', params: { outcome: 'created' } },
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
    created: {
      always: [{ guard: 'hasOrders', target: 'loadingOrders' }, { target: 'done' }],
    },
    loadingOrders: {
      tags: ['busy'],
      invoke: {
        id: 'tourOrders',
        src: 'tourOrders',
        input: ({ context }) => ({ tourId: context.tourId }),
        onDone: { target: 'done', actions: { type: 'setOrders', params: ({ event }) => ({ orders: event.output }) } },
        onError: { target: 'done', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({
    outcome: context.outcome,
    tourId: context.tourId,
    created: context.created ?? null,
    orderIds: context.orderIds,
    orders: context.orders,
  }),
});
