import { emit, sendTo, setup } from 'xstate';
import type { Role } from '../../domain/statuses';
import { profileSettingsMachine } from '../profile-settings/profile-settings.machine';
import type { SessionPatchRef } from './shared';
import { teamMembersMachine } from '../team-members/team-members.machine';
import { teamSettingsMachine } from '../team-settings/team-settings.machine';

/**
 * The settings dialog (SPEC sections 2 and 4): closed or open on one of three pages. The Team and
 * Profile pages are child actors that live as long as the dialog (so a save started on leaving a
 * page or closing still completes); the Members page is loaded each time it is shown.
 */
export type SettingsPage = 'profile' | 'team' | 'member';

export const SETTINGS_PAGES: readonly SettingsPage[] = ['team', 'member', 'profile'];

export interface SettingsDialogInput {
  userId: string;
  name: string;
  avatarUrl: string | null;
  teamId: string;
  /** The user's role in the team (the Team and Members pages ask the role matrix what it allows). */
  role: Role;
  session: SessionPatchRef;
}

export type SettingsDialogEvent =
  { type: 'dialog.open' } | { type: 'dialog.close' } | { type: 'dialog.select'; page: SettingsPage };

/** Emitted when the person closes the dialog (the /setting route then leaves). */
export interface SettingsDialogClosed {
  type: 'dialog.closed';
}

/** From one page, `dialog.select` goes to any other page it names (leaving Profile saves its name). */
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
    context: {} as SettingsDialogInput,
    events: {} as SettingsDialogEvent,
    emitted: {} as SettingsDialogClosed,
    children: {} as { team: 'teamSettings'; profile: 'profileSettings'; members: 'teamMembers' },
  },
  actors: {
    teamSettings: teamSettingsMachine,
    profileSettings: profileSettingsMachine,
    teamMembers: teamMembersMachine,
  },
  guards: {
    isPage: (_, params: { page: SettingsPage; wanted: SettingsPage }) => params.wanted === params.page,
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
  context: ({ input }) => input,
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
