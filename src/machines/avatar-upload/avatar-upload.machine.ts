import { assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import { readDataUrl, type Setting, type SettingChange } from '../../api/services/settings';

/**
 * One picked image on its way to the server: read as a data URL, then saved through `upload`,
 * which the parent provides (the team's or the user's setting) with the owner's id from `owner`.
 * The parent checks the file first (src/domain/uploads.ts) and says what the outcome means:
 * this actor ends with the saved setting, or with null once the failure is logged (SPEC section 8).
 */
export type AvatarOwner = { teamId: string } | { userId: string };

export interface AvatarUploadInput {
  file: Blob;
  owner: AvatarOwner;
}

interface AvatarUploadContext extends AvatarUploadInput {
  dataUrl: string;
  saved: Setting | null;
}

type UploadInput = AvatarOwner & { change: SettingChange };

/** The parent provides the real one: `updateTeamSetting` or `updateUserSetting`. */
const uploadNotProvided = fromPromise<Setting, UploadInput>(async () => {
  throw new Error('avatarUpload: no upload service provided');
});

export const avatarUploadMachine = setup({
  types: {
    input: {} as AvatarUploadInput,
    context: {} as AvatarUploadContext,
    output: {} as Setting | null,
  },
  actors: {
    readDataUrl,
    upload: uploadNotProvided,
  },
  actions: {
    keepDataUrl: assign((_, params: { dataUrl: string }) => ({ dataUrl: params.dataUrl })),
    keepSetting: assign((_, params: { setting: Setting }) => ({ saved: params.setting })),
    logFailure: (_, params: { error: unknown }) => {
      console.error('[settings] avatar upload failed', params.error);
    },
  },
}).createMachine({
  id: 'avatarUpload',
  context: ({ input }) => ({ ...input, dataUrl: '', saved: null }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        id: 'readAvatar',
        src: 'readDataUrl',
        input: ({ context }) => ({ file: context.file }),
        onDone: {
          target: 'uploading',
          actions: { type: 'keepDataUrl', params: ({ event }) => ({ dataUrl: event.output }) },
        },
        onError: { target: 'done', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadAvatar',
        src: 'upload',
        input: ({ context }): UploadInput => ({ ...context.owner, change: { avatar: context.dataUrl } }),
        onDone: {
          target: 'done',
          actions: { type: 'keepSetting', params: ({ event }) => ({ setting: event.output }) },
        },
        onError: { target: 'done', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => context.saved,
});

/** The machine saving through `upload`; the parent passes the owner that `upload` takes. */
export const avatarUploadTo = <O extends AvatarOwner>(
  upload: PromiseActorLogic<Setting, O & { change: SettingChange }>,
) => avatarUploadMachine.provide({ actors: { upload: upload as unknown as typeof uploadNotProvided } });
