import { assign, emit, sendTo, setup } from 'xstate';
import { can } from '../../../shared/permissions';
import { PATHS } from '../../domain/paths';
import type { Role } from '../../domain/statuses';
import { channelKeysMachine } from '../channel-keys/channel-keys.machine';
import { profileSettingsMachine } from '../profile-settings/profile-settings.machine';
import { leaveGuardMachine, type LeaveDiscarded } from '../leave-guard/leave-guard.machine';
import type { SessionPatchRef, SettingsDraft, SettingsUnsaved } from './shared';
import {
  closeOrAsk,
  logError,
  PAGE_DRAFTS,
  pageWithDrafts,
  SETTINGS_PAGES,
  toPage,
  type SettingsPage,
} from './transitions';
import { teamMembersMachine } from '../team-members/team-members.machine';
import { teamSettingsMachine } from '../team-settings/team-settings.machine';

/**
 * The settings dialog (SPEC sections 2 and 4): closed or open on one of its pages. The Team and
 * Profile pages are child actors that live as long as the dialog (so a save started on leaving a
 * page or closing still completes); the Members and Connections pages are loaded each time they
 * are shown. Connections (the channels' API keys) is there only for whom the role matrix lets
 * manage them (ADMIN). Nothing typed is lost on the way out: the pages report their drafts (a team
 * name not saved, an invitation not sent, a key's name not created, a new key's secret not copied),
 * and closing the dialog (Escape, the backdrop, a route change) then asks first through the dialog's
 * leave guard (the same question as every draft's); staying keeps the drafts. The Members and
 * Connections pages stop when left, so going from one of them to another page while it holds a
 * draft asks too (`asking`): stay keeps the page and its draft, discard goes on.
 */
export { PAGE_DRAFTS, SETTINGS_PAGES, type SettingsPage } from './transitions';

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
  /**
   * When the dialog is the `/setting` screen: where closing it leaves to (`back`: the previous
   * history entry, when the person came from within the app; else the landing page). None for the
   * dialog opened over a screen.
   */
  closesTo?: 'back' | 'landing';
}

export interface SettingsDialogContext extends SettingsDialogInput {
  /** The pages this role may open, in sidebar order. */
  pages: readonly SettingsPage[];
  /** The drafts the pages last reported unsaved (a page's go when the page is left). */
  drafts: readonly SettingsDraft[];
  /** While going to another page is asked about: the page asked for. */
  switchTo: SettingsPage | null;
}

export type SettingsDialogEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'dialog.select'; page: SettingsPage }
  /** Answers to "leave this page without saving?" (going to another page from a page with a draft). */
  | { type: 'switch.stay' }
  | { type: 'switch.discard' }
  /** From the pages that hold drafts, and from the leave guard once the operator gave them up. */
  | SettingsUnsaved
  | LeaveDiscarded;

/**
 * Emitted when the dialog closes: `to` is where the `/setting` screen goes now (the landing page,
 * or `back` in history); null over another screen, or when the router closed it (the browser's Back
 * over a draft: that navigation is already under way).
 */
export interface SettingsDialogClosed {
  type: 'dialog.closed';
  to: 'back' | typeof PATHS.landing | null;
}

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
    unsaved: ({ context }) => context.drafts.length > 0,
    holdsDrafts: ({ context }, params: { page: SettingsPage; wanted: SettingsPage }) =>
      params.wanted !== params.page &&
      context.pages.includes(params.wanted) &&
      context.drafts.some((draft) => PAGE_DRAFTS[params.page].includes(draft)),
    isSwitch: ({ context }, params: { page: SettingsPage }) => context.switchTo === params.page,
  },
  actions: {
    loadTeam: sendTo('team', { type: 'team.load' }),
    loadProfile: sendTo('profile', { type: 'profile.load' }),
    commitProfile: sendTo('profile', { type: 'profile.commit' }),
    announceClosed: emit(({ context, event }): SettingsDialogClosed => {
      const byRouter = event.type === 'leave.discarded' && event.route;
      if (byRouter || !context.closesTo) return { type: 'dialog.closed', to: null };
      return { type: 'dialog.closed', to: context.closesTo === 'back' ? 'back' : PATHS.landing };
    }),
    record: assign(({ context }, params: { draft: SettingsDraft; unsaved: boolean }) => {
      const others = context.drafts.filter((draft) => draft !== params.draft);
      return { drafts: params.unsaved ? [...others, params.draft] : others };
    }),
    /** A page's drafts go with it (the Members and Connections pages stop when left). */
    forget: assign(({ context }, params: { drafts: readonly SettingsDraft[] }) => ({
      drafts: context.drafts.filter((draft) => !params.drafts.includes(draft)),
    })),
    discardAll: assign({ drafts: [], switchTo: null }),
    keepSwitch: assign((_, params: { page: SettingsPage }) => ({ switchTo: params.page })),
    clearSwitch: assign({ switchTo: null }),
    tellGuard: sendTo('leaveGuard', ({ context }) => ({
      type: 'leave.unsaved' as const,
      unsaved: context.drafts.length > 0,
    })),
    askToLeave: sendTo('leaveGuard', { type: 'leave.request' as const }),
    logError: (_, params: { error: unknown }) => {
      console.error('[settings]', params.error);
    },
  },
}).createMachine({
  id: 'settingsDialog',
  context: ({ input }) => ({ ...input, pages: settingsPagesFor(input.role), drafts: [], switchTo: null }),
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
          actions: ['discardAll', 'announceClosed'],
        },
      },
      states: {
        team: { on: { 'dialog.select': toPage('team') } },
        member: {
          ...pageWithDrafts('member'),
          exit: [{ type: 'forget', params: { drafts: ['invite'] } }, 'tellGuard'],
          invoke: {
            id: 'members',
            src: 'teamMembers',
            input: ({ context, self }) => ({
              teamId: context.teamId,
              userId: context.userId,
              role: context.role,
              session: context.session,
              owner: self,
            }),
            // the page shows its heading only; the dialog goes on
            onError: { actions: logError },
          },
        },
        connections: {
          ...pageWithDrafts('connections'),
          exit: [{ type: 'forget', params: { drafts: ['key', 'secret'] } }, 'tellGuard'],
          invoke: {
            id: 'connections',
            src: 'channelKeys',
            input: ({ context, self }) => ({
              teamId: context.teamId,
              timezone: context.timezone,
              origin: context.origin,
              owner: self,
            }),
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
              actions: ['discardAll', 'commitProfile', 'announceClosed'],
            },
          },
        },
      },
    },
    /** A page actor crashed (logged): nothing can be sent to it any more, so the dialog is done. */
    broken: { type: 'final' },
  },
});
