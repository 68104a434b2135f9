import { and, assign, not, setup, stateIn } from 'xstate';
import { can } from '../../../shared/permissions';
import { getOtaAccounts, type OtaAccounts } from '../../api/services/ota-accounts';
import { timezonesDiffer } from '../../domain/session-rules';
import type { Role } from '../../domain/statuses';
import { readTimezoneAlert, rememberTimezoneAlert, type TimezoneAlertEnv } from '../../api/storage/timezone-alert';
import { otaAccountsMachine } from '../ota-accounts/ota-accounts.machine';
import type { SessionActorRef } from '../session/selectors';
import { settingsDialogMachine } from '../settings-dialog/settings-dialog.machine';
import { watchRole, type RoleChanged } from './watch-role';

/**
 * The dialogs that may overlay any screen (SPEC sections 2 and 4): the settings dialog (child
 * `settings`, opened by the user box; it lives as long as the login and team, so a save started
 * before closing still completes), and three regions:
 * - timezone: the mismatch alert opens once per login when the team's timezone is another zone
 *   than the browser's (an alias of the same zone is none);
 * - ota: the OTA account dialog. It is onboarding stage 5 for a team with a saved team id and no
 *   OTA account selected (checked once at start), or asked for with `ota.open`. A request waits
 *   in `waiting` until the timezone region has settled on `closed` and the sheet is closed. Only a
 *   role that may choose the accounts (the role matrix's `updateOtaAccounts`: admins) gets it;
 * - shortcuts: the sheet of keyboard shortcuts (`?`), which opens only while no other dialog is
 *   open or about to open. So at most one of the three shows at a time.
 */
export interface GlobalDialogsInput {
  teamId: string;
  teamTimezone: string;
  /** The user's role in the team. */
  role: Role;
  /** The access token: the alert shows once per login. */
  token: string;
  /** The signed-in user, for the settings dialog. */
  user: { id: string; name: string; avatarUrl: string | null };
  /** The app's origin: the settings' Connections page shows resellers their base URL. */
  origin: string;
  /** The session: settings patch it, and the user's role in the team is read from it. */
  session: SessionActorRef;
}

export interface GlobalDialogsContext extends GlobalDialogsInput {
  browserTimezone: string | null;
  /** When the alert was opened (ms), to show the team's time then. */
  openedAt: number | null;
}

export type GlobalDialogsEvent =
  | { type: 'timezone.close' }
  | { type: 'ota.open' }
  | { type: 'ota.close' }
  | { type: 'shortcuts.open' }
  | { type: 'shortcuts.close' }
  | RoleChanged;

const logError = {
  type: 'logError',
  params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
} as const;
const applyEnv = {
  type: 'applyEnv',
  params: ({ event }: { event: { output: TimezoneAlertEnv } }) => ({ env: event.output }),
} as const;

export const globalDialogsMachine = setup({
  types: {
    input: {} as GlobalDialogsInput,
    context: {} as GlobalDialogsContext,
    events: {} as GlobalDialogsEvent,
    children: {} as {
      settings: 'settingsDialog';
      watchRole: 'watchRole';
      readTimezoneAlert: 'readTimezoneAlert';
      getOtaAccounts: 'getOtaAccounts';
      otaAccounts: 'otaAccounts';
    },
  },
  actors: {
    readTimezoneAlert,
    getOtaAccounts,
    otaAccounts: otaAccountsMachine,
    settingsDialog: settingsDialogMachine,
    watchRole,
  },
  guards: {
    shouldAlert: ({ context }, params: { env: TimezoneAlertEnv }) =>
      !params.env.shownForThisLogin &&
      timezonesDiffer(context.teamTimezone, params.env.browserTimezone, params.env.now),
    noneSelected: (_, params: { accounts: OtaAccounts | null }) =>
      params.accounts !== null && params.accounts.otas.length === 0,
    mayChooseOta: ({ context }) => can(context.role, 'updateOtaAccounts'),
    otaMayOpen: and([stateIn({ timezone: 'closed' }), stateIn({ shortcuts: 'closed' })]),
    sheetMayOpen: and([
      stateIn({ timezone: 'closed' }),
      not(stateIn({ ota: 'waiting' })),
      not(stateIn({ ota: 'open' })),
    ]),
  },
  actions: {
    applyEnv: assign((_, params: { env: TimezoneAlertEnv }) => ({
      browserTimezone: params.env.browserTimezone,
      openedAt: params.env.now,
    })),
    rememberTimezoneAlert: ({ context }) => rememberTimezoneAlert(context.token),
    takeRole: assign((_, params: { role: Role }) => ({ role: params.role })),
    logError: (_, params: { error: unknown }) => {
      console.error('[global-dialogs]', params.error);
    },
  },
}).createMachine({
  id: 'globalDialogs',
  context: ({ input }) => ({ ...input, browserTimezone: null, openedAt: null }),
  invoke: [
    {
      id: 'settings',
      src: 'settingsDialog',
      input: ({ context }) => ({
        userId: context.user.id,
        name: context.user.name,
        avatarUrl: context.user.avatarUrl,
        teamId: context.teamId,
        role: context.role,
        timezone: context.teamTimezone,
        origin: context.origin,
        session: context.session,
      }),
      onError: { actions: logError },
    },
    {
      id: 'watchRole',
      src: 'watchRole',
      input: ({ context }) => ({ session: context.session, teamId: context.teamId, role: context.role }),
      onError: { actions: logError },
    },
  ],
  type: 'parallel',
  states: {
    timezone: {
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            id: 'readTimezoneAlert',
            src: 'readTimezoneAlert',
            input: ({ context }) => ({ token: context.token }),
            onDone: [
              {
                guard: { type: 'shouldAlert', params: ({ event }) => ({ env: event.output }) },
                target: 'open',
                actions: [applyEnv, 'rememberTimezoneAlert'],
              },
              { target: 'closed', actions: applyEnv },
            ],
            onError: { target: 'closed', actions: logError },
          },
        },
        open: { on: { 'timezone.close': 'closed' } },
        closed: {},
      },
    },
    ota: {
      initial: 'choosing',
      // what the new role allows: asked again from the start (an open OTA dialog closes)
      on: {
        'role.changed': {
          target: '.choosing',
          actions: { type: 'takeRole', params: ({ event }) => ({ role: event.role }) },
        },
      },
      states: {
        choosing: { always: [{ guard: 'mayChooseOta', target: 'checking' }, { target: 'readOnly' }] },
        /** The role may not choose the team's OTA accounts: nothing to ask. */
        readOnly: {},
        checking: {
          invoke: {
            id: 'getOtaAccounts',
            src: 'getOtaAccounts',
            input: ({ context }) => ({ teamId: context.teamId }),
            onDone: [
              // a saved team without OTA accounts: onboarding stage 5, as this dialog
              {
                guard: { type: 'noneSelected', params: ({ event }) => ({ accounts: event.output }) },
                target: 'waiting',
              },
              // a failure is logged only (null from the service)
              { target: 'idle' },
            ],
            onError: { target: 'idle', actions: logError },
          },
        },
        idle: { on: { 'ota.open': 'waiting' } },
        waiting: { always: { guard: 'otaMayOpen', target: 'open' } },
        open: {
          invoke: {
            id: 'otaAccounts',
            src: 'otaAccounts',
            input: ({ context }) => ({ teamId: context.teamId }),
            onDone: 'idle',
            onError: { target: 'idle', actions: logError },
          },
          on: { 'ota.close': 'idle' },
        },
      },
    },
    shortcuts: {
      initial: 'closed',
      states: {
        closed: { on: { 'shortcuts.open': { guard: 'sheetMayOpen', target: 'open' } } },
        open: { on: { 'shortcuts.close': 'closed' } },
      },
    },
  },
});
