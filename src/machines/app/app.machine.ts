import { setup } from 'xstate';
import { chunkReloadWait } from '../../domain/chunk-reload';
import { readChunkReloadAt, writeChunkReloadAt } from '../../api/storage/chunk-reload';
import { navDrawerMachine } from '../nav-drawer/nav-drawer.machine';
import type { NotifyEvent } from '../notify';

/**
 * App-wide behaviour outside the session: leaving the app for an absolute redirect, the
 * reload after a failed chunk load, at most once per guard window, and the navigation drawer of
 * narrow screens (child `navDrawer`, which the layout renders). (The order and tour
 * selections belong to their workspace screens, which start empty on every navigation.)
 */
export interface AppInput {
  /** When the page last reloaded for a chunk error (sessionStorage), if ever. */
  lastChunkReloadAt: number | null;
  now: number;
}

export interface AppContext {
  lastChunkReloadAt: number | null;
  startedAt: number;
}

export type AppEvent = { type: 'route.leave'; url: string } | { type: 'chunk.failed'; error?: unknown };

export type AppTag = 'reloading';

/** The start-up input as the browser has it. */
export function browserAppInput(): AppInput {
  return { lastChunkReloadAt: readChunkReloadAt(), now: Date.now() };
}

function notProvided(name: string): void {
  console.error(`[app] action "${name}" was not provided by the app`);
}

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    tags: {} as AppTag,
    emitted: {} as NotifyEvent,
  },
  actors: { navDrawer: navDrawerMachine },
  guards: {
    reloadedRecently: ({ context }) => chunkReloadWait(context.lastChunkReloadAt, context.startedAt) > 0,
  },
  delays: {
    chunkReloadCooldown: ({ context }) => chunkReloadWait(context.lastChunkReloadAt, context.startedAt),
  },
  actions: {
    stampChunkReload: () => writeChunkReloadAt(Date.now()),
    logError: (_, params: { error: unknown }) => {
      console.error('[app]', params.error);
    },
    reloadPage: () => notProvided('reloadPage'),
    leaveApp: (_, params: { url: string }) => notProvided(`leaveApp(${params.url})`),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ lastChunkReloadAt: input.lastChunkReloadAt, startedAt: input.now }),
  invoke: {
    id: 'navDrawer',
    src: 'navDrawer',
    onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
  },
  on: {
    'route.leave': { actions: { type: 'leaveApp', params: ({ event }) => ({ url: event.url }) } },
  },
  initial: 'checkingReload',
  states: {
    checkingReload: {
      always: [{ guard: 'reloadedRecently', target: 'reloadCoolingDown' }, { target: 'reloadArmed' }],
    },
    reloadArmed: {
      on: { 'chunk.failed': { target: 'reloading', actions: ['stampChunkReload', 'reloadPage'] } },
    },
    /** Just reloaded for a chunk error: another one now shows the error page instead of looping. */
    reloadCoolingDown: {
      after: { chunkReloadCooldown: 'reloadArmed' },
      on: { 'chunk.failed': { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } } },
    },
    reloading: { tags: ['reloading'] },
  },
});
