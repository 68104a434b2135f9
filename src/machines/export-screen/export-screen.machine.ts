import { and, assign, sendTo, setup, stateIn, type SnapshotFrom } from 'xstate';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { ExportKind } from '../../api/services/exports';
import type { ListFilters } from '../../domain/list-filters';
import { DEFAULT_ORDER_SORT, type Ota, type Status } from '../../domain/statuses';
import { dateRangeMachine, type DateRangeReport } from '../date-range/date-range.machine';
import { exportMachine, type ExportInput } from '../export/export.machine';

dayjs.extend(utc);

/**
 * The `/export` screen: what to export (orders or tours, a date range, OTA and status) and an
 * optional note. The export itself is the export machine (invoked once, kept for the screen's
 * life): it records the message, starts the download through the signed link and toasts
 * 'Export failed'. This machine keeps the form, refuses a note the contract would refuse, and
 * shows the last export that succeeded.
 */

/** The contract's limit on an export message (ExportMessageInput.message maxLength). */
export const NOTE_MAX_LENGTH = 5000;

/** A note the server would refuse, in words; null when it can be recorded. */
export function noteProblem(note: string): string | null {
  if (note.length <= NOTE_MAX_LENGTH) return null;
  const over = note.length - NOTE_MAX_LENGTH;
  return `The note is ${note.length.toLocaleString('en-US')} characters long; at most ${NOTE_MAX_LENGTH.toLocaleString('en-US')} can be recorded. Shorten it by ${over.toLocaleString('en-US')} to export.`;
}

export interface ExportScreenInput extends Omit<ExportInput, 'kind'> {
  /** Today in the team's timezone (`YYYY-MM-DD`): the date range starts as its month. */
  today: string;
}

/** The first and last day of the month of `day` (`YYYY-MM-DD`). */
function monthAround(day: string): { startDate: string; endDate: string } {
  const month = dayjs.utc(day);
  return { startDate: month.startOf('month').format('YYYY-MM-DD'), endDate: month.endOf('month').format('YYYY-MM-DD') };
}

/** The last export that succeeded: its file's link and the message recorded with it. */
export interface ExportOutcome {
  kind: ExportKind;
  link: string;
  /** null when the file is ready but the message could not be recorded. */
  message: string | null;
}

export interface ExportScreenContext {
  exporter: ExportInput;
  kind: ExportKind;
  startDate: string | null;
  endDate: string | null;
  ota: Ota | null;
  status: Status | null;
  note: string;
  noteError: string | null;
  result: ExportOutcome | null;
}

export type ExportScreenEvent =
  | { type: 'export.kind'; kind: ExportKind }
  | DateRangeReport
  | { type: 'export.ota'; ota: Ota | null }
  | { type: 'export.status'; status: Status | null }
  | { type: 'export.note'; note: string }
  | { type: 'export.submit' };

type ExporterSnapshot = SnapshotFrom<typeof exportMachine>;

/** The exporter's snapshot, on the events it reports to this machine (`onSnapshot`). */
function exporterSnapshot(event: { type: string }): ExporterSnapshot | null {
  return event.type === 'xstate.snapshot.exporter'
    ? (event as unknown as { snapshot: ExporterSnapshot }).snapshot
    : null;
}

/** The filters an export of the screen sends: no search, the default sort, OTA for orders only. */
export function exportFilters(context: ExportScreenContext): ListFilters {
  return {
    startDate: context.startDate,
    endDate: context.startDate === null ? null : context.endDate,
    basis: 'departure',
    ota: context.kind === 'orders' ? context.ota : null,
    status: context.status,
    search: '',
    sort: DEFAULT_ORDER_SORT,
  };
}

export const exportScreenMachine = setup({
  types: {
    input: {} as ExportScreenInput,
    context: {} as ExportScreenContext,
    events: {} as ExportScreenEvent,
    children: {} as { exporter: 'exporter'; dateRange: 'dateRange' },
  },
  actors: { exporter: exportMachine, dateRange: dateRangeMachine },
  guards: {
    noteAccepted: ({ context }) => context.noteError === null,
    forOrders: ({ context }) => context.kind === 'orders',
    exporting: stateIn('#exportScreen.exporting'),
    exporterReady: ({ event }) => exporterSnapshot(event)?.matches('ready') ?? false,
    exporterSettled: ({ event }) => exporterSnapshot(event)?.hasTag('busy') === false,
  },
  actions: {
    setKind: assign((_, params: { kind: ExportKind }) => ({ kind: params.kind })),
    setRange: assign((_, params: { start: string | null; end: string | null }) => ({
      startDate: params.start,
      endDate: params.start === null ? null : (params.end ?? params.start),
    })),
    setOta: assign((_, params: { ota: Ota | null }) => ({ ota: params.ota })),
    setStatus: assign((_, params: { status: Status | null }) => ({ status: params.status })),
    // the note is kept exactly as typed, even when too long, so nothing is lost while shortening it
    setNote: assign((_, params: { note: string }) => ({ note: params.note, noteError: noteProblem(params.note) })),
    startExport: sendTo('exporter', ({ context }) => ({
      type: 'export.start' as const,
      kind: context.kind,
      filters: exportFilters(context),
      view: null,
      note: context.note,
    })),
    keepResult: assign((_, params: { snapshot: ExporterSnapshot }) => {
      const { kind, link, message } = params.snapshot.context;
      return { result: link === null ? null : { kind, link, message } };
    }),
    logError: (_, params: { error: unknown }) => {
      console.error('[export] a child stopped', params.error);
    },
  },
}).createMachine({
  id: 'exportScreen',
  context: ({ input }) => {
    const { today, ...exporter } = input;
    return {
      exporter: { ...exporter, kind: 'orders' },
      kind: 'orders',
      ...monthAround(today),
      ota: null,
      status: null,
      note: '',
      noteError: null,
      result: null,
    };
  },
  invoke: [
    {
      id: 'dateRange',
      src: 'dateRange',
      input: ({ context }) => ({ start: context.startDate, end: context.endDate, timezone: context.exporter.timezone }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
    {
      id: 'exporter',
      src: 'exporter',
      input: ({ context }) => context.exporter,
      onSnapshot: [
        {
          guard: and(['exporting', 'exporterReady']),
          target: '.editing',
          actions: { type: 'keepResult', params: ({ event }) => ({ snapshot: event.snapshot }) },
        },
        // a failed export toasts from the exporter and changes nothing here
        { guard: and(['exporting', 'exporterSettled']), target: '.editing' },
      ],
      onError: { target: '.editing', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
  ],
  initial: 'editing',
  states: {
    editing: {
      on: {
        'export.kind': { actions: { type: 'setKind', params: ({ event }) => ({ kind: event.kind }) } },
        'range.applied': {
          actions: { type: 'setRange', params: ({ event }) => ({ start: event.start, end: event.end }) },
        },
        'export.ota': {
          guard: 'forOrders',
          actions: { type: 'setOta', params: ({ event }) => ({ ota: event.ota }) },
        },
        'export.status': { actions: { type: 'setStatus', params: ({ event }) => ({ status: event.status }) } },
        'export.note': { actions: { type: 'setNote', params: ({ event }) => ({ note: event.note }) } },
        'export.submit': { guard: 'noteAccepted', target: 'exporting', actions: 'startExport' },
      },
    },
    // the form holds still while its export runs (the view disables it: nothing typed is dropped)
    exporting: { tags: ['busy'] },
  },
});
