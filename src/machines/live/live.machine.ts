import { assign, emit, enqueueActions, setup } from 'xstate';
import { liveStream } from '../../api/live-stream';
import { backoffMs, isFinalStatus, SILENCE_MS } from './backoff';
import { addCounts, CHANNEL_TOAST_WINDOW_MS, channelInserts, channelMessages } from './toasts';
import type { LiveChange, LiveContext, LiveEmitted, LiveEvent, LiveInput } from './types';

/**
 * The team's live stream, under the session (one per signed-in team; a team switch reloads the
 * page). It keeps the connection: `open` (connecting until the backlog is sent, then live),
 * `reconnecting` after a loss (the server's `retry:` hint, doubled per failed try) with the last
 * cursor as Last-Event-ID, `stopped` on an answer another try would only repeat (a 401 also ends
 * the session). Every change is emitted (`live.change`) for the screens' `liveFeed`s, a reset
 * as `live.reset`; new orders from a channel are gathered for a window and shown as one toast per
 * OTA ("3 new orders from Klook").
 */
export const liveMachine = setup({
  types: {
    context: {} as LiveContext,
    events: {} as LiveEvent,
    input: {} as LiveInput,
    emitted: {} as LiveEmitted,
    tags: {} as 'live' | 'connecting' | 'reconnecting',
  },
  actors: { stream: liveStream },
  delays: {
    backoff: ({ context }) => backoffMs(context.retry, context.attempts),
    silence: SILENCE_MS,
    toastWindow: CHANNEL_TOAST_WINDOW_MS,
  },
  guards: {
    isFinal: (_, p: { status: number | null }) => isFinalStatus(p.status),
    fromChannel: (_, p: { change: LiveChange }) => channelInserts(p.change) !== null,
  },
  actions: {
    keepCursor: assign((_, p: { cursor: string | null }) => (p.cursor ? { cursor: p.cursor } : {})),
    keepRetry: assign(({ context }, p: { retry: number | null }) => ({ retry: p.retry ?? context.retry })),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    resetAttempts: assign({ attempts: 0 }),
    setStatus: assign((_, p: { status: number | null }) => ({ status: p.status })),
    forwardChange: emit((_, p: { change: LiveChange }) => ({ type: 'live.change' as const, change: p.change })),
    forwardReset: emit({ type: 'live.reset' as const }),
    countChannel: assign(({ context }, p: { change: LiveChange }) => ({
      channelOrders: addCounts(context.channelOrders, channelInserts(p.change) ?? {}),
    })),
    showChannelToasts: enqueueActions(({ context, enqueue }) => {
      for (const message of channelMessages(context.channelOrders))
        enqueue.emit({ type: 'notify', kind: 'info', message });
      enqueue.assign({ channelOrders: {} });
    }),
    logError: (_, p: { error: unknown }) => {
      console.error('[live]', p.error);
    },
  },
}).createMachine({
  id: 'live',
  type: 'parallel',
  context: ({ input }) => ({
    teamId: input.teamId,
    cursor: null,
    retry: null,
    attempts: 0,
    status: null,
    channelOrders: {},
  }),
  states: {
    connection: {
      initial: 'open',
      states: {
        open: {
          invoke: {
            id: 'stream',
            src: 'stream',
            input: ({ context }) => ({ teamId: context.teamId, cursor: context.cursor }),
            onError: {
              target: 'reconnecting',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: {
            // the backlog (while connecting) and live changes alike: the cursor moves past each
            'live.change': {
              actions: [
                { type: 'keepCursor', params: ({ event }) => event },
                { type: 'forwardChange', params: ({ event }) => event },
              ],
            },
            // the cursor could not be resumed: what is shown loads again; `ready` brings a new cursor
            'live.reset': { actions: 'forwardReset' },
            'live.connection.lost': [
              {
                guard: { type: 'isFinal', params: ({ event }) => event },
                target: 'stopped',
                actions: { type: 'setStatus', params: ({ event }) => event },
              },
              { target: 'reconnecting', actions: { type: 'keepRetry', params: ({ event }) => event } },
            ],
          },
          initial: 'connecting',
          states: {
            connecting: {
              tags: ['connecting'],
              on: {
                'live.ready': {
                  target: 'live',
                  actions: [{ type: 'keepCursor', params: ({ event }) => event }, 'resetAttempts'],
                },
                'live.heartbeat': { target: 'connecting', reenter: true },
              },
              after: { silence: '#live.connection.reconnecting' },
            },
            live: {
              tags: ['live'],
              on: { 'live.heartbeat': { target: 'live', reenter: true } },
              // no heartbeat for three periods: the connection is dead even if nothing said so
              after: { silence: '#live.connection.reconnecting' },
            },
          },
        },
        reconnecting: {
          tags: ['reconnecting'],
          entry: 'countAttempt',
          after: { backoff: 'open' },
        },
        stopped: {},
      },
    },
    toasts: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'live.change': {
              guard: { type: 'fromChannel', params: ({ event }) => event },
              target: 'gathering',
              actions: { type: 'countChannel', params: ({ event }) => event },
            },
          },
        },
        // the window starts with the first new order and is not stretched by the next ones
        gathering: {
          on: {
            'live.change': {
              guard: { type: 'fromChannel', params: ({ event }) => event },
              actions: { type: 'countChannel', params: ({ event }) => event },
            },
          },
          after: { toastWindow: { target: 'idle', actions: 'showChannelToasts' } },
        },
      },
    },
  },
});
