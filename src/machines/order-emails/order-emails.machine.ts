import { assign, enqueueActions, setup } from 'xstate';
import { listOrderEmails, type EmailMessage } from '../../api/services/emails';

/**
 * The e-mails of the order the side panel shows, with their delivery state. While one is still
 * queued or being sent it looks again every few seconds; when one is delivered it tells the screen
 * (`emails.delivered`), whose panel then shows the new checkpoint and the EMAIL entry of the
 * record's activity.
 */
export const FOLLOW_MS = 2000;

export interface OrderEmailsContext {
  orderId: string | null;
  messages: EmailMessage[];
  error: string | null;
}

export type OrderEmailsEvent =
  /** From the screen: the panel's order (null: none), or new messages queued for it. */
  { type: 'emails.show'; orderId: string | null } | { type: 'emails.refresh' };

export type OrderEmailsReport = { type: 'emails.delivered'; orderId: string };

export const EMAILS_FAILED = 'The e-mails of this order could not be loaded';

const pending = (messages: readonly EmailMessage[]) =>
  messages.some((m) => m.state === 'queued' || m.state === 'sending');

export const orderEmailsMachine = setup({
  types: {
    context: {} as OrderEmailsContext,
    events: {} as OrderEmailsEvent,
    tags: {} as 'loading',
    children: {} as { listOrderEmails: 'listOrderEmails' },
  },
  actors: { listOrderEmails },
  delays: { follow: FOLLOW_MS },
  guards: {
    hasOrder: ({ context }) => context.orderId !== null,
    stillPending: ({ context }) => pending(context.messages),
  },
  actions: {
    show: assign((_, p: { orderId: string | null }) => ({ orderId: p.orderId, messages: [], error: null })),
    /** New messages; any that was pending and is now sent is reported. */
    take: enqueueActions(({ context, enqueue }, p: { messages: EmailMessage[] }) => {
      const wasPending = new Set(context.messages.filter((m) => m.state !== 'sent').map((m) => m.id));
      const delivered = p.messages.some((m) => m.state === 'sent' && wasPending.has(m.id));
      enqueue.assign({ messages: p.messages, error: null });
      if (delivered && context.orderId)
        enqueue.sendParent({ type: 'emails.delivered', orderId: context.orderId } satisfies OrderEmailsReport);
    }),
    fail: assign({ error: EMAILS_FAILED }),
  },
}).createMachine({
  id: 'orderEmails',
  context: { orderId: null, messages: [], error: null },
  on: {
    'emails.show': { target: '.choosing', actions: { type: 'show', params: ({ event }) => event } },
    // new messages for the order: load again (a load in flight restarts)
    'emails.refresh': { guard: 'hasOrder', target: '.loading' },
  },
  initial: 'none',
  states: {
    none: {},
    choosing: { always: [{ guard: 'hasOrder', target: 'loading' }, { target: 'none' }] },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'listOrderEmails',
        src: 'listOrderEmails',
        input: ({ context }) => ({ orderId: context.orderId ?? '' }),
        onDone: { target: 'shown', actions: { type: 'take', params: ({ event }) => ({ messages: event.output }) } },
        onError: { target: 'shown', actions: 'fail' },
      },
    },
    shown: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'stillPending', target: 'following' }, { target: 'settled' }] },
        // a message still on its way: look again shortly
        following: { after: { follow: '#orderEmails.loading' } },
        settled: {},
      },
    },
  },
});
