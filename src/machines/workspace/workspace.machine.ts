import { enqueueActions, sendTo, setup } from 'xstate';
import type { ListFilters } from '../../domain/list-filters';
import type { EmailKind } from '../../domain/email-recipients';
import { screenScope } from '../../domain/nav-scope';
import { openOfUrl, tourPanelLink } from '../../domain/record-links';
import { bulkStatusMachine, bulkStatusMachines } from '../bulk-status/bulk-status.machine';
import { detailMachines } from '../detail/kinds';
import { emailSendMachine } from '../email-send/email-send.machine';
import { orderEmailsMachine } from '../order-emails/order-emails.machine';
import { exportMachine } from '../export/export.machine';
import { listFiltersMachine } from '../list-filters/list-filters.machine';
import { fromChanges } from '../list/items';
import { listMachine, listMachines } from '../list/list.machine';
import { feedOf, LIVE_ROUTES, liveFeed, logFeedError, routeLive, type LiveRoute } from '../live/workspace-routes';
import type { ListItem, ListRow, PatchRow } from '../list/types';
import { selectionMachine } from '../selection/selection.machine';
import { tourActionsMachine } from '../tour-actions/tour-actions.machine';
import { shareSelection, showQueued, urlFilters } from './child-messages';
import { countsLease } from './counts-lease';
import type { WorkspaceContext, WorkspaceEvent, WorkspaceInput } from './types';

/**
 * One orders or tours screen. It starts every actor of the screen as a named child and routes
 * every message between them; the children talk to it alone (reports), never to each other:
 *
 *   filters      URL <-> filters (date range and search box inside)  -> list, selection, totals
 *   list         pages, day counts, grouped rows                      -> selection, bulk, tour actions
 *   selection    clicks and keys over the list's rows                 -> bulk, tour actions, panel
 *   bulkStatus   "Move to"                                            -> list, panel, totals
 *   tourActions  create a tour, link orders (dialogs inside)          -> list, panel, totals
 *   detail       the side panel, its edit history and remover (Undo)  -> list, selection, totals
 *   emailSend    customer e-mails (orders): dialogs, flags, sending    -> list, panel, orderEmails
 *   orderEmails  the open order's e-mails, followed until delivered    -> panel
 *   exporter     "Export CSV" of the current view
 *   countsLease  while the screen lives, the navigation totals count its list's scope
 *   liveFeed     changes anybody makes (the session's live stream)    -> list, panel, orderEmails
 *
 * Navigation (filters into the URL) is the provided `navigate` action: the URL comes in as input
 * and `url.changed`, and goes out through that action.
 */
export const workspaceMachine = setup({
  types: {
    context: {} as WorkspaceContext,
    events: {} as WorkspaceEvent,
    input: {} as WorkspaceInput,
    children: {} as {
      filters: 'filters';
      list: 'list';
      selection: 'selection';
      bulkStatus: 'bulkStatus';
      tourActions: 'tourActions';
      detail: 'detail';
      exporter: 'exporter';
    },
  },
  actors: {
    filters: listFiltersMachine,
    list: listMachine,
    selection: selectionMachine,
    bulkStatus: bulkStatusMachine,
    tourActions: tourActionsMachine,
    detail: detailMachines.orders,
    emailSend: emailSendMachine,
    orderEmails: orderEmailsMachine,
    exporter: exportMachine,
    liveFeed,
    countsLease,
  },
  /** 0: the navigation totals (a dozen requests) follow in a task of their own, after the change. */
  delays: { afterChange: 0 },
  actions: {
    followLive: enqueueActions(({ context, enqueue }, p: LiveRoute) => routeLive(context, p, enqueue)),
    /** Provided by the page: the URL's query (a new history entry, or in place); `pathname`: another screen. */
    navigate: (_, params: { search: string; replace: boolean; pathname?: string }) =>
      console.error(`[workspace] navigate(${params.search}) was not provided`),
    toFilters: sendTo('filters', (_, params: { search: string }) => ({ type: 'url.changed' as const, ...params })),
    showFilters: enqueueActions(({ enqueue }, params: { filters: ListFilters }) => {
      enqueue.sendTo('list', { type: 'list.filters', filters: params.filters });
      // a navigation to the list clears its selection (SPEC section 2)
      enqueue.sendTo('selection', { type: 'selection.clear' });
    }),
    takeRows: enqueueActions(({ enqueue }, params: { items: ListItem[]; rows: ListRow[] }) => {
      enqueue.assign({ items: params.items });
      enqueue.sendTo('selection', { type: 'selection.rows', rows: params.rows });
    }),
    takeSelection: enqueueActions(({ context, enqueue }, params: { ids: string[]; openId: string | null }) => {
      enqueue.assign({ selectedIds: params.ids, openId: params.openId });
      if (params.openId === context.openId) return;
      enqueue.sendTo('detail', params.openId ? { type: 'detail.open', id: params.openId } : { type: 'detail.close' });
      if (context.kind === 'orders') enqueue.sendTo('orderEmails', { type: 'emails.show', orderId: params.openId });
    }),
    shareSelection: enqueueActions(({ context, enqueue }) => shareSelection(context, enqueue)),
    showQueued: enqueueActions(({ context, enqueue }, p: { kind: EmailKind; orderIds: string[] }) =>
      showQueued(context, p, enqueue),
    ),
    /** A tour's side panel on this (tours) screen: the "Tour created" toast's Open, or the URL's `?open=<id>`. */
    openTour: enqueueActions(({ enqueue }, p: { id: string | null }) => {
      if (!p.id) return;
      enqueue.assign({ openId: p.id });
      enqueue.sendTo('detail', { type: 'detail.open', id: p.id });
    }),
    patchList: sendTo('list', (_, params: { rows: PatchRow[] }) => ({
      type: 'list.patch' as const,
      rows: params.rows,
    })),
    patchPanel: sendTo('detail', (_, params: { rows: PatchRow[] }) => ({
      type: 'detail.patch' as const,
      rows: params.rows,
    })),
    reloadList: sendTo('list', { type: 'list.refresh' }),
    removeRow: enqueueActions(({ enqueue }, params: { id: string }) => {
      enqueue.sendTo('list', { type: 'list.remove', ids: [params.id] });
      enqueue.sendTo('selection', { type: 'selection.close' });
    }),
    refreshTotals: enqueueActions(({ context, enqueue }) => {
      if (context.navCounts) enqueue.sendTo(context.navCounts, { type: 'counts.refresh' }, { delay: 'afterChange' });
    }),
    /** The navigation totals count what the list shows: its range and filters, from now on. */
    countFilters: enqueueActions(({ context, enqueue, self }, params: { filters: ListFilters }) => {
      if (!context.navCounts) return;
      const scope = screenScope(context.kind, params.filters, context.timezone, context.now);
      const refresh = { type: 'counts.refresh' as const, scope, owner: self.sessionId };
      enqueue.sendTo(context.navCounts, refresh, { delay: 'afterChange' });
    }),
    logError: (_, params: { error: unknown }) => console.error('[workspace]', params.error),
  },
  guards: {
    hasRows: (_, params: { rows: PatchRow[] | null }) => params.rows !== null,
    deleted: (_, params: { deleted: boolean }) => params.deleted,
    onTours: ({ context }) => context.kind === 'tours',
  },
}).createMachine({
  id: 'workspace',
  context: ({ input }) => ({ ...input, items: [], selectedIds: [], openId: null }),
  entry: [
    { type: 'countFilters', params: ({ context }) => ({ filters: urlFilters(context) }) },
    {
      type: 'openTour',
      params: ({ context }) => ({ id: context.kind === 'tours' ? openOfUrl(context.search) : null }),
    },
  ],
  invoke: [
    {
      id: 'filters',
      src: 'filters',
      input: ({ context }) => ({
        kind: context.kind,
        view: context.view,
        timezone: context.timezone,
        search: context.search,
        now: context.now,
      }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
    {
      id: 'list',
      src: 'list',
      // the filters child reads the same query at the same clock reading: the list starts with its filters
      input: ({ context }) => ({
        kind: context.kind,
        view: context.view,
        teamId: context.teamId,
        timezone: context.timezone,
        filters: urlFilters(context),
      }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
    {
      id: 'selection',
      src: 'selection',
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
    {
      id: 'bulkStatus',
      src: 'bulkStatus',
      input: ({ context }) => ({ kind: context.kind }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
    {
      id: 'tourActions',
      src: 'tourActions',
      input: ({ context }) => ({ kind: context.kind, teamId: context.teamId, timezone: context.timezone }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
    {
      id: 'detail',
      src: 'detail',
      input: ({ context }) => ({
        kind: context.kind,
        userId: context.userId,
        timezone: context.timezone,
        role: context.role,
      }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
    {
      id: 'emailSend',
      src: 'emailSend',
      input: ({ context }) => ({
        teamId: context.teamId,
        countryCode: context.countryCode,
        timezone: context.timezone,
      }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
    {
      id: 'orderEmails',
      src: 'orderEmails',
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
    {
      id: 'exporter',
      src: 'exporter',
      input: ({ context }) => ({
        kind: context.kind,
        teamId: context.teamId,
        timezone: context.timezone,
        userName: context.userName,
      }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
    { id: 'liveFeed', src: 'liveFeed', input: feedOf, onError: { actions: logFeedError } },
    {
      id: 'countsLease',
      src: 'countsLease',
      input: ({ context, self }) => ({ navCounts: context.navCounts, owner: self.sessionId }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
  ],
  on: {
    ...LIVE_ROUTES,
    'url.changed': { actions: { type: 'toFilters', params: ({ event }) => ({ search: event.search }) } },
    'filters.navigate': {
      actions: { type: 'navigate', params: ({ event }) => ({ search: event.search, replace: event.replace }) },
    },
    'filters.changed': {
      actions: [
        { type: 'showFilters', params: ({ event }) => event },
        { type: 'countFilters', params: ({ event }) => event },
      ],
    },
    'list.changed': { actions: [{ type: 'takeRows', params: ({ event }) => event }, 'shareSelection'] },
    'selection.changed': { actions: [{ type: 'takeSelection', params: ({ event }) => event }, 'shareSelection'] },
    'bulk.moved': {
      actions: [
        { type: 'patchList', params: ({ event }) => ({ rows: fromChanges(event.changes) }) },
        { type: 'patchPanel', params: ({ event }) => ({ rows: fromChanges(event.changes) }) },
        'refreshTotals',
      ],
    },
    'tours.changed': [
      {
        guard: { type: 'hasRows', params: ({ event }) => event },
        actions: [
          { type: 'patchList', params: ({ event }) => ({ rows: event.rows ?? [] }) },
          { type: 'patchPanel', params: ({ event }) => ({ rows: event.rows ?? [] }) },
          'refreshTotals',
        ],
      },
      {
        actions: [
          'reloadList',
          { type: 'patchPanel', params: ({ event }) => ({ rows: event.orderIds.map((id) => ({ id })) }) },
          'refreshTotals',
        ],
      },
    ],
    'tours.open': [
      { guard: 'onTours', actions: { type: 'openTour', params: ({ event }) => event } },
      { actions: { type: 'navigate', params: ({ event }) => ({ ...tourPanelLink(event.id), replace: false }) } },
    ],
    'detail.edited': { actions: { type: 'patchList', params: ({ event }) => event } },
    'email.queued': { actions: { type: 'showQueued', params: ({ event }) => event } },
    // delivered: the server has set the checkpoint and logged the e-mail; the panel shows both
    'emails.delivered': {
      actions: { type: 'patchPanel', params: ({ event }) => ({ rows: [{ id: event.orderId }] }) },
    },
    'detail.unlinked': { actions: [{ type: 'patchList', params: ({ event }) => event }, 'refreshTotals'] },
    'detail.removed': [
      {
        guard: { type: 'deleted', params: ({ event }) => event },
        actions: [{ type: 'removeRow', params: ({ event }) => event }, 'refreshTotals'],
      },
      { actions: { type: 'removeRow', params: ({ event }) => event } },
    ],
    // brought back by the delete toast's Undo: the list loads it again where it belongs
    'detail.restored': { actions: ['reloadList', 'refreshTotals'] },
  },
});

/** The screen of each kind: the same machine with its kind's list, moves and panel. */
export const workspaceMachines = {
  orders: workspaceMachine,
  tours: workspaceMachine.provide({
    actors: { list: listMachines.tours, bulkStatus: bulkStatusMachines.tours, detail: detailMachines.tours },
  }),
} as const;
