import { assign, emit, sendTo, setup } from 'xstate';
import { getUserSetting, readDataUrl, updateUserSetting, type Setting } from '../../api/services/settings';
import { uploadRefusal } from '../../domain/uploads';
import type { NotifyEvent } from '../notify';
import { isNewName, SETTINGS_MESSAGES, type Notice, type SessionPatchEvent, type SessionPatchRef } from './shared';

/**
 * The Profile page: the Preferred Name is saved on `profile.commit` (the dialog sends it when the
 * page is left or the dialog closes) if it is new and not empty; the avatar is uploaded when picked.
 * Both patch the session, so the name and avatar change everywhere at once. This actor lives as
 * long as the dialog, so a save started on leaving the page completes after the dialog closed.
 */
export interface ProfileSettingsInput {
  userId: string;
  name: string;
  avatarUrl: string | null;
  session: SessionPatchRef;
}

export interface ProfileSettingsContext extends ProfileSettingsInput {
  draft: string;
  file: File | null;
  upload: string | null;
}

export type ProfileSettingsEvent =
  | { type: 'profile.load' }
  | { type: 'profile.edit'; name: string }
  | { type: 'profile.commit' }
  | { type: 'profile.avatar'; file: File };

const notify = (notice: Notice) => ({ type: 'notify', params: notice }) as const;
const logFailure = {
  type: 'logFailure',
  params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
} as const;

export const profileSettingsMachine = setup({
  types: {
    input: {} as ProfileSettingsInput,
    context: {} as ProfileSettingsContext,
    events: {} as ProfileSettingsEvent,
    emitted: {} as NotifyEvent,
  },
  actors: { getUserSetting, updateUserSetting, readDataUrl },
  guards: {
    nameChanged: ({ context }) => isNewName(context.draft, context.name),
    refused: (_, params: { file: File }) => uploadRefusal(params.file) !== null,
  },
  actions: {
    applySetting: assign(({ context }, params: { setting: Setting | null }) => ({
      name: params.setting?.name ?? context.name,
      draft: params.setting?.name ?? context.name,
      avatarUrl: params.setting ? params.setting.avatarUrl : context.avatarUrl,
    })),
    applyName: assign((_, params: { name: string }) => ({ name: params.name, draft: params.name })),
    applyAvatar: assign((_, params: { avatarUrl: string | null }) => ({ avatarUrl: params.avatarUrl, upload: null })),
    setDraft: assign((_, params: { name: string }) => ({ draft: params.name })),
    keepFile: assign((_, params: { file: File }) => ({ file: params.file })),
    keepUpload: assign((_, params: { dataUrl: string }) => ({ upload: params.dataUrl, file: null })),
    dropUpload: assign({ file: null, upload: null }),
    notify: emit((_, params: Notice) => ({ type: 'notify' as const, ...params })),
    notifyRefused: emit((_, params: { file: File }) => ({
      type: 'notify' as const,
      kind: 'error' as const,
      message: uploadRefusal(params.file) ?? '',
    })),
    /** SPEC section 8: a failed profile avatar save is logged only. */
    logFailure: (_, params: { error: unknown }) => {
      console.error('[profile] avatar update failed', params.error);
    },
    patchSession: sendTo(
      ({ context }) => context.session,
      (_, params: Omit<Extract<SessionPatchEvent, { type: 'user.patched' }>, 'type'>) => ({
        type: 'user.patched' as const,
        ...params,
      }),
    ),
  },
}).createMachine({
  id: 'profileSettings',
  context: ({ input }) => ({ ...input, draft: input.name, file: null, upload: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'profile.load': 'loading' } },
    loading: {
      invoke: {
        id: 'loadProfile',
        src: 'getUserSetting',
        input: ({ context }) => ({ userId: context.userId }),
        // a failed fetch (null) keeps what the session knows
        onDone: {
          target: 'ready',
          actions: { type: 'applySetting', params: ({ event }) => ({ setting: event.output }) },
        },
        onError: { target: 'ready', actions: logFailure },
      },
    },
    ready: {
      type: 'parallel',
      states: {
        name: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'profile.edit': { actions: { type: 'setDraft', params: ({ event }) => ({ name: event.name }) } },
                'profile.commit': { guard: 'nameChanged', target: 'saving' },
              },
            },
            saving: {
              invoke: {
                id: 'saveProfileName',
                src: 'updateUserSetting',
                input: ({ context }) => ({ userId: context.userId, change: { name: context.draft.trim() } }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'applyName', params: ({ event }) => ({ name: event.output.name }) },
                    { type: 'patchSession', params: ({ event }) => ({ name: event.output.name }) },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: notify({ kind: 'error', message: SETTINGS_MESSAGES.profileNameFailed }),
                },
              },
            },
          },
        },
        avatar: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'profile.avatar': [
                  {
                    guard: { type: 'refused', params: ({ event }) => ({ file: event.file }) },
                    actions: { type: 'notifyRefused', params: ({ event }) => ({ file: event.file }) },
                  },
                  { target: 'reading', actions: { type: 'keepFile', params: ({ event }) => ({ file: event.file }) } },
                ],
              },
            },
            reading: {
              invoke: {
                id: 'readAvatar',
                src: 'readDataUrl',
                input: ({ context }) => ({ file: context.file ?? new Blob() }),
                onDone: {
                  target: 'uploading',
                  actions: { type: 'keepUpload', params: ({ event }) => ({ dataUrl: event.output }) },
                },
                onError: { target: 'idle', actions: ['dropUpload', logFailure] },
              },
            },
            uploading: {
              invoke: {
                id: 'saveAvatar',
                src: 'updateUserSetting',
                input: ({ context }) => ({ userId: context.userId, change: { avatar: context.upload ?? '' } }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'applyAvatar', params: ({ event }) => ({ avatarUrl: event.output.avatarUrl }) },
                    notify({ kind: 'success', message: SETTINGS_MESSAGES.avatarSaved }),
                    { type: 'patchSession', params: ({ event }) => ({ avatarUrl: event.output.avatarUrl }) },
                  ],
                },
                onError: { target: 'idle', actions: ['dropUpload', logFailure] },
              },
            },
          },
        },
      },
    },
  },
});
