import { assign, emit, sendParent, setup } from 'xstate';
import { saveAd, type AdAnswer } from '../../api/services/ads';
import { readDataUrl } from '../../api/services/settings';
import { draftChanges, draftOf, draftRefusals, type Ad, type AdField } from '../../domain/ads';
import { uploadRefusal } from '../../domain/uploads';
import type { NotifyEvent } from '../notify';
import {
  READ_FAILED,
  SAVE_FAILED,
  type AdEditorContext,
  type AdEditorEvent,
  type AdEditorInput,
  type AdEditorReport,
} from './types';

/**
 * The form of one advertisement: title, link, and an image uploaded (the avatar's checks: jpg,
 * jpeg or png, at most 512,000 bytes, checked before anything is read) or given as an https
 * address. Save is taken only when every field is acceptable and something changed; it sends only
 * what changed. What the server refuses shows in its words, the draft kept as typed.
 */
export const adEditorMachine = setup({
  types: {
    input: {} as AdEditorInput,
    context: {} as AdEditorContext,
    events: {} as AdEditorEvent,
    emitted: {} as NotifyEvent,
    tags: {} as 'reading' | 'saving',
  },
  actors: { readImage: readDataUrl, saveAd },
  guards: {
    fileRefused: (_, params: { file: File }) => uploadRefusal(params.file) !== null,
    savable: ({ context }) =>
      Object.keys(draftRefusals(context.draft)).length === 0 &&
      Object.keys(draftChanges(context.ad, context.draft)).length > 0,
    refused: (_, params: { answer: AdAnswer }) => 'refused' in params.answer,
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
    notifyFailed: emit({ type: 'notify' as const, kind: 'error' as const, message: SAVE_FAILED }),
  },
}).createMachine({
  id: 'adEditor',
  context: ({ input }) => ({ ...input, draft: draftOf(input.ad), fileName: null, fileError: null, refusal: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'editor.change': {
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'editor.file': [
          {
            guard: { type: 'fileRefused', params: ({ event }) => ({ file: event.file }) },
            actions: { type: 'refuseFile', params: ({ event }) => ({ file: event.file }) },
          },
          { target: 'reading', actions: { type: 'holdFile', params: ({ event }) => ({ file: event.file }) } },
        ],
        'editor.save': { guard: 'savable', target: 'saving' },
        'editor.cancel': { target: 'closed', actions: 'reportClosed' },
      },
    },
    reading: {
      tags: ['reading'],
      on: { 'editor.cancel': { target: 'closed', actions: 'reportClosed' } },
      invoke: {
        id: 'readImage',
        src: 'readImage',
        input: ({ event }) => ({ file: (event as Extract<AdEditorEvent, { type: 'editor.file' }>).file }),
        onDone: {
          target: 'editing',
          actions: { type: 'setImage', params: ({ event }) => ({ dataUrl: event.output }) },
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
