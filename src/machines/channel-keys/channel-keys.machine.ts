import { assign, emit, enqueueActions, setup } from 'xstate';
import { copyKeySecret, createChannelKey, loadChannelKeys, revokeChannelKey } from '../../api/services/channel-keys';
import { CHANNEL_KEYS_TEXT, keyNameProblem, octoBaseUrl } from '../../domain/channel-keys';
import type { Ota } from '../../domain/statuses';
import type { NotifyEvent } from '../notify';
import type { Notice, SettingsUnsaved } from '../settings-dialog/shared';
import type {
  ChannelKey,
  ChannelKeysContext,
  ChannelKeysEvent,
  ChannelKeysInput,
  CreatedKey,
  KeyOutcome,
} from './types';

/**
 * The Connections page (settings dialog, ADMIN): the team's channel API keys, a form to create one
 * for an OTA, and Revoke with a confirmation. A new key's secret is in context only while it is on
 * screen (`secret`); copying it is this machine's call, and leaving that state drops it. What a
 * reseller needs besides the key (the base URL, the capabilities) is the page's too. The settings
 * dialog (`owner`) hears of two drafts: a key's name typed and not created, and a secret on its way
 * or on screen and not copied yet (it cannot be shown again), so closing it then asks first.
 */
export type { ChannelKeysContext, ChannelKeysEvent, ChannelKeysInput } from './types';

type Done<T> = { event: { output: KeyOutcome<T> } };
const outcome = <T>({ event }: Done<T>) => ({ outcome: event.output as KeyOutcome<unknown> });
const refusal = <T>({ event }: Done<T>) => ({ message: event.output.ok ? '' : event.output.refusal });
const dataOf = <T>({ event }: Done<T>): T => (event.output as { data: T }).data;
const logError = {
  type: 'logError',
  params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
} as const;
const notify = (params: Notice) => ({ type: 'notify', params }) as const;

export const channelKeysMachine = setup({
  types: {
    input: {} as ChannelKeysInput,
    context: {} as ChannelKeysContext,
    events: {} as ChannelKeysEvent,
    emitted: {} as NotifyEvent,
  },
  actors: { loadChannelKeys, createChannelKey, revokeChannelKey, copyKeySecret },
  guards: {
    accepted: (_, params: { outcome: KeyOutcome<unknown> }) => params.outcome.ok,
    draftValid: ({ context }) => keyNameProblem(context.draft.name) === null,
    revocable: ({ context }, params: { id: string }) =>
      context.keys.some((k) => k.id === params.id && k.revokedAt === null),
  },
  actions: {
    setKeys: assign((_, params: { keys: ChannelKey[] }) => ({ keys: params.keys, error: null })),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    setName: assign(({ context }, params: { name: string }) => ({
      draft: { ...context.draft, name: params.name },
      fieldError: null,
    })),
    setChannel: assign(({ context }, params: { channel: Ota }) => ({
      draft: { ...context.draft, channel: params.channel },
    })),
    checkName: assign(({ context }) => ({ fieldError: keyNameProblem(context.draft.name) })),
    setFieldError: assign((_, params: { message: string }) => ({ fieldError: params.message })),
    /** The new key heads the list; its secret stays until the person closes it. */
    keepCreated: assign(({ context }, params: { created: CreatedKey }) => ({
      created: params.created,
      keys: [params.created.key, ...context.keys],
      draft: { name: '', channel: context.draft.channel },
      fieldError: null,
    })),
    dropSecret: assign({ created: null }),
    keepRevoking: assign(({ context }, params: { id: string }) => ({
      revoking: context.keys.find((k) => k.id === params.id) ?? null,
      error: null,
    })),
    replaceKey: assign(({ context }, params: { key: ChannelKey }) => ({
      keys: context.keys.map((k) => (k.id === params.key.id ? params.key : k)),
    })),
    settle: assign({ revoking: null }),
    /** To the settings dialog: a name typed and not created is unsaved. */
    reportKeyName: enqueueActions(({ context, enqueue }) => {
      if (!context.owner) return;
      const unsaved = context.draft.name.trim() !== '';
      enqueue.sendTo(context.owner, { type: 'settings.unsaved', draft: 'key', unsaved } satisfies SettingsUnsaved);
    }),
    /** To the settings dialog: a new key's secret is coming or on screen, and not copied yet (or no longer). */
    reportSecret: enqueueActions(({ context, enqueue }, params: { unsaved: boolean }) => {
      if (!context.owner) return;
      enqueue.sendTo(context.owner, {
        type: 'settings.unsaved',
        draft: 'secret',
        unsaved: params.unsaved,
      } satisfies SettingsUnsaved);
    }),
    notify: emit((_, params: Notice) => ({ type: 'notify' as const, ...params })),
    logError: (_, params: { error: unknown }) => {
      console.error('[channel-keys]', params.error);
    },
  },
}).createMachine({
  id: 'channelKeys',
  context: ({ input }) => ({
    teamId: input.teamId,
    owner: input.owner,
    timezone: input.timezone,
    baseUrl: octoBaseUrl(input.origin),
    keys: [],
    draft: { name: '', channel: 'KLOOK' },
    fieldError: null,
    error: null,
    created: null,
    revoking: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadKeys',
        src: 'loadChannelKeys',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: { target: 'ready', actions: { type: 'setKeys', params: ({ event }) => ({ keys: event.output }) } },
        onError: {
          target: 'failed',
          actions: [logError, { type: 'setError', params: { message: CHANNEL_KEYS_TEXT.loadFailed } }],
        },
      },
    },
    failed: { on: { 'keys.retry': 'loading' } },
    ready: {
      on: {
        'keys.name': { actions: [{ type: 'setName', params: ({ event }) => ({ name: event.name }) }, 'reportKeyName'] },
        'keys.channel': { actions: { type: 'setChannel', params: ({ event }) => ({ channel: event.channel }) } },
      },
      initial: 'idle',
      states: {
        idle: {
          entry: ['settle', { type: 'reportSecret', params: { unsaved: false } }],
          on: {
            'keys.create': [
              { guard: 'draftValid', target: 'creating', actions: 'clearError' },
              { actions: 'checkName' },
            ],
            'keys.revoke': {
              guard: { type: 'revocable', params: ({ event }) => event },
              target: 'confirmingRevoke',
              actions: { type: 'keepRevoking', params: ({ event }) => event },
            },
          },
        },
        // the secret is on its way: leaving now would lose it (the key would exist, its secret unseen)
        creating: {
          entry: { type: 'reportSecret', params: { unsaved: true } },
          invoke: {
            id: 'createKey',
            src: 'createChannelKey',
            input: ({ context }) => ({
              teamId: context.teamId,
              channel: context.draft.channel,
              name: context.draft.name.trim(),
            }),
            onDone: [
              {
                guard: { type: 'accepted', params: outcome },
                target: 'secret',
                actions: [
                  { type: 'keepCreated', params: (args) => ({ created: dataOf(args) }) },
                  'reportKeyName',
                  {
                    type: 'notify',
                    params: ({ event }) => ({
                      kind: 'success',
                      message: CHANNEL_KEYS_TEXT.created(dataOf<CreatedKey>({ event }).key.name),
                    }),
                  },
                ],
              },
              // a refusal (400: the name) is said on the field; what was typed stays
              { target: 'idle', actions: { type: 'setFieldError', params: refusal } },
            ],
            onError: {
              target: 'idle',
              actions: [
                logError,
                { type: 'setError', params: { message: CHANNEL_KEYS_TEXT.createFailed } },
                notify({ kind: 'error', message: CHANNEL_KEYS_TEXT.createFailed }),
              ],
            },
          },
        },
        /**
         * The new key's secret on screen, once: closing (or leaving the page) forgets it. Closing it
         * before it was copied asks first (`asking`): it cannot be shown again.
         */
        secret: {
          exit: 'dropSecret',
          initial: 'shown',
          states: {
            shown: { on: { 'secret.copy': 'copying', 'secret.close': 'asking' } },
            asking: { on: { 'secret.stay': 'shown', 'secret.discard': '#channelKeys.ready.idle' } },
            copying: {
              on: { 'secret.close': 'asking' },
              invoke: {
                id: 'copySecret',
                src: 'copyKeySecret',
                input: ({ context }) => ({ secret: context.created!.secret }),
                onDone: { target: 'copied', actions: notify({ kind: 'success', message: CHANNEL_KEYS_TEXT.copied }) },
                onError: { target: 'copyFailed', actions: logError },
              },
            },
            // copied: the operator has the secret, so closing it loses nothing
            copied: {
              entry: { type: 'reportSecret', params: { unsaved: false } },
              on: { 'secret.copy': 'copying', 'secret.close': '#channelKeys.ready.idle' },
            },
            copyFailed: {
              entry: { type: 'reportSecret', params: { unsaved: true } },
              on: { 'secret.copy': 'copying', 'secret.close': 'asking' },
            },
          },
        },
        confirmingRevoke: { on: { 'revoke.confirm': 'revoking', 'revoke.cancel': 'idle' } },
        revoking: {
          invoke: {
            id: 'revokeKey',
            src: 'revokeChannelKey',
            input: ({ context }) => ({ teamId: context.teamId, id: context.revoking!.id }),
            onDone: [
              {
                guard: { type: 'accepted', params: outcome },
                target: 'idle',
                actions: [
                  { type: 'replaceKey', params: (args) => ({ key: dataOf(args) }) },
                  {
                    type: 'notify',
                    params: ({ event }) => ({
                      kind: 'success',
                      message: CHANNEL_KEYS_TEXT.revoked(dataOf<ChannelKey>({ event }).name),
                    }),
                  },
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'setError', params: refusal },
                  { type: 'notify', params: ({ event }) => ({ kind: 'error', message: refusal({ event }).message }) },
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [
                logError,
                { type: 'setError', params: { message: CHANNEL_KEYS_TEXT.revokeFailed } },
                notify({ kind: 'error', message: CHANNEL_KEYS_TEXT.revokeFailed }),
              ],
            },
          },
        },
      },
    },
  },
});
