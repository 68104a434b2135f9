import type { SettingsDraft } from './shared';

/** The settings dialog's pages, and pieces of its machine's transitions, named once (settings-dialog.machine.ts). */
export type SettingsPage = 'profile' | 'team' | 'member' | 'connections';

export const SETTINGS_PAGES: readonly SettingsPage[] = ['team', 'member', 'connections', 'profile'];

/** The drafts each page holds (the Team page's outlives the page; the others' go with theirs). */
export const PAGE_DRAFTS: Record<SettingsPage, readonly SettingsDraft[]> = {
  team: ['team'],
  member: ['invite'],
  connections: ['key', 'secret'],
  profile: [],
};

/** From one page, `dialog.select` goes to any other page it names that the role may open (leaving
 *  Profile saves its name). */
export const toPage = (except: SettingsPage) =>
  SETTINGS_PAGES.filter((page) => page !== except).map((page) => ({
    guard: {
      type: 'isPage' as const,
      params: ({ event }: { event: { page: SettingsPage } }) => ({ page, wanted: event.page }),
    },
    target: `#settingsDialog.open.${page}` as const,
    actions: except === 'profile' ? ['commitProfile' as const] : [],
  }));
/** From a page whose drafts go with it: another page asks first while one is unsaved, else it opens. */
const askOrGo = (except: 'member' | 'connections') => [
  {
    guard: {
      type: 'holdsDrafts' as const,
      params: ({ event }: { event: { page: SettingsPage } }) => ({ page: except, wanted: event.page }),
    },
    target: 'asking' as const,
    actions: {
      type: 'keepSwitch' as const,
      params: ({ event }: { event: { page: SettingsPage } }) => ({ page: event.page }),
    },
  },
  ...toPage(except),
];
/** The draft given up: the page asked for opens (the page left forgets its drafts on the way out). */
const switchDiscarded = (except: SettingsPage) =>
  SETTINGS_PAGES.filter((page) => page !== except).map((page) => ({
    guard: { type: 'isSwitch' as const, params: { page } },
    target: `#settingsDialog.open.${page}` as const,
  }));
/** A page of its own drafts: shown, or asking before another page opens. */
export const pageWithDrafts = (page: 'member' | 'connections') => ({
  initial: 'shown' as const,
  states: {
    shown: { on: { 'dialog.select': askOrGo(page) } },
    asking: {
      exit: 'clearSwitch' as const,
      on: { 'switch.stay': 'shown' as const, 'switch.discard': switchDiscarded(page) },
    },
  },
});
/** Closing: at once when nothing typed would be lost, else the leave guard asks (`then`: what closing does). */
export const closeOrAsk = (then: readonly ('commitProfile' | 'announceClosed')[]) =>
  [
    { guard: 'unsaved' as const, actions: 'askToLeave' as const },
    { target: '#settingsDialog.closed' as const, actions: [...then] },
  ] as const;
export const logError = {
  type: 'logError',
  params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
} as const;
