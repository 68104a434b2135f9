import { assign, enqueueActions, setup } from 'xstate';
import { acknowledgeInboxItem, listInbox, type InboxPageInput } from '../../api/services/inbox';
import type { Page } from '../../api/services/policy';
import { INBOX_TEXT, inboxItemName } from '../../domain/inbox';
import { liveFeed } from '../live/live-feed';
import { feedOf, logFeedError } from '../live/workspace-routes';
import type { NotifyEvent } from '../notify';
import type { InboxContext, InboxEvent, InboxInput, InboxItem, InboxShow } from './types';

/**
 * The `/orders/inbox` screen: what came from the channels and needs a person, newest first: the
 * open items (or every item), each with Acknowledge. Acknowledging is optimistic: the item reads
 * acknowledged at once; the server's answer replaces it, or a failure puts it back as it was and
 * says so. The navigation's count is told after each acknowledgement. Live changes of the inbox
 * (a channel's amendment, a colleague's acknowledgement) bring the first page again quietly and
 * merge it in place, keeping the pages below; a change while the list is busy waits until it is idle.
 */
export type { InboxContext, InboxEvent, InboxInput } from './types';

const isInboxChange = (event: InboxEvent) => event.type === 'live.change' && event.change.topic === 'inbox';

/** Newest first, as the server lists them (created, then id). */
const isOlder = (a: InboxItem, b: InboxItem) =>
  a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);

/** The first page as it is now, with the items of the pages loaded below it that are older than it. */
export function mergeFirstPage(
  context: Pick<InboxContext, 'items' | 'hasMore' | 'nextCursor'>,
  page: Page<InboxItem>,
): Pick<InboxContext, 'items' | 'hasMore' | 'nextCursor'> {
  const last = page.items.at(-1);
  if (!page.hasMore || !last) return { items: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  const fresh = new Set(page.items.map((i) => i.id));
  const below = context.items.filter((i) => !fresh.has(i.id) && isOlder(i, last));
  return below.length
    ? { items: [...page.items, ...below], hasMore: context.hasMore, nextCursor: context.nextCursor }
    : { items: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
}

export const inboxMachine = setup({
  types: {
    context: {} as InboxContext,
    events: {} as InboxEvent,
    input: {} as InboxInput,
    emitted: {} as NotifyEvent,
    tags: {} as 'loading',
  },
  actors: { listInbox, acknowledgeInboxItem, liveFeed },
  guards: {
    stale: ({ context }) => context.changes > context.seen,
    inboxChanged: (_, p: { event: InboxEvent }) => isInboxChange(p.event),
    otherShow: ({ context }, p: { show: InboxShow }) => context.show !== p.show,
    hasMore: ({ context }) => context.hasMore && context.nextCursor !== null,
    isOpen: ({ context }, p: { id: string }) => context.items.some((i) => i.id === p.id && i.acknowledgedAt === null),
  },
  actions: {
    setShow: assign((_, p: { show: InboxShow }) => ({ show: p.show })),
    countChange: assign(({ context }) => ({ changes: context.changes + 1 })),
    /** A load from the top shows every change counted so far. */
    seeAll: assign(({ context }) => ({ seen: context.changes, asking: context.changes })),
    startRefresh: assign(({ context }) => ({ asking: context.changes })),
    refreshed: assign(({ context }) => ({ seen: context.asking })),
    /** The first page as it is now, over the one shown; the pages loaded below it stay. */
    mergeFresh: assign(({ context }, p: { page: Page<InboxItem> }) => mergeFirstPage(context, p.page)),
    showPage: assign((_, p: { page: Page<InboxItem> }) => ({
      items: p.page.items,
      hasMore: p.page.hasMore,
      nextCursor: p.page.nextCursor,
    })),
    appendPage: assign(({ context }, p: { page: Page<InboxItem> }) => {
      const seen = new Set(context.items.map((i) => i.id));
      return {
        items: [...context.items, ...p.page.items.filter((i) => !seen.has(i.id))],
        hasMore: p.page.hasMore,
        nextCursor: p.page.nextCursor,
      };
    }),
    /** Optimistic: the item reads acknowledged by the person now. */
    markAcknowledged: assign(({ context }, p: { id: string }) => {
      const before = context.items.find((i) => i.id === p.id)!;
      const now = new Date().toISOString();
      return {
        acknowledging: before,
        items: context.items.map((i) =>
          i.id === p.id ? { ...i, acknowledgedAt: now, acknowledgedBy: { ...context.user } } : i,
        ),
      };
    }),
    /** The item as the server has it now. */
    applyItem: assign(({ context }, p: { item: InboxItem }) => ({
      items: context.items.map((i) => (i.id === p.item.id ? p.item : i)),
      acknowledging: null,
    })),
    /** The server said no: the item as it was. */
    rollBack: assign(({ context }) => ({
      items: context.items.map((i) => (i.id === context.acknowledging?.id ? context.acknowledging : i)),
      acknowledging: null,
    })),
    acknowledged: enqueueActions(({ context, enqueue }, p: { item: InboxItem }) => {
      if (context.navCounts) enqueue.sendTo(context.navCounts, { type: 'counts.inbox' });
      enqueue.emit({ type: 'notify', kind: 'success', message: INBOX_TEXT.acknowledged(inboxItemName(p.item)) });
    }),
    notifyAcknowledgeFailed: enqueueActions(({ context, enqueue }) => {
      const name = context.acknowledging ? inboxItemName(context.acknowledging) : 'The item';
      enqueue.emit({ type: 'notify', kind: 'error', message: INBOX_TEXT.acknowledgeFailed(name) });
    }),
    notifyMoreFailed: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'notify', kind: 'error', message: INBOX_TEXT.moreFailed });
    }),
    logError: (_, p: { error: unknown }) => {
      console.error('[inbox]', p.error);
    },
  },
}).createMachine({
  id: 'inbox',
  context: ({ input }) => ({
    teamId: input.teamId,
    user: input.user,
    navCounts: input.navCounts,
    show: 'open',
    items: [],
    hasMore: false,
    nextCursor: null,
    acknowledging: null,
    live: input.live ?? null,
    changes: 0,
    seen: 0,
    asking: 0,
  }),
  invoke: { id: 'liveFeed', src: 'liveFeed', input: feedOf, onError: { actions: logFeedError } },
  on: {
    'live.change': { guard: { type: 'inboxChanged', params: ({ event }) => ({ event }) }, actions: 'countChange' },
    'live.reset': { actions: 'countChange' },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: 'seeAll',
      invoke: {
        id: 'loadInbox',
        src: 'listInbox',
        input: ({ context }): InboxPageInput => ({ teamId: context.teamId, show: context.show, cursor: null }),
        onDone: { target: 'ready', actions: { type: 'showPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: {
        'inbox.retry': { target: 'loading' },
        'inbox.show': {
          guard: { type: 'otherShow', params: ({ event }) => event },
          target: 'loading',
          actions: { type: 'setShow', params: ({ event }) => event },
        },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          initial: 'current',
          on: {
            'inbox.reload': { target: '#inbox.loading' },
            'inbox.show': {
              guard: { type: 'otherShow', params: ({ event }) => event },
              target: '#inbox.loading',
              actions: { type: 'setShow', params: ({ event }) => event },
            },
            'inbox.more': { guard: 'hasMore', target: 'loadingMore' },
            'inbox.acknowledge': {
              guard: { type: 'isOpen', params: ({ event }) => event },
              target: 'acknowledging',
              actions: { type: 'markAcknowledged', params: ({ event }) => event },
            },
          },
          states: {
            current: { always: { guard: 'stale', target: 'refreshing' } },
            // the first page brought again for live changes; the list stays usable meanwhile (leaving
            // this state before the answer leaves the changes unseen: they are asked for again)
            refreshing: {
              entry: 'startRefresh',
              invoke: {
                id: 'refreshInbox',
                src: 'listInbox',
                input: ({ context }): InboxPageInput => ({ teamId: context.teamId, show: context.show, cursor: null }),
                onDone: {
                  target: 'current',
                  actions: [{ type: 'mergeFresh', params: ({ event }) => ({ page: event.output }) }, 'refreshed'],
                },
                // the list shown stays; the next change or a reload brings it
                onError: {
                  target: 'current',
                  actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, 'refreshed'],
                },
              },
            },
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'listInbox',
            input: ({ context }): InboxPageInput => ({
              teamId: context.teamId,
              show: context.show,
              cursor: context.nextCursor,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, 'notifyMoreFailed'],
            },
          },
        },
        acknowledging: {
          invoke: {
            id: 'acknowledge',
            src: 'acknowledgeInboxItem',
            input: ({ context }) => ({ id: context.acknowledging!.id }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'applyItem', params: ({ event }) => ({ item: event.output }) },
                { type: 'acknowledged', params: ({ event }) => ({ item: event.output }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                'notifyAcknowledgeFailed',
                'rollBack',
              ],
            },
          },
        },
      },
    },
  },
});
