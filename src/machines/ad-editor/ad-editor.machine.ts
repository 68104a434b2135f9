import { assign, emit, sendParent, sendTo, setup } from 'xstate';
import { saveAd, type AdAnswer } from '../../api/services/ads';
import { readDataUrl } from '../../api/services/settings';
import { draftChanges, draftOf, draftRefusals, draftUnsaved, type Ad, type AdField } from '../../domain/ads';
import { uploadRefusal } from '../../domain/uploads';
import { leaveGuardMachine } from '../leave-guard/leave-guard.machine';
import type { NotifyEvent } from '../notify';
import {
  READ_FAILED,
  SAVE_FAILED,
  type AdEditorContext,
  type AdEditorEvent,
  type AdEditorInput,
  type AdEditorReport,
} from './types';

/** Closing the form: at once when nothing typed would be lost, else the leave guard asks. */
const leaveOrAsk = [
  { guard: 'unsaved', actions: 'askToLeave' },
  { target: 'closed', actions: 'reportClosed' },
] as const;

/**
 * The form of one advertisement: title, link, and an image uploaded (the avatar's checks: jpg,
 * jpeg or png, at most 512,000 bytes, checked before anything is read) or given as an https
 * address. Save is taken only when every field is acceptable and something changed; it sends only
 * what changed. What the server refuses shows in its words, the draft kept as typed. Its leave guard
 * (`leaveGuard`) holds the way out while the draft differs from the ad: Cancel, Escape or another page
 * then ask first, and a discarded draft closes the form.
 */
export const adEditorMachine = setup({
  types: {
    input: {} as AdEditorInput,
    context: {} as AdEditorContext,
    events: {} as AdEditorEvent,
    emitted: {} as NotifyEvent,
    tags: {} as 'reading' | 'saving',
    children: {} as { leaveGuard: 'leaveGuard'; readImage: 'readImage'; saveAd: 'saveAd' },
  },
  actors: { readImage: readDataUrl, saveAd, leaveGuard: leaveGuardMachine },
  guards: {
    fileRefused: (_, params: { file: File }) => uploadRefusal(params.file) !== null,
    savable: ({ context }) =>
      Object.keys(draftRefusals(context.draft)).length === 0 &&
      Object.keys(draftChanges(context.ad, context.draft)).length > 0,
    refused: (_, params: { answer: AdAnswer }) => 'refused' in params.answer,
    unsaved: ({ context }) => draftUnsaved(context.ad, context.draft),
  },
  actions: {
    change: assign(({ context }, params: { field: AdField; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
      fileName: params.field === 'imageUrl' ? null : context.fileName,
      fileError: params.field === 'imageUrl' ? null : context.fileError,
      refusal: null,
    })),
    refuseFile: assign((_, params: { file: File }) => ({ fileError: uploadRefusal(params.file), fileName: null })),
    holdFile: assign((_, params: { file: File }) => ({ fileName: params.file.name, fileError: null, refusal: null })),
    setImage: assign(({ context }, params: { dataUrl: string }) => ({
      draft: { ...context.draft, imageUrl: params.dataUrl },
    })),
    failRead: assign({ fileError: READ_FAILED, fileName: null }),
    setRefusal: assign((_, params: { answer: AdAnswer }) => ({
      refusal: 'refused' in params.answer ? params.answer.refused : null,
    })),
    reportSaved: sendParent(({ context }, params: { answer: AdAnswer }): AdEditorReport => ({
      type: 'editor.saved',
      // taken only when the server saved it (the `refused` guard comes first)
      ad: (params.answer as { saved: Ad }).saved,
      created: context.ad === null,
    })),
    reportClosed: sendParent((): AdEditorReport => ({ type: 'editor.closed' })),
    /** The leave guard learns whether closing now would lose what was typed. */
    reportUnsaved: sendTo('leaveGuard', ({ context }) => ({
      type: 'leave.unsaved' as const,
      unsaved: draftUnsaved(context.ad, context.draft),
    })),
    askToLeave: sendTo('leaveGuard', { type: 'leave.request' as const }),
    logError: (_, params: { error: unknown }) => {
      console.error('[ad-editor]', params.error);
    },
    notifyFailed: emit({ type: 'notify' as const, kind: 'error' as const, message: SAVE_FAILED }),
  },
}).createMachine({
  id: 'adEditor',
  context: ({ input }) => ({ ...input, draft: draftOf(input.ad), fileName: null, fileError: null, refusal: null }),
  invoke: {
    id: 'leaveGuard',
    src: 'leaveGuard',
    onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'editor.change': {
          actions: [
            { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
            'reportUnsaved',
          ],
        },
        'editor.file': [
          {
            guard: { type: 'fileRefused', params: ({ event }) => ({ file: event.file }) },
            actions: { type: 'refuseFile', params: ({ event }) => ({ file: event.file }) },
          },
          { target: 'reading', actions: { type: 'holdFile', params: ({ event }) => ({ file: event.file }) } },
        ],
        'editor.save': { guard: 'savable', target: 'saving' },
        'editor.cancel': leaveOrAsk,
        'leave.discarded': { target: 'closed', actions: 'reportClosed' },
      },
    },
    reading: {
      tags: ['reading'],
      on: { 'editor.cancel': leaveOrAsk, 'leave.discarded': { target: 'closed', actions: 'reportClosed' } },
      invoke: {
        id: 'readImage',
        src: 'readImage',
        input: ({ event }) => ({ file: (event as Extract<AdEditorEvent, { type: 'editor.file' }>).file }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'setImage', params: ({ event }) => ({ dataUrl: event.output }) }, 'reportUnsaved'],
        },
        onError: { target: 'editing', actions: 'failRead' },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'saveAd',
        src: 'saveAd',
        input: ({ context }) => ({
          teamId: context.teamId,
          id: context.ad?.id ?? null,
          changes: draftChanges(context.ad, context.draft),
        }),
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ answer: event.output }) },
            target: 'editing',
            actions: { type: 'setRefusal', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'closed', actions: { type: 'reportSaved', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: { target: 'editing', actions: 'notifyFailed' },
      },
    },
    // the parent closes the form on either report
    closed: {},
  },
});
