import { emit, sendTo, setup } from 'xstate';
import { can } from '../../../shared/permissions';
import type { Role } from '../../domain/statuses';
import { channelKeysMachine } from '../channel-keys/channel-keys.machine';
import { profileSettingsMachine } from '../profile-settings/profile-settings.machine';
import type { SessionPatchRef } from './shared';
import { teamMembersMachine } from '../team-members/team-members.machine';
import { teamSettingsMachine } from '../team-settings/team-settings.machine';

/**
 * The settings dialog (SPEC sections 2 and 4): closed or open on one of its pages. The Team and
 * Profile pages are child actors that live as long as the dialog (so a save started on leaving a
 * page or closing still completes); the Members and Connections pages are loaded each time they
 * are shown. Connections (the channels' API keys) is there only for whom the role matrix lets
 * manage them (ADMIN).
 */
export type SettingsPage = 'profile' | 'team' | 'member' | 'connections';

export const SETTINGS_PAGES: readonly SettingsPage[] = ['team', 'member', 'connections', 'profile'];

/** The pages a role may open: Connections needs what listing the keys needs. */
export const settingsPagesFor = (role: Role): readonly SettingsPage[] =>
  SETTINGS_PAGES.filter((page) => page !== 'connections' || can(role, 'listChannelKeys'));

export interface SettingsDialogInput {
  userId: string;
  name: string;
  avatarUrl: string | null;
  teamId: string;
  /** The user's role in the team (the Team and Members pages ask the role matrix what it allows). */
  role: Role;
  /** The team's timezone (dates on the Connections page). */
  timezone: string;
  /** The app's origin (`window.location.origin`): the Connections page's base URL for resellers. */
  origin: string;
  session: SessionPatchRef;
}

export interface SettingsDialogContext extends SettingsDialogInput {
  /** The pages this role may open, in sidebar order. */
  pages: readonly SettingsPage[];
}

export type SettingsDialogEvent =
  { type: 'dialog.open' } | { type: 'dialog.close' } | { type: 'dialog.select'; page: SettingsPage };

/** Emitted when the person closes the dialog (the /setting route then leaves). */
export interface SettingsDialogClosed {
  type: 'dialog.closed';
}

/** From one page, `dialog.select` goes to any other page it names that the role may open (leaving
 *  Profile saves its name). */
const toPage = (except: SettingsPage) =>
  SETTINGS_PAGES.filter((page) => page !== except).map((page) => ({
    guard: {
      type: 'isPage' as const,
      params: ({ event }: { event: { page: SettingsPage } }) => ({ page, wanted: event.page }),
    },
    target: `#settingsDialog.open.${page}` as const,
    actions: except === 'profile' ? ['commitProfile' as const] : [],
  }));
const logError = {
  type: 'logError',
  params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
} as const;

export const settingsDialogMachine = setup({
  types: {
    input: {} as SettingsDialogInput,
    context: {} as SettingsDialogContext,
    events: {} as SettingsDialogEvent,
    emitted: {} as SettingsDialogClosed,
    children: {} as {
      team: 'teamSettings';
      profile: 'profileSettings';
      members: 'teamMembers';
      connections: 'channelKeys';
    },
  },
  actors: {
    teamSettings: teamSettingsMachine,
    profileSettings: profileSettingsMachine,
    teamMembers: teamMembersMachine,
    channelKeys: channelKeysMachine,
  },
  guards: {
    isPage: ({ context }, params: { page: SettingsPage; wanted: SettingsPage }) =>
      params.wanted === params.page && context.pages.includes(params.page),
  },
  actions: {
    loadTeam: sendTo('team', { type: 'team.load' }),
    loadProfile: sendTo('profile', { type: 'profile.load' }),
    commitProfile: sendTo('profile', { type: 'profile.commit' }),
    announceClosed: emit({ type: 'dialog.closed' }),
    logError: (_, params: { error: unknown }) => {
      console.error('[settings]', params.error);
    },
  },
}).createMachine({
  id: 'settingsDialog',
  context: ({ input }) => ({ ...input, pages: settingsPagesFor(input.role) }),
  invoke: [
    {
      id: 'team',
      src: 'teamSettings',
      input: ({ context }) => ({ teamId: context.teamId, role: context.role, session: context.session }),
      onError: { target: '.broken', actions: logError },
    },
    {
      id: 'profile',
      src: 'profileSettings',
      input: ({ context }) => ({
        userId: context.userId,
        name: context.name,
        avatarUrl: context.avatarUrl,
        session: context.session,
      }),
      onError: { target: '.broken', actions: logError },
    },
  ],
  initial: 'closed',
  states: {
    closed: {
      on: { 'dialog.open': 'open' },
    },
    open: {
      initial: 'team',
      entry: ['loadTeam', 'loadProfile'],
      on: { 'dialog.close': { target: 'closed', actions: 'announceClosed' } },
      states: {
        team: { on: { 'dialog.select': toPage('team') } },
        member: {
          on: { 'dialog.select': toPage('member') },
          invoke: {
            id: 'members',
            src: 'teamMembers',
            input: ({ context }) => ({
              teamId: context.teamId,
              userId: context.userId,
              role: context.role,
              session: context.session,
            }),
            // the page shows its heading only; the dialog goes on
            onError: { actions: logError },
          },
        },
        connections: {
          on: { 'dialog.select': toPage('connections') },
          invoke: {
            id: 'connections',
            src: 'channelKeys',
            input: ({ context }) => ({ teamId: context.teamId, timezone: context.timezone, origin: context.origin }),
            // the page shows its heading only; the dialog goes on
            onError: { actions: logError },
          },
        },
        // leaving the page (another page, or closing) saves a changed Preferred Name
        profile: {
          on: {
            'dialog.select': toPage('profile'),
            'dialog.close': { target: '#settingsDialog.closed', actions: ['commitProfile', 'announceClosed'] },
          },
        },
      },
    },
    /** A page actor crashed (logged): nothing can be sent to it any more, so the dialog is done. */
    broken: { type: 'final' },
  },
});
