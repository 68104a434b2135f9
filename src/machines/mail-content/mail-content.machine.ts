import { assign, emit, raise, sendParent, setup } from 'xstate';
import {
  getMailContent,
  previewMailContent,
  saveMailContent,
  type MailContent,
  type SaveAnswer,
} from '../../api/services/products';
import { can } from '../../../shared/permissions';
import { insertVariable, type Caret, type TemplateField } from '../../domain/mail-content';
import type { Ota } from '../../domain/statuses';
import type { NotifyEvent } from '../notify';
import {
  anyDirty,
  draftFrom,
  draftInput,
  draftOf,
  isDirty,
  noticeOf,
  previewOf,
  savedOf,
  withoutFault,
  type Notice,
} from './drafts';
import {
  mailMessages,
  type MailContentContext,
  type MailContentEvent,
  type MailContentInput,
  type MailContentReport,
  type MailContentTag,
  type PreviewOutcome,
} from './types';

/**
 * The mail content of one product, one OTA tab at a time. Two regions:
 *
 *   content   load the tab's template, edit the draft, save it (a template the server refuses
 *             shows on the field it names), or reset it to the built-in one (asked first)
 *   preview   after a pause in typing, the server renders the draft for a real order; a change
 *             meanwhile starts over, so the newest draft's preview is the one shown
 *
 * Drafts are kept per OTA: switching tabs loses nothing, and saving or resetting one tab leaves the
 * others' drafts alone. Tabs switch only while nothing is being saved or reset. A role that may not
 * change mail content (the role matrix) reads each tab in `readOnly`: the saved template and its
 * preview, nothing to type, save or reset.
 */
export const PREVIEW_DELAY_MS = 400;

export const mailContentMachine = setup({
  types: {
    input: {} as MailContentInput,
    context: {} as MailContentContext,
    events: {} as MailContentEvent,
    tags: {} as MailContentTag,
    emitted: {} as NotifyEvent,
  },
  actors: { loadContent: getMailContent, saveContent: saveMailContent, renderPreview: previewMailContent },
  delays: { previewDelay: PREVIEW_DELAY_MS },
  guards: {
    otherOta: ({ context }, params: { ota: Ota }) => params.ota !== context.ota,
    otherLoadedOta: ({ context }, params: { ota: Ota }) =>
      params.ota !== context.ota && context.saved[params.ota] !== undefined,
    dirty: ({ context }) => isDirty(context, context.ota),
    resettable: ({ context }) => context.saved[context.ota]?.custom === true || isDirty(context, context.ota),
    hasDraft: ({ context }) => draftOf(context) !== undefined,
    refused: (_, params: { answer: SaveAnswer }) => 'refused' in params.answer,
    mayEdit: ({ context }) => can(context.role, 'updateMailContent'),
  },
  actions: {
    setOta: assign((_, params: { ota: Ota }) => ({ ota: params.ota, caret: null, error: null })),
    setLoaded: assign(({ context }, params: { content: MailContent }) => ({
      saved: { ...context.saved, [context.ota]: params.content },
      // a draft typed before (then a failure and a retry) stays
      drafts: { ...context.drafts, [context.ota]: context.drafts[context.ota] ?? draftFrom(params.content) },
      error: null,
    })),
    failLoad: assign(({ context }) => ({ error: mailMessages.loadFailed(context.ota) })),
    edit: assign(({ context }, params: { field: TemplateField; value: string }) => ({
      drafts: { ...context.drafts, [context.ota]: { ...draftOf(context)!, [params.field]: params.value } },
      faults: withoutFault(context, params.field),
    })),
    setCaret: assign((_, params: { caret: Caret }) => ({ caret: params.caret })),
    insert: assign(({ context }, params: { name: string }) => {
      const next = insertVariable(draftOf(context)!, context.caret, params.name);
      return {
        drafts: { ...context.drafts, [context.ota]: next.draft },
        caret: next.caret,
        faults: withoutFault(context, next.caret.field),
      };
    }),
    /** Saved: what the server has now; the draft stays as typed (it may have changed meanwhile). */
    setSaved: assign(({ context }, params: { content: MailContent }) => ({
      saved: { ...context.saved, [context.ota]: params.content },
      faults: withoutFault(context, null),
    })),
    setFault: assign(({ context }, params: { answer: SaveAnswer }) =>
      'refused' in params.answer ? { faults: { ...context.faults, [context.ota]: params.answer.refused } } : {},
    ),
    /** Reset: the built-in template is both what the server has and the draft. */
    setReset: assign(({ context }, params: { content: MailContent }) => ({
      saved: { ...context.saved, [context.ota]: params.content },
      drafts: { ...context.drafts, [context.ota]: draftFrom(params.content) },
      faults: withoutFault(context, null),
      caret: null,
    })),
    setPreview: assign(({ context }, params: { outcome: PreviewOutcome }) => ({
      preview: { ota: context.ota, draft: draftOf(context)!, outcome: params.outcome },
    })),
    schedulePreview: raise({ type: 'preview.refresh' }),
    reportDirty: sendParent(({ context }): MailContentReport => ({ type: 'mail.dirty', dirty: anyDirty(context) })),
    notify: emit(({ context }, params: { kind: NotifyEvent['kind']; notice: Notice }) => ({
      type: 'notify' as const,
      kind: params.kind,
      message: noticeOf(context, params.notice),
    })),
  },
}).createMachine({
  id: 'mailContent',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    ota: 'KLOOK',
    saved: {},
    drafts: {},
    faults: {},
    caret: null,
    preview: null,
    error: null,
  }),
  states: {
    content: {
      initial: 'loading',
      on: {
        // another tab: shown at once when loaded before, else loaded (a load in flight for another tab
        // is dropped); refused below while a save or a reset runs
        'mail.ota': [
          {
            guard: { type: 'otherLoadedOta', params: ({ event }) => ({ ota: event.ota }) },
            target: '.ready',
            actions: [{ type: 'setOta', params: ({ event }) => ({ ota: event.ota }) }, 'schedulePreview'],
          },
          {
            guard: { type: 'otherOta', params: ({ event }) => ({ ota: event.ota }) },
            target: '.loading',
            actions: [{ type: 'setOta', params: ({ event }) => ({ ota: event.ota }) }, 'schedulePreview'],
          },
        ],
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadContent',
            src: 'loadContent',
            input: ({ context }) => ({ teamId: context.teamId, productId: context.productId, ota: context.ota }),
            onDone: {
              target: 'ready',
              actions: [{ type: 'setLoaded', params: ({ event }) => ({ content: event.output }) }, 'schedulePreview'],
            },
            onError: { target: 'failed', actions: 'failLoad' },
          },
        },
        failed: { on: { 'mail.retry': 'loading' } },
        ready: {
          initial: 'choosing',
          // each change of the draft asks for a preview; refused below while a reset is asked or runs
          on: {
            'mail.edit': {
              actions: [
                { type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) },
                'schedulePreview',
                'reportDirty',
              ],
            },
            'mail.caret': { actions: { type: 'setCaret', params: ({ event }) => ({ caret: event.caret }) } },
            'mail.insert': {
              actions: [
                { type: 'insert', params: ({ event }) => ({ name: event.name }) },
                'schedulePreview',
                'reportDirty',
              ],
            },
          },
          states: {
            choosing: { always: [{ guard: 'mayEdit', target: 'idle' }, { target: 'readOnly' }] },
            /** The role may read the template and its preview only. */
            readOnly: { on: { 'mail.edit': {}, 'mail.insert': {} } },
            idle: {
              on: {
                'mail.save': { guard: 'dirty', target: 'saving' },
                'mail.reset': { guard: 'resettable', target: 'confirmingReset' },
              },
            },
            saving: {
              tags: ['saving'],
              // typing goes on while the save runs (nothing typed is lost); the tab stays
              on: { 'mail.ota': {} },
              invoke: {
                id: 'saveContent',
                src: 'saveContent',
                input: ({ context }) => draftInput(context),
                onDone: [
                  {
                    guard: { type: 'refused', params: ({ event }) => ({ answer: event.output }) },
                    target: 'idle',
                    actions: [
                      { type: 'setFault', params: ({ event }) => ({ answer: event.output }) },
                      { type: 'notify', params: { kind: 'error', notice: 'refused' } },
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'setSaved', params: ({ event }) => ({ content: savedOf(event.output) }) },
                      'reportDirty',
                      { type: 'notify', params: { kind: 'success', notice: 'saved' } },
                    ],
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: { type: 'notify', params: { kind: 'error', notice: 'saveFailed' } },
                },
              },
            },
            confirmingReset: {
              on: {
                'mail.resetConfirm': 'resetting',
                'mail.resetCancel': 'idle',
                'mail.ota': {},
                'mail.edit': {},
                'mail.insert': {},
              },
            },
            resetting: {
              tags: ['resetting'],
              // the built-in template replaces the draft: nothing is typed meanwhile
              on: { 'mail.ota': {}, 'mail.edit': {}, 'mail.insert': {} },
              invoke: {
                id: 'resetContent',
                src: 'saveContent',
                // empty subject and body: the server goes back to its built-in template
                input: ({ context }) => ({ ...draftInput(context), subject: '', body: '' }),
                onDone: [
                  {
                    guard: { type: 'refused', params: ({ event }) => ({ answer: event.output }) },
                    target: 'idle',
                    actions: { type: 'notify', params: { kind: 'error', notice: 'resetFailed' } },
                  },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'setReset', params: ({ event }) => ({ content: savedOf(event.output) }) },
                      'reportDirty',
                      'schedulePreview',
                      { type: 'notify', params: { kind: 'success', notice: 'reset' } },
                    ],
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: { type: 'notify', params: { kind: 'error', notice: 'resetFailed' } },
                },
              },
            },
          },
        },
      },
    },
    preview: {
      initial: 'idle',
      // a region's transition to its child re-enters it: the pause starts over, a render in flight is dropped
      on: { 'preview.refresh': '.waiting' },
      states: {
        idle: {},
        waiting: {
          tags: ['previewing'],
          after: { previewDelay: [{ guard: 'hasDraft', target: 'rendering' }, { target: 'idle' }] },
        },
        rendering: {
          tags: ['previewing'],
          invoke: {
            id: 'renderPreview',
            src: 'renderPreview',
            input: ({ context }) => draftInput(context),
            onDone: {
              target: 'idle',
              actions: { type: 'setPreview', params: ({ event }) => ({ outcome: previewOf(event.output) }) },
            },
            onError: { target: 'idle', actions: { type: 'setPreview', params: { outcome: { kind: 'failed' } } } },
          },
        },
      },
    },
  },
});
