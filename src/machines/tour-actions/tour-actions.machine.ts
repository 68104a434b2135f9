import { assign, emit, enqueueActions, sendTo, setup, type ActorRef, type Snapshot } from 'xstate';
import { createTourMachine, type CreateTourOutput } from '../create-tour/create-tour.machine';
import { firstDeparture } from '../../domain/create-tour-form';
import { linkTourMachine, type LinkTourOutput } from '../link-tour/link-tour.machine';
import { orderDays } from '../../domain/link-tour-search';
import type { ListHandle, ListKind, Order } from '../list/types';
import type { NotifyEvent } from '../notify';

/**
 * The create menu of a workspace. Orders: "Create tour from selected orders" (the create-tour
 * menu) and "Add to existing tour" (the linked-tour dialog for one order, the multi-linked-tour
 * dialog for several); both need a selection. Tours: "New tour", a tour without orders.
 * The dialogs are child machines; this one shows their outcome and keeps the list true.
 */
export const TOUR_CREATED = 'Tour created';
export const CREATE_TOUR_FAILED = 'Failed to create tour';
export const LINK_FAILED = 'Failed to link orders';

/** `1 order linked to T-000123`, `3 orders linked to T-000123`. */
export function linkedMessage(count: number, displayId: string): string {
  return `${count} ${count === 1 ? 'order' : 'orders'} linked to ${displayId}`;
}

/** The navigation totals (the workspace's CountsHandle). */
type CountsRef = ActorRef<Snapshot<unknown>, { type: 'counts.refresh' }>;

export interface TourActionsInput {
  kind: ListKind;
  teamId: string;
  timezone: string;
  list: ListHandle;
  counts: CountsRef;
}

export interface TourActionsContext extends TourActionsInput {
  /** The selected ids of the list (kept in step by the view). */
  ids: string[];
}

export type TourActionsEvent =
  { type: 'tours.select'; ids: string[] } | { type: 'tours.create' } | { type: 'tours.link' };

type Outcome = { outcome: string; orderIds: string[]; orders: Order[] | null };

/** The server's copy of the linked orders (fresh tour and version), or null to reload the list. */
function freshRows(output: Outcome): Order[] | null {
  if (!output.orders) return null;
  const linked = new Set(output.orderIds);
  return output.orders.filter((o) => linked.has(o.id));
}

const listRows = (context: TourActionsContext) => context.list.getSnapshot().context.items;
const outcomeIs = (outcome: string) => (_: unknown, params: { output: { outcome: string } }) =>
  params.output.outcome === outcome;

export const tourActionsMachine = setup({
  types: {
    context: {} as TourActionsContext,
    events: {} as TourActionsEvent,
    input: {} as TourActionsInput,
    emitted: {} as NotifyEvent,
    children: {} as { createTourDialog: 'createTourDialog'; linkTourDialog: 'linkTourDialog' },
  },
  actors: { createTourDialog: createTourMachine, linkTourDialog: linkTourMachine },
  guards: {
    canCreate: ({ context }) => context.kind === 'tours' || context.ids.length > 0,
    canLink: ({ context }) => context.kind === 'orders' && context.ids.length > 0,
    created: outcomeIs('created'),
    linked: outcomeIs('linked'),
    failed: outcomeIs('failed'),
  },
  actions: {
    select: assign((_, params: { ids: string[] }) => ({ ids: params.ids })),
    /** The linked rows from the server's copy; a reload when there is none (or a new tour to show). */
    updateList: enqueueActions(({ context, enqueue }, params: { rows: Order[] | null }) => {
      if (params.rows && context.kind === 'orders')
        enqueue.sendTo(context.list, { type: 'list.patch', rows: params.rows });
      else enqueue.sendTo(context.list, { type: 'list.refresh' });
    }),
    refreshCounts: sendTo(({ context }) => context.counts, { type: 'counts.refresh' as const }),
    notify: emit((_, params: Omit<NotifyEvent, 'type'>) => ({ type: 'notify' as const, ...params })),
    logError: (_, params: { error: unknown }) => {
      console.error('[tour-actions]', params.error);
    },
  },
}).createMachine({
  id: 'tourActions',
  context: ({ input }) => ({ ...input, ids: [] }),
  on: {
    'tours.select': { actions: { type: 'select', params: ({ event }) => ({ ids: event.ids }) } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'tours.create': { guard: 'canCreate', target: 'creating' },
        'tours.link': { guard: 'canLink', target: 'linking' },
      },
    },
    creating: {
      invoke: {
        id: 'createTourDialog',
        src: 'createTourDialog',
        input: ({ context }) => {
          // on the tours list the selection holds tours: "New tour" links no orders
          const orderIds = context.kind === 'orders' ? context.ids : [];
          return {
            teamId: context.teamId,
            timezone: context.timezone,
            orderIds,
            departureAt: firstDeparture(listRows(context), orderIds),
          };
        },
        onDone: [
          {
            guard: { type: 'created', params: ({ event }) => ({ output: event.output }) },
            target: 'idle',
            actions: [
              { type: 'notify', params: { kind: 'success', message: TOUR_CREATED } },
              {
                type: 'updateList',
                params: ({ event }) => ({ rows: freshRows(event.output as CreateTourOutput & Outcome) }),
              },
              'refreshCounts',
            ],
          },
          {
            guard: { type: 'failed', params: ({ event }) => ({ output: event.output }) },
            target: 'idle',
            actions: { type: 'notify', params: { kind: 'error', message: CREATE_TOUR_FAILED } },
          },
          { target: 'idle' },
        ],
        onError: {
          target: 'idle',
          actions: [
            { type: 'notify', params: { kind: 'error', message: CREATE_TOUR_FAILED } },
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    linking: {
      invoke: {
        id: 'linkTourDialog',
        src: 'linkTourDialog',
        input: ({ context }) => ({
          teamId: context.teamId,
          orderIds: context.ids,
          ...orderDays(listRows(context), context.ids, context.timezone, new Date()),
        }),
        onDone: [
          {
            guard: { type: 'linked', params: ({ event }) => ({ output: event.output }) },
            target: 'idle',
            actions: [
              {
                type: 'notify',
                params: ({ event }) => ({
                  kind: 'success',
                  message: linkedMessage(event.output.orderIds.length, event.output.tour?.displayId ?? ''),
                }),
              },
              {
                type: 'updateList',
                params: ({ event }) => ({ rows: freshRows(event.output as LinkTourOutput & Outcome) }),
              },
              'refreshCounts',
            ],
          },
          {
            guard: { type: 'failed', params: ({ event }) => ({ output: event.output }) },
            target: 'idle',
            actions: { type: 'notify', params: { kind: 'error', message: LINK_FAILED } },
          },
          { target: 'idle' },
        ],
        onError: {
          target: 'idle',
          actions: [
            { type: 'notify', params: { kind: 'error', message: LINK_FAILED } },
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});
