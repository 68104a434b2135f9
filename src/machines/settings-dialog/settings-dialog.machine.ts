import { assign, emit, sendTo, setup } from 'xstate';
import { can } from '../../../shared/permissions';
import type { Role } from '../../domain/statuses';
import { channelKeysMachine } from '../channel-keys/channel-keys.machine';
import { profileSettingsMachine } from '../profile-settings/profile-settings.machine';
import { leaveGuardMachine, type LeaveDiscarded } from '../leave-guard/leave-guard.machine';
import type { SessionPatchRef, SettingsUnsaved } from './shared';
import { teamMembersMachine } from '../team-members/team-members.machine';
import { teamSettingsMachine } from '../team-settings/team-settings.machine';

/**
 * The settings dialog (SPEC sections 2 and 4): closed or open on one of its pages. The Team and
 * Profile pages are child actors that live as long as the dialog (so a save started on leaving a
 * page or closing still completes); the Members and Connections pages are loaded each time they
 * are shown. Connections (the channels' API keys) is there only for whom the role matrix lets
 * manage them (ADMIN). A team name typed and not saved is not lost on the way out: closing the
 * dialog (Escape, the backdrop, a route change) asks first through the dialog's leave guard (the same
 * question as every draft's), and staying keeps the draft.
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
  /** The Team page's last report: a typed name is not saved. */
  unsaved: boolean;
}

export type SettingsDialogEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'dialog.select'; page: SettingsPage }
  /** From the Team page, and from the leave guard once the operator gave the draft up. */
  | SettingsUnsaved
  | LeaveDiscarded;

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
/** Closing: at once when nothing typed would be lost, else the leave guard asks (`then`: what closing does). */
const closeOrAsk = (then: readonly ('commitProfile' | 'announceClosed')[]) =>
  [
    { guard: 'unsaved' as const, actions: 'askToLeave' as const },
    { target: '#settingsDialog.closed' as const, actions: [...then] },
  ] as const;
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
      leaveGuard: 'leaveGuard';
    },
  },
  actors: {
    teamSettings: teamSettingsMachine,
    profileSettings: profileSettingsMachine,
    teamMembers: teamMembersMachine,
    channelKeys: channelKeysMachine,
    leaveGuard: leaveGuardMachine,
  },
  guards: {
    isPage: ({ context }, params: { page: SettingsPage; wanted: SettingsPage }) =>
      params.wanted === params.page && context.pages.includes(params.page),
    unsaved: ({ context }) => context.unsaved,
  },
  actions: {
    loadTeam: sendTo('team', { type: 'team.load' }),
    loadProfile: sendTo('profile', { type: 'profile.load' }),
    commitProfile: sendTo('profile', { type: 'profile.commit' }),
    announceClosed: emit({ type: 'dialog.closed' }),
    record: assign((_, params: { unsaved: boolean }) => ({ unsaved: params.unsaved })),
    tellGuard: sendTo('leaveGuard', ({ context }) => ({ type: 'leave.unsaved' as const, unsaved: context.unsaved })),
    askToLeave: sendTo('leaveGuard', { type: 'leave.request' as const }),
    logError: (_, params: { error: unknown }) => {
      console.error('[settings]', params.error);
    },
  },
}).createMachine({
  id: 'settingsDialog',
  context: ({ input }) => ({ ...input, pages: settingsPagesFor(input.role), unsaved: false }),
  on: {
    'settings.unsaved': { actions: { type: 'record', params: ({ event }) => event } },
  },
  invoke: [
    {
      id: 'team',
      src: 'teamSettings',
      input: ({ context, self }) => ({
        teamId: context.teamId,
        role: context.role,
        session: context.session,
        owner: self,
      }),
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
      // a guard per opening: once a draft is given up, its guard is done
      invoke: { id: 'leaveGuard', src: 'leaveGuard', onError: { actions: logError } },
      on: {
        'dialog.close': closeOrAsk(['announceClosed']),
        'settings.unsaved': { actions: [{ type: 'record', params: ({ event }) => event }, 'tellGuard'] },
        'leave.discarded': {
          target: 'closed',
          actions: [{ type: 'record', params: { unsaved: false } }, 'announceClosed'],
        },
      },
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
            'dialog.close': closeOrAsk(['commitProfile', 'announceClosed']),
            'leave.discarded': {
              target: '#settingsDialog.closed',
              actions: [{ type: 'record', params: { unsaved: false } }, 'commitProfile', 'announceClosed'],
            },
          },
        },
      },
    },
    /** A page actor crashed (logged): nothing can be sent to it any more, so the dialog is done. */
    broken: { type: 'final' },
  },
});
