import { assign, setup } from 'xstate';
import { isApiError } from '../../api/errors';
import { previewEmail } from '../../api/services/emails';
import { PREVIEW_FAILED, type EmailPreviewContext, type EmailPreviewEvent, type EmailPreviewInput } from './types';

/**
 * The message one recipient of a send would receive, as the server renders it (the same engine,
 * template and details as the send; nothing is sent), with a step to the next or previous
 * recipient. The send dialog tells it when the details or the recipients change; typing is let
 * settle for a moment before the server renders again.
 */
export const emailPreviewMachine = setup({
  types: {
    context: {} as EmailPreviewContext,
    events: {} as EmailPreviewEvent,
    input: {} as EmailPreviewInput,
  },
  actors: { previewEmail },
  delays: { typing: 300 },
  guards: {
    nobody: ({ context }) => context.orderIds.length === 0,
    hasNext: ({ context }) => context.index < context.orderIds.length - 1,
    hasPrevious: ({ context }) => context.index > 0,
  },
  actions: {
    step: assign(({ context }, p: { by: 1 | -1 }) => ({ index: context.index + p.by, preview: null, error: null })),
    /** New details or recipients: the same recipient stays in view while they still receive it. */
    update: assign(({ context }, p: EmailPreviewInput) => {
      const shown = context.orderIds[context.index];
      const index = Math.max(0, p.orderIds.indexOf(shown));
      return { base: p.base, orderIds: p.orderIds, index, ...(p.orderIds[index] === shown ? {} : { preview: null }) };
    }),
    keep: assign((_, p: { preview: EmailPreviewContext['preview'] }) => ({ preview: p.preview, error: null })),
    fail: assign((_, p: { error: unknown }) => ({
      preview: null,
      error: isApiError(p.error) && p.error.status < 500 ? p.error.message : PREVIEW_FAILED,
    })),
  },
}).createMachine({
  id: 'emailPreview',
  context: ({ input }) => ({ ...input, index: 0, preview: null, error: null }),
  initial: 'choosing',
  on: {
    'preview.update': { target: '.waiting', actions: { type: 'update', params: ({ event }) => event } },
    // another recipient renders at once (a step while one renders replaces that rendering)
    'preview.next': {
      guard: 'hasNext',
      target: '.loading',
      reenter: true,
      actions: { type: 'step', params: { by: 1 } },
    },
    'preview.previous': {
      guard: 'hasPrevious',
      target: '.loading',
      reenter: true,
      actions: { type: 'step', params: { by: -1 } },
    },
  },
  states: {
    choosing: { always: [{ guard: 'nobody', target: 'empty' }, { target: 'loading' }] },
    /** Nobody receives it: nothing to show. */
    empty: {},
    /** The details are being typed: render once they rest. */
    waiting: { tags: ['busy'], after: { typing: 'choosing' } },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'previewEmail',
        src: 'previewEmail',
        input: ({ context }) => ({ ...context.base, orderId: context.orderIds[context.index] }),
        onDone: { target: 'shown', actions: { type: 'keep', params: ({ event }) => ({ preview: event.output }) } },
        onError: { target: 'shown', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: {},
  },
});
