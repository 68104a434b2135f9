import { assign, emit, setup } from 'xstate';
import { writeClipboard } from '../../api/services/clipboard';
import { copiedMessage, notCopiedMessage, type ContactField } from '../../domain/contact';
import type { NotifyEvent } from '../notify';

/**
 * The order panel's copy buttons (e-mail, phone, pick-up, notes): a copy writes the clipboard
 * (the provided `writeClipboard` service) and says so, "Phone copied", or that the browser refused.
 * A newer copy replaces one still being written.
 */
export type ContactCopyEvent = { type: 'contact.copy'; field: ContactField; text: string };

export interface ContactCopyContext {
  /** The field being (or last) copied, named in the toast. */
  field: ContactField | null;
  text: string;
}

export const contactCopyMachine = setup({
  types: {
    context: {} as ContactCopyContext,
    events: {} as ContactCopyEvent,
    emitted: {} as NotifyEvent,
  },
  actors: { writeClipboard },
  actions: {
    take: assign((_, p: { field: ContactField; text: string }) => ({ field: p.field, text: p.text })),
    copied: emit(({ context }) => ({
      type: 'notify' as const,
      kind: 'success' as const,
      message: copiedMessage(context.field ?? 'email'),
    })),
    refused: emit(({ context }) => ({
      type: 'notify' as const,
      kind: 'error' as const,
      message: notCopiedMessage(context.field ?? 'email'),
    })),
    logError: (_, p: { error: unknown }) => console.error('[contact-copy]', p.error),
  },
}).createMachine({
  id: 'contactCopy',
  context: { field: null, text: '' },
  on: {
    'contact.copy': { target: '.copying', reenter: true, actions: { type: 'take', params: ({ event }) => event } },
  },
  initial: 'idle',
  states: {
    idle: {},
    copying: {
      invoke: {
        id: 'writeClipboard',
        src: 'writeClipboard',
        input: ({ context }) => ({ text: context.text }),
        onDone: { target: 'idle', actions: 'copied' },
        onError: {
          target: 'idle',
          actions: ['refused', { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
  },
});
