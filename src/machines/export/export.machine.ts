import { assign, emit, setup } from 'xstate';
import { exportCsv, updateExportMessage, type ExportKind, type ExportResult } from '../../api/services/exports';
import { formatDateTime } from '../../domain/format';
import { toListQuery, type ListFilters } from '../../domain/list-filters';
import type { NotifyEvent } from '../notify';

/**
 * CSV export (SPEC section 7): GET the signed link for the filters, PATCH the export's message (the
 * person's note, or who exported and when), then start the download. The server streams every
 * matching row (no cap).
 */
export const EXPORT_FAILED = 'Export failed';

export interface ExportInput {
  kind: ExportKind;
  teamId: string;
  timezone: string;
  /** Who is exporting, for the message. */
  userName: string;
}

export interface ExportContext extends ExportInput {
  /** The note to record with the current export; blank records who exported and when. */
  note: string;
  /** The last export's link, once ready. */
  link: string | null;
  /** The message the server recorded with the last export; null when it could not be recorded. */
  message: string | null;
  error: string | null;
}

export type ExportEvent = {
  type: 'export.start';
  filters: ListFilters;
  view: string | null;
  /** The export screen chooses orders or tours per export; the workspace exports its own kind. */
  kind?: ExportKind;
  note?: string;
};

/** The message recorded with an export: who and when, in the team's timezone. */
export function exportMessage(userName: string, at: Date, tz: string): string {
  return `Exported by ${userName} on ${formatDateTime(at.toISOString(), tz)}`;
}

export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    input: {} as ExportInput,
    emitted: {} as NotifyEvent,
  },
  actors: { exportCsv, updateExportMessage },
  actions: {
    takeRequest: assign(({ context, event }) => ({ kind: event.kind ?? context.kind, note: event.note ?? '' })),
    setLink: assign((_, params: { result: ExportResult }) => ({
      link: params.result.presignedUrl,
      message: null,
      error: null,
    })),
    setMessage: assign((_, params: { result: ExportResult }) => ({ message: params.result.message })),
    fail: assign({ link: null, message: null, error: EXPORT_FAILED }),
    notifyFailed: emit({ type: 'notify', kind: 'error', message: EXPORT_FAILED } as const),
    logError: (_, params: { what: string; error: unknown }) => {
      console.error(`[export] ${params.what}`, params.error);
    },
    /** Provided by the view (e.g. a hidden anchor with `download`): the link is served by the server. */
    startDownload: (_, params: { url: string }) => {
      console.error(`[export] action "startDownload" was not provided by the app (${params.url})`);
    },
  },
}).createMachine({
  id: 'export',
  context: ({ input }) => ({ ...input, note: '', link: null, message: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.start': { target: 'exporting', actions: 'takeRequest' } },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'exportCsv',
        src: 'exportCsv',
        input: ({ context, event }) => ({
          kind: context.kind,
          teamId: context.teamId,
          query: toListQuery(event.filters, event.view),
          view: event.view,
        }),
        onDone: {
          target: 'messaging',
          actions: { type: 'setLink', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: [
            'fail',
            'notifyFailed',
            { type: 'logError', params: ({ event }) => ({ what: 'export', error: event.error }) },
          ],
        },
      },
    },
    messaging: {
      tags: ['busy'],
      invoke: {
        id: 'updateExportMessage',
        src: 'updateExportMessage',
        input: ({ context }) => ({
          kind: context.kind,
          presignedUrl: context.link ?? '',
          message: context.note.trim() ? context.note : exportMessage(context.userName, new Date(), context.timezone),
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'setMessage', params: ({ event }) => ({ result: event.output }) },
        },
        // the file exists and its link is valid: a message that could not be recorded only is logged
        onError: {
          target: 'ready',
          actions: { type: 'logError', params: ({ event }) => ({ what: 'message', error: event.error }) },
        },
      },
    },
    ready: {
      entry: { type: 'startDownload', params: ({ context }) => ({ url: context.link ?? '' }) },
      on: { 'export.start': { target: 'exporting', actions: 'takeRequest' } },
    },
  },
});
