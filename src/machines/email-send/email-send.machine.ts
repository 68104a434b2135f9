import { assign, emit, enqueueActions, sendTo, setup } from 'xstate';
import { sendEmails, type EmailRequest, type EmailSendResult } from '../../api/services/emails';
import { isApiError } from '../../api/errors';
import { getFeatures, type FeatureFlagRecord } from '../../api/services/features';
import { flagsAllow, recipients, type EmailKind } from '../../domain/email-recipients';
import { tourPlace } from '../../domain/tour-place';
import { emailPreviewMachine } from '../email-preview/email-preview.machine';
import type { EmailPreviewEvent, PreviewBase } from '../email-preview/types';
import { guideSearchMachine } from '../guide-search/guide-search.machine';
import type { NotifyEvent } from '../notify';
import {
  EMPTY_DRAFT,
  NOT_SUPPORTED,
  queuedMessage,
  SEND_FAILED,
  type EmailField,
  type EmailSendContext,
  type EmailSendEvent,
  type EmailSendInput,
  type EmailSendReport,
} from './types';

/**
 * Sending customer e-mails (SPEC sections 4, 6, 8): confirmation, information, cancellation and
 * review, for the selected orders or the panel's order. The flags are read when a send starts
 * (a change applies without a reload; a failed read counts as off): off, the info toast 'Not
 * Supported' and nothing else; the flags as last read (and once when the screen opens) tell the
 * menu which kinds are off. The dialog shows who will receive it and who is left out and why
 * (orders that departed before it opened unless the operator keeps them), and each recipient's
 * message as the server renders it (a preview child). The send is one request with an idempotency key, so a double click or a retry queues nothing
 * twice. A send that fails as a whole opens the mail error alert (Retry repeats it with the same
 * key); one the server refuses for some orders opens the partial mail error alert (Retry sends
 * those again).
 */
const targetOf = (context: EmailSendContext, target: 'selection' | 'open') =>
  target === 'open' ? (context.open ? [context.open] : []) : context.selected;

const recipientIds = (c: EmailSendContext) =>
  recipients(c.orders, c.kind, c.sendAgain, { now: c.now, keep: c.keepPast }).to.map((o) => o.id);

/** The kind and its details: what a send and a preview of it share. */
function details(c: EmailSendContext): PreviewBase {
  const { message, meetingPoint, meetingTime, guide, reason } = c.draft;
  const info = { message, meetingPoint, meetingTime, ...(guide ? { guideId: guide.id } : {}) };
  return {
    type: c.kind,
    sendAgain: c.sendAgain,
    ...(c.kind === 'INFORMATION' ? { info } : {}),
    ...(c.kind === 'CANCELLATION' ? { cancel: { reason } } : {}),
  };
}

function request(c: EmailSendContext): EmailRequest {
  const { type, sendAgain, ...rest } = details(c);
  return { type, orderIds: c.sending, sendAgain, ...rest, idempotencyKey: c.key };
}

const previewInput = (c: EmailSendContext) => ({ base: details(c), orderIds: recipientIds(c) });

export const emailSendMachine = setup({
  types: {
    context: {} as EmailSendContext,
    events: {} as EmailSendEvent,
    input: {} as EmailSendInput,
    emitted: {} as NotifyEvent,
    children: {} as { guides: 'guides'; preview: 'preview'; flags: 'getFeatures'; getFeatures: 'getFeatures' },
  },
  actors: { getFeatures, sendEmails, guides: guideSearchMachine, preview: emailPreviewMachine },
  delays: { afterResult: 0 },
  guards: {
    hasOrders: ({ context }, p: { target: 'selection' | 'open' }) => targetOf(context, p.target).length > 0,
    flagsOn: ({ context }, p: { flags: FeatureFlagRecord[] | null }) =>
      flagsAllow(p.flags, context.kind, context.countryCode),
    /** Someone receives it, and what the kind needs is filled in. */
    canSend: ({ context }) => {
      if (recipientIds(context).length === 0) return false;
      if (context.kind === 'INFORMATION') return context.draft.message.trim() !== '';
      if (context.kind === 'CANCELLATION') return context.draft.reason.trim() !== '';
      return true;
    },
    allQueued: (_, p: { result: EmailSendResult }) => p.result.refused.length === 0,
    isInformation: ({ context }) => context.kind === 'INFORMATION',
  },
  actions: {
    select: assign((_, p: { selected: EmailSendContext['selected']; open: EmailSendContext['open'] }) => ({
      selected: p.selected,
      open: p.open,
    })),
    start: assign(({ context }, p: { kind: EmailKind; target: 'selection' | 'open' }) => ({
      kind: p.kind,
      orders: targetOf(context, p.target),
      sendAgain: false,
      keepPast: false,
      // what "departed" means for this dialog: before it opened
      now: Date.now(),
      draft: EMPTY_DRAFT,
      result: null,
      error: null,
    })),
    keepFlags: assign((_, p: { flags: FeatureFlagRecord[] | null }) => ({ flags: p.flags })),
    setField: assign(({ context }, p: { field: EmailField; value: string }) => ({
      draft: { ...context.draft, [p.field]: p.value },
    })),
    setGuide: assign(({ context }, p: { guide: EmailSendContext['draft']['guide'] }) => ({
      draft: { ...context.draft, guide: p.guide },
    })),
    setSendAgain: assign((_, p: { on: boolean }) => ({ sendAgain: p.on })),
    setKeepPast: assign((_, p: { on: boolean }) => ({ keepPast: p.on })),
    /** The preview renders what would go out now: the details and recipients as they are. */
    updatePreview: sendTo('preview', ({ context }): EmailPreviewEvent => ({
      type: 'preview.update',
      ...previewInput(context),
    })),
    /** A new send: a new key, and its recipients as the dialog shows them now. */
    prepare: assign(({ context }) => ({ key: crypto.randomUUID(), sending: recipientIds(context), error: null })),
    /** Retry after a partial refusal: those orders again, as a new request. */
    prepareRetry: assign(({ context }) => ({
      key: crypto.randomUUID(),
      sending: context.result?.refused.map((r) => r.orderId) ?? [],
    })),
    keepResult: assign((_, p: { result: EmailSendResult }) => ({ result: p.result })),
    /** A refusal of the whole request (4xx) says why in the server's words; anything else is the general text. */
    fail: assign((_, p: { error: unknown }) => ({
      error: isApiError(p.error) && p.error.status >= 400 && p.error.status < 500 ? p.error.message : SEND_FAILED,
    })),
    reportQueued: enqueueActions(({ context, enqueue }, p: { result: EmailSendResult }) => {
      const orderIds = p.result.queued.map((q) => q.orderId);
      if (orderIds.length === 0) return;
      // the screen patches a thousand rows in a task of its own, after the one that closes the dialog
      enqueue.sendParent({ type: 'email.queued', kind: context.kind, orderIds } satisfies EmailSendReport, {
        delay: 'afterResult',
      });
      enqueue.emit({ type: 'notify', kind: 'success', message: queuedMessage(orderIds.length) });
    }),
    notifyNotSupported: emit({ type: 'notify', kind: 'info', message: NOT_SUPPORTED } as const),
    logError: (_, p: { error: unknown }) => {
      console.error('[email-send]', p.error);
    },
  },
}).createMachine({
  id: 'emailSend',
  context: ({ input }) => ({
    ...input,
    selected: [],
    open: null,
    kind: 'CONFIRMATION',
    orders: [],
    sendAgain: false,
    keepPast: false,
    now: 0,
    flags: null,
    draft: EMPTY_DRAFT,
    key: '',
    sending: [],
    result: null,
    error: null,
  }),
  on: { 'email.select': { actions: { type: 'select', params: ({ event }) => event } } },
  // read once when the screen opens, so the menu can say which kinds the team's country has off
  invoke: {
    id: 'flags',
    src: 'getFeatures',
    onDone: { actions: { type: 'keepFlags', params: ({ event }) => ({ flags: event.output }) } },
    onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'email.start': {
          guard: { type: 'hasOrders', params: ({ event }) => event },
          target: 'checkingFlags',
          actions: { type: 'start', params: ({ event }) => event },
        },
      },
    },
    /** The flags as they are now: a change made on the toggle page applies without a reload. */
    checkingFlags: {
      invoke: {
        id: 'getFeatures',
        src: 'getFeatures',
        onDone: [
          {
            guard: { type: 'flagsOn', params: ({ event }) => ({ flags: event.output }) },
            target: 'dialog',
            actions: { type: 'keepFlags', params: ({ event }) => ({ flags: event.output }) },
          },
          {
            target: 'idle',
            actions: [{ type: 'keepFlags', params: ({ event }) => ({ flags: event.output }) }, 'notifyNotSupported'],
          },
        ],
        onError: {
          target: 'idle',
          actions: ['notifyNotSupported', { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    /** The send-confirm, multi-send-confirmation, send-info or cancellation dialog. */
    dialog: {
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => previewInput(context),
        onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'isInformation', target: 'information' }, { target: 'plain' }] },
        // the send-info dialog picks a guide: its search lives as long as the dialog
        information: {
          invoke: {
            id: 'guides',
            src: 'guides',
            // guides where the tour starts come first
            input: ({ context }) => ({ teamId: context.teamId, near: tourPlace(context.orders) }),
            onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        plain: {},
      },
      on: {
        'email.field': { actions: [{ type: 'setField', params: ({ event }) => event }, 'updatePreview'] },
        'email.sendAgain': { actions: [{ type: 'setSendAgain', params: ({ event }) => event }, 'updatePreview'] },
        'email.keepPast': { actions: [{ type: 'setKeepPast', params: ({ event }) => event }, 'updatePreview'] },
        'guide.picked': { actions: [{ type: 'setGuide', params: ({ event }) => event }, 'updatePreview'] },
        'email.submit': { guard: 'canSend', target: 'sending', actions: 'prepare' },
        'email.cancel': { target: 'idle' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendEmails',
        src: 'sendEmails',
        input: ({ context }) => request(context),
        onDone: [
          {
            guard: { type: 'allQueued', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: { type: 'reportQueued', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'partlyFailed',
            actions: [
              { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'reportQueued', params: ({ event }) => ({ result: event.output }) },
            ],
          },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The mail error alert: nothing was queued; Retry repeats the same request (same key). */
    failed: {
      on: { 'email.retry': { target: 'sending' }, 'email.cancel': { target: 'idle' } },
    },
    /** The partial mail error alert: the orders the server refused, with why; Retry sends those again. */
    partlyFailed: {
      on: {
        'email.retry': { target: 'sending', actions: 'prepareRetry' },
        'email.cancel': { target: 'idle' },
      },
    },
  },
});
