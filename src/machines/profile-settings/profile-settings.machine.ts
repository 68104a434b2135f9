import { assign, emit, sendTo, setup } from 'xstate';
import { getUserSetting, updateUserSetting, type Setting } from '../../api/services/settings';
import { uploadRefusal } from '../../domain/uploads';
import type { NotifyEvent } from '../notify';
import { avatarUploadTo } from '../avatar-upload/avatar-upload.machine';
import {
  isNewName,
  pickImage,
  SETTINGS_MESSAGES,
  type Notice,
  type SessionPatchEvent,
  type SessionPatchRef,
} from '../settings-dialog/shared';

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
  /** The avatar being uploaded. */
  file: File | null;
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
  actors: { getUserSetting, updateUserSetting, avatarUpload: avatarUploadTo(updateUserSetting) },
  guards: {
    nameChanged: ({ context }) => isNewName(context.draft, context.name),
    refused: (_, params: { file: File }) => uploadRefusal(params.file) !== null,
    saved: (_, params: { setting: Setting | null }) => params.setting !== null,
  },
  actions: {
    applySetting: assign(({ context }, params: { setting: Setting | null }) => ({
      name: params.setting?.name ?? context.name,
      draft: params.setting?.name ?? context.name,
      avatarUrl: params.setting ? params.setting.avatarUrl : context.avatarUrl,
    })),
    applyName: assign((_, params: { name: string }) => ({ name: params.name, draft: params.name })),
    applyAvatar: assign((_, params: { avatarUrl: string | null }) => ({ avatarUrl: params.avatarUrl, file: null })),
    setDraft: assign((_, params: { name: string }) => ({ draft: params.name })),
    keepFile: assign((_, params: { file: File }) => ({ file: params.file })),
    dropFile: assign({ file: null }),
    notify: emit((_, params: Notice) => ({ type: 'notify' as const, ...params })),
    notifyRefused: emit((_, params: { file: File }) => ({
      type: 'notify' as const,
      kind: 'error' as const,
      message: uploadRefusal(params.file) ?? '',
    })),
    /** SPEC section 8: a failed profile avatar save is logged only (the upload logs its own failure). */
    logFailure: (_, params: { error: unknown }) => {
      console.error('[profile]', params.error);
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
  context: ({ input }) => ({ ...input, draft: input.name, file: null }),
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
            idle: { on: { 'profile.avatar': pickImage } },
            uploading: {
              invoke: {
                id: 'uploadProfileAvatar',
                src: 'avatarUpload',
                input: ({ context }) => ({ file: context.file ?? new Blob(), owner: { userId: context.userId } }),
                onDone: [
                  {
                    guard: { type: 'saved', params: ({ event }) => ({ setting: event.output }) },
                    target: 'idle',
                    actions: [
                      { type: 'applyAvatar', params: ({ event }) => ({ avatarUrl: event.output?.avatarUrl ?? null }) },
                      notify({ kind: 'success', message: SETTINGS_MESSAGES.avatarSaved }),
                      { type: 'patchSession', params: ({ event }) => ({ avatarUrl: event.output?.avatarUrl ?? null }) },
                    ],
                  },
                  { target: 'idle', actions: 'dropFile' },
                ],
                onError: { target: 'idle', actions: ['dropFile', logFailure] },
              },
            },
          },
        },
      },
    },
  },
});
