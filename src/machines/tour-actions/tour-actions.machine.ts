import { assign, emit, sendParent, setup } from 'xstate';
import { createTourMachine, type CreateTourOutput } from '../create-tour/create-tour.machine';
import { linkTourMachine, type LinkTourOutput } from '../link-tour/link-tour.machine';
import { orderDays } from '../../domain/link-tour-search';
import type { ListItem, ListKind, Order } from '../list/types';
import type { NotifyEvent } from '../notify';
import { LINK_TOAST } from './link-toast';

/**
 * The create menu of a workspace. Orders: "Create tour from selected orders" (the create-tour
 * menu) and "Add to existing tour" (the linked-tour dialog for one order, the multi-linked-tour
 * dialog for several); both need a selection. Tours: "New tour", a tour without orders.
 * The dialogs are child machines; this one shows their outcome and reports it to the screen
 * (`tours.changed`), which keeps the list, the panel and the totals true.
 */
export const TOUR_CREATED = 'Tour created';
export const CREATE_TOUR_FAILED = 'Failed to create tour';
export const LINK_FAILED = 'Failed to link orders';

/** `1 order linked to T-000123`, `3 orders linked to T-000123`. */
export function linkedMessage(count: number, displayId: string): string {
  return `${count} ${count === 1 ? 'order' : 'orders'} linked to ${displayId}`;
}

export interface TourActionsInput {
  kind: ListKind;
  teamId: string;
  timezone: string;
}

export interface TourActionsContext extends TourActionsInput {
  /** The selected ids of the list, and those of them that are loaded (kept in step by the screen). */
  ids: string[];
  rows: ListItem[];
}

export type TourActionsEvent =
  | { type: 'tours.select'; ids: string[]; rows: ListItem[] }
  | { type: 'tours.create' }
  | { type: 'tours.link' }
  /** The "Tour created" toast's action: show that tour (its side panel). */
  | { type: 'tours.open'; id: string; displayId: string };

/**
 * What changed, for the screen: the linked orders as the server holds them, or null when the list
 * must be loaded again (a new tour to show, or linked orders that could not be fetched).
 */
export type TourActionsReport =
  | { type: 'tours.changed'; orderIds: string[]; rows: Order[] | null }
  /** Show this tour: the screen opens its side panel (on the tours screen). */
  | { type: 'tours.open'; id: string; displayId: string };

/** The "Tour created" toast names the tour and offers to open it. */
function createdNotice(output: CreateTourOutput): Omit<NotifyEvent, 'type'> {
  const tour = output.created;
  if (!tour) return { kind: 'success', message: TOUR_CREATED };
  return {
    kind: 'success',
    message: TOUR_CREATED,
    detail: `${tour.displayId} · ${tour.displayName}`,
    action: {
      label: `Open ${tour.displayId}`,
      event: { type: 'tours.open', id: output.tourId, displayId: tour.displayId },
    },
  };
}

type Outcome = { outcome: string; orderIds: string[]; orders: Order[] | null };

/** The server's copy of the linked orders (fresh tour and version), or null to reload the list. */
function freshRows(output: Outcome): Order[] | null {
  if (!output.orders) return null;
  const linked = new Set(output.orderIds);
  return output.orders.filter((o) => linked.has(o.id));
}

const displayIds = (context: TourActionsContext) =>
  context.rows.filter((row) => context.ids.includes(row.id)).map((row) => row.displayId);
/** The tour all the selected orders are in already (each loaded and linked to it), else null. */
function sharedTour(context: TourActionsContext): string | null {
  const selected = (context.rows as Order[]).filter((row) => context.ids.includes(row.id));
  const tours = new Set(selected.map((row) => row.tour?.id ?? null));
  const [only] = tours;
  return selected.length === context.ids.length && tours.size === 1 ? (only ?? null) : null;
}
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
    select: assign((_, params: { ids: string[]; rows: ListItem[] }) => ({ ids: params.ids, rows: params.rows })),
    /** The linked rows from the server's copy; a reload when there is none (or a new tour to show). */
    report: sendParent(({ context }, params: { output: Outcome }): TourActionsReport => ({
      type: 'tours.changed',
      orderIds: params.output.orderIds,
      rows: context.kind === 'orders' ? freshRows(params.output) : null,
    })),
    notify: emit((_, params: Omit<NotifyEvent, 'type'>) => ({ type: 'notify' as const, ...params })),
    open: sendParent((_, params: { id: string; displayId: string }): TourActionsReport => ({
      type: 'tours.open',
      id: params.id,
      displayId: params.displayId,
    })),
    logError: (_, params: { error: unknown }) => {
      console.error('[tour-actions]', params.error);
    },
  },
}).createMachine({
  id: 'tourActions',
  context: ({ input }) => ({ ...input, ids: [], rows: [] }),
  on: {
    'tours.select': { actions: { type: 'select', params: ({ event }) => ({ ids: event.ids, rows: event.rows }) } },
    'tours.open': { actions: { type: 'open', params: ({ event }) => event } },
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
          const selected = new Set(orderIds);
          return {
            teamId: context.teamId,
            timezone: context.timezone,
            orderIds,
            orders: (context.rows as Order[]).filter((row) => selected.has(row.id)),
          };
        },
        onDone: [
          {
            guard: { type: 'created', params: ({ event }) => ({ output: event.output }) },
            target: 'idle',
            actions: [
              { type: 'notify', params: ({ event }) => createdNotice(event.output) },
              { type: 'report', params: ({ event }) => ({ output: event.output as CreateTourOutput & Outcome }) },
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
          displayIds: displayIds(context),
          linkedTo: sharedTour(context),
          ...orderDays(context.rows, context.ids, context.timezone, new Date()),
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
                  id: LINK_TOAST,
                }),
              },
              { type: 'report', params: ({ event }) => ({ output: event.output as LinkTourOutput & Outcome }) },
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
