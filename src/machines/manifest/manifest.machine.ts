import { assign, emit, sendTo, setup } from 'xstate';
import { exportManifestCsv, loadManifest } from '../../api/services/manifest';
import { CHECK_IN_TEXT, valueOf, type CheckInBase } from '../../domain/check-in';
import { liveFeed } from '../live/live-feed';
import { feedOf, logFeedError } from '../live/workspace-routes';
import type { NotifyEvent } from '../notify';
import { checkInMachine } from '../check-in/check-in.machine';
import type { ExportResult, Manifest, ManifestContext, ManifestEvent, ManifestInput } from './types';

/**
 * The manifest screen (`/tours/:id/manifest`, `/departures/manifest`): loads who is on the departure,
 * follows the team's live changes (a change of the orders or tours brings it again quietly, once
 * the load under way is done), prepares the CSV download (a signed link, then the provided
 * `startDownload`) and prints (the provided `print`). Its child `checkIn` takes the check-in
 * gestures; the screen tells it the parties as the server has them after every load.
 */
export type { ManifestContext, ManifestEvent, ManifestInput } from './types';

export const CSV_FAILED = 'Export failed';

/** Each party's check-in as the server has it, with its name and size, for the check-in queue. */
export function basesOf(manifest: Manifest): Record<string, CheckInBase> {
  return Object.fromEntries(
    manifest.parties.map((p) => [p.orderId, { name: p.name, total: p.total, ...valueOf(p.checkIn) }]),
  );
}

/** Orders and tours changes may change who is on the manifest; the inbox, e-mails and bookings do not. */
const concernsManifest = (event: ManifestEvent) =>
  event.type === 'live.reset' ||
  (event.type === 'live.change' && (event.change.topic === 'orders' || event.change.topic === 'tours'));

export const manifestMachine = setup({
  types: {
    context: {} as ManifestContext,
    events: {} as ManifestEvent,
    input: {} as ManifestInput,
    emitted: {} as NotifyEvent,
    tags: {} as 'loading' | 'exporting',
  },
  actors: { loadManifest, exportManifestCsv, liveFeed, checkIn: checkInMachine },
  guards: {
    concerns: (_, p: { event: ManifestEvent }) => concernsManifest(p.event),
    stale: ({ context }) => context.stale,
  },
  actions: {
    show: assign((_, p: { manifest: Manifest }) => ({ manifest: p.manifest, error: null })),
    tellCheckIn: sendTo('checkIn', (_, p: { manifest: Manifest }) => ({
      type: 'checkin.base' as const,
      parties: basesOf(p.manifest),
    })),
    fail: assign({ error: CHECK_IN_TEXT.loadFailed }),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
    setLink: assign((_, p: { result: ExportResult }) => ({ link: p.result.presignedUrl })),
    notifyCsvFailed: emit({ type: 'notify', kind: 'error', message: CSV_FAILED } as const),
    logError: (_, p: { error: unknown }) => {
      console.error('[manifest]', p.error);
    },
    /** Provided by the view (a hidden anchor with `download`): the server serves the signed link. */
    startDownload: (_, p: { url: string }) => {
      console.error(`[manifest] action "startDownload" was not provided by the app (${p.url})`);
    },
    /** Provided by the view (the browser's print dialog, with the print stylesheet). */
    print: () => {
      console.error('[manifest] action "print" was not provided by the app');
    },
  },
}).createMachine({
  id: 'manifest',
  context: ({ input }) => ({
    teamId: input.teamId,
    source: input.source,
    live: input.live ?? null,
    manifest: null,
    stale: false,
    link: null,
    error: null,
  }),
  invoke: [
    { id: 'liveFeed', src: 'liveFeed', input: feedOf, onError: { actions: logFeedError } },
    {
      id: 'checkIn',
      src: 'checkIn',
      input: ({ context }) => ({ teamId: context.teamId }),
      onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
    },
  ],
  on: { 'manifest.print': { actions: 'print' } },
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          entry: 'clearStale',
          // a change heard while the first load runs brings the manifest again once it is shown
          on: {
            'live.change': { guard: { type: 'concerns', params: ({ event }) => ({ event }) }, actions: 'markStale' },
            'live.reset': { actions: 'markStale' },
          },
          invoke: {
            id: 'loadManifest',
            src: 'loadManifest',
            input: ({ context }) => ({ teamId: context.teamId, source: context.source }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'show', params: ({ event }) => ({ manifest: event.output }) },
                { type: 'tellCheckIn', params: ({ event }) => ({ manifest: event.output }) },
              ],
            },
            onError: {
              target: 'failed',
              actions: ['fail', { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
        failed: {
          on: {
            'manifest.retry': 'loading',
            'live.change': { guard: { type: 'concerns', params: ({ event }) => ({ event }) }, target: 'loading' },
            'live.reset': 'loading',
          },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'stale', target: 'refreshing' },
              on: {
                'live.change': {
                  guard: { type: 'concerns', params: ({ event }) => ({ event }) },
                  target: 'refreshing',
                },
                'live.reset': 'refreshing',
              },
            },
            /** Quietly: the manifest shown stays until the new one comes. */
            refreshing: {
              entry: 'clearStale',
              invoke: {
                id: 'refreshManifest',
                src: 'loadManifest',
                input: ({ context }) => ({ teamId: context.teamId, source: context.source }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'show', params: ({ event }) => ({ manifest: event.output }) },
                    { type: 'tellCheckIn', params: ({ event }) => ({ manifest: event.output }) },
                  ],
                },
                // the manifest shown stays; the next change tries again
                onError: {
                  target: 'idle',
                  actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                },
              },
              on: {
                'live.change': {
                  guard: { type: 'concerns', params: ({ event }) => ({ event }) },
                  actions: 'markStale',
                },
                'live.reset': { actions: 'markStale' },
              },
            },
          },
        },
      },
    },
    csv: {
      initial: 'idle',
      states: {
        idle: { on: { 'manifest.csv': 'exporting' } },
        exporting: {
          tags: ['exporting'],
          invoke: {
            id: 'exportManifestCsv',
            src: 'exportManifestCsv',
            input: ({ context }) => ({ teamId: context.teamId, source: context.source }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'setLink', params: ({ event }) => ({ result: event.output }) },
                { type: 'startDownload', params: ({ event }) => ({ url: event.output.presignedUrl }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: ['notifyCsvFailed', { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
      },
    },
  },
});
