import { assign, emit, setup } from 'xstate';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { exportCsv, updateExportMessage, type ExportKind, type ExportResult } from '../api/services/exports';
import { toListQuery, type ListFilters } from '../domain/list-filters';
import type { NotifyEvent } from './notify';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * CSV export of the current view (SPEC section 7): GET the signed link for the filters, PATCH the
 * export's message, then start the download. The server streams every matching row (no cap).
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
  /** The last export's link, once ready. */
  link: string | null;
  error: string | null;
}

export type ExportEvent = { type: 'export.start'; filters: ListFilters; view: string | null };

/** The message recorded with an export: who and when, in the team's timezone. */
export function exportMessage(userName: string, at: Date, tz: string): string {
  return `Exported by ${userName} on ${dayjs(at).tz(tz).format('YYYY-MM-DD HH:mm')}`;
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
    setLink: assign((_, params: { result: ExportResult }) => ({ link: params.result.presignedUrl, error: null })),
    fail: assign({ link: null, error: EXPORT_FAILED }),
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
  context: ({ input }) => ({ ...input, link: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.start': 'exporting' },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'exportCsv',
        src: 'exportCsv',
        input: ({ context, event }) => ({
          kind: context.kind,
          teamId: context.teamId,
          query: toListQuery(event.filters),
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
          message: exportMessage(context.userName, new Date(), context.timezone),
        }),
        onDone: 'ready',
        // the file exists and its link is valid: a message that could not be recorded only is logged
        onError: {
          target: 'ready',
          actions: { type: 'logError', params: ({ event }) => ({ what: 'message', error: event.error }) },
        },
      },
    },
    ready: {
      entry: { type: 'startDownload', params: ({ context }) => ({ url: context.link ?? '' }) },
      on: { 'export.start': 'exporting' },
    },
  },
});
