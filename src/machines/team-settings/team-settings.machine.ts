import { assign, emit, enqueueActions, sendTo, setup } from 'xstate';
import { can } from '../../../shared/permissions';
import { getTeamSetting, updateTeamSetting, type Setting } from '../../api/services/settings';
import type { Role } from '../../domain/statuses';
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
  type SettingsOwnerRef,
  type SettingsUnsaved,
} from '../settings-dialog/shared';

/**
 * The Team page (SPEC section 2, Settings dialog): loads the team's name and logo; a role the
 * matrix lets change them (`updateTeamSetting`: admins) edits the name (Save only for a new,
 * non-empty name) and uploads a logo. Other roles land in `readOnly`, where no event is accepted.
 * Successful saves patch the session, so the team switcher follows.
 */
export interface TeamSettingsInput {
  teamId: string;
  /** The user's role in the team. */
  role: Role;
  session: SessionPatchRef;
  /** The dialog, told whether a typed name is unsaved (closing it then asks first). */
  owner?: SettingsOwnerRef;
}

export interface TeamSettingsContext extends TeamSettingsInput {
  /** The stored name; `draft` is what the input shows. */
  name: string;
  draft: string;
  avatarUrl: string | null;
  /** The logo being uploaded. */
  file: File | null;
}

export type TeamSettingsEvent =
  | { type: 'team.load' }
  | { type: 'team.edit'; name: string }
  | { type: 'team.save' }
  | { type: 'team.logo'; file: File };

const notify = (notice: Notice) => ({ type: 'notify', params: notice }) as const;
const editName = [
  {
    guard: { type: 'isStoredName', params: ({ event }: { event: { name: string } }) => ({ name: event.name }) },
    target: 'unchanged',
    actions: { type: 'setDraft', params: ({ event }: { event: { name: string } }) => ({ name: event.name }) },
  },
  {
    target: 'edited',
    actions: { type: 'setDraft', params: ({ event }: { event: { name: string } }) => ({ name: event.name }) },
  },
] as const;

export const teamSettingsMachine = setup({
  types: {
    input: {} as TeamSettingsInput,
    context: {} as TeamSettingsContext,
    events: {} as TeamSettingsEvent,
    emitted: {} as NotifyEvent,
  },
  actors: {
    getTeamSetting,
    updateTeamSetting,
    avatarUpload: avatarUploadTo(updateTeamSetting),
  },
  guards: {
    found: (_, params: { setting: Setting | null }) => params.setting !== null,
    mayEdit: ({ context }) => can(context.role, 'updateTeamSetting'),
    isStoredName: ({ context }, params: { name: string }) => params.name === context.name,
    canSave: ({ context }) => isNewName(context.draft, context.name),
    refused: (_, params: { file: File }) => uploadRefusal(params.file) !== null,
  },
  actions: {
    applySetting: assign((_, params: { setting: Setting | null }) => ({
      name: params.setting?.name ?? '',
      draft: params.setting?.name ?? '',
      avatarUrl: params.setting?.avatarUrl ?? null,
    })),
    applyName: assign((_, params: { name: string }) => ({ name: params.name, draft: params.name })),
    applyLogo: assign((_, params: { avatarUrl: string | null }) => ({ avatarUrl: params.avatarUrl, file: null })),
    setDraft: assign((_, params: { name: string }) => ({ draft: params.name })),
    resetDraft: assign(({ context }) => ({ draft: context.name })),
    keepFile: assign((_, params: { file: File }) => ({ file: params.file })),
    dropFile: assign({ file: null }),
    /** A typed name not saved (a save under way loses nothing: it completes, or its failure says so). */
    reportUnsaved: enqueueActions(({ context, enqueue }, params: { unsaved: boolean }) => {
      if (context.owner)
        enqueue.sendTo(context.owner, {
          type: 'settings.unsaved',
          draft: 'team',
          unsaved: params.unsaved,
        } satisfies SettingsUnsaved);
    }),
    notify: emit((_, params: Notice) => ({ type: 'notify' as const, ...params })),
    notifyRefused: emit((_, params: { file: File }) => ({
      type: 'notify' as const,
      kind: 'error' as const,
      message: uploadRefusal(params.file) ?? '',
    })),
    patchSession: sendTo(
      ({ context }) => context.session,
      ({ context }, params: Omit<Extract<SessionPatchEvent, { type: 'team.patched' }>, 'type' | 'teamId'>) => ({
        type: 'team.patched' as const,
        teamId: context.teamId,
        ...params,
      }),
    ),
  },
}).createMachine({
  id: 'teamSettings',
  context: ({ input }) => ({ ...input, name: '', draft: '', avatarUrl: null, file: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'team.load': 'loading' } },
    loading: {
      invoke: {
        id: 'loadTeam',
        src: 'getTeamSetting',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => ({ setting: event.output }) },
            target: 'ready',
            actions: { type: 'applySetting', params: ({ event }) => ({ setting: event.output }) },
          },
          { target: 'failed', actions: notify({ kind: 'error', message: SETTINGS_MESSAGES.teamFetchFailed }) },
        ],
        onError: {
          target: 'failed',
          actions: notify({ kind: 'error', message: SETTINGS_MESSAGES.teamFetchFailed }),
        },
      },
    },
    failed: { on: { 'team.load': 'loading' } },
    ready: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'mayEdit', target: 'editing' }, { target: 'readOnly' }] },
        /** The role may not change the team: the page shows it, dimmed, and nothing can be changed. */
        readOnly: {},
        editing: {
          type: 'parallel',
          states: {
            name: {
              initial: 'unchanged',
              states: {
                unchanged: {
                  entry: { type: 'reportUnsaved', params: { unsaved: false } },
                  on: { 'team.edit': editName },
                },
                edited: {
                  entry: { type: 'reportUnsaved', params: { unsaved: true } },
                  on: {
                    'team.edit': editName,
                    'team.save': { guard: 'canSave', target: 'saving' },
                    // the dialog opened again: start from the stored name
                    'team.load': { target: 'unchanged', actions: 'resetDraft' },
                  },
                },
                saving: {
                  entry: { type: 'reportUnsaved', params: { unsaved: false } },
                  invoke: {
                    id: 'saveTeamName',
                    src: 'updateTeamSetting',
                    input: ({ context }) => ({ teamId: context.teamId, change: { name: context.draft.trim() } }),
                    onDone: {
                      target: 'unchanged',
                      actions: [
                        { type: 'applyName', params: ({ event }) => ({ name: event.output.name }) },
                        notify({ kind: 'success', message: SETTINGS_MESSAGES.teamNameSaved }),
                        { type: 'patchSession', params: ({ event }) => ({ name: event.output.name }) },
                      ],
                    },
                    onError: {
                      target: 'edited',
                      actions: notify({ kind: 'error', message: SETTINGS_MESSAGES.teamNameFailed }),
                    },
                  },
                },
              },
            },
            logo: {
              initial: 'idle',
              states: {
                idle: { on: { 'team.logo': pickImage } },
                uploading: {
                  invoke: {
                    id: 'uploadTeamLogo',
                    src: 'avatarUpload',
                    input: ({ context }) => ({ file: context.file ?? new Blob(), owner: { teamId: context.teamId } }),
                    onDone: [
                      {
                        guard: { type: 'found', params: ({ event }) => ({ setting: event.output }) },
                        target: 'idle',
                        actions: [
                          {
                            type: 'applyLogo',
                            params: ({ event }) => ({ avatarUrl: event.output?.avatarUrl ?? null }),
                          },
                          notify({ kind: 'success', message: SETTINGS_MESSAGES.teamLogoSaved }),
                          {
                            type: 'patchSession',
                            params: ({ event }) => ({ avatarUrl: event.output?.avatarUrl ?? null }),
                          },
                        ],
                      },
                      {
                        target: 'idle',
                        actions: ['dropFile', notify({ kind: 'error', message: SETTINGS_MESSAGES.teamLogoFailed })],
                      },
                    ],
                    onError: {
                      target: 'idle',
                      actions: ['dropFile', notify({ kind: 'error', message: SETTINGS_MESSAGES.teamLogoFailed })],
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
