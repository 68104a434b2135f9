import type { Role } from './statuses';

/** Facts about a team's members that the app shows and the invitation e-mail says. */
export const ROLE_LABELS: Record<Role, string> = { ADMIN: 'Admin', EDITOR: 'Editor', MEMBER: 'Member' };

/** What each role may do, in a sentence (the README's role matrix, shared/permissions.ts). */
export const ROLE_SUMMARIES: Record<Role, string> = {
  MEMBER: 'the daily work: orders, tours, statuses, edits, comments and e-mails',
  EDITOR: 'the daily work, and deletes, products’ mail content and marketing',
  ADMIN: 'everything, including the team, its members and its OTA accounts',
};

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/** The answer when a change would leave a team without an ADMIN. */
export const LAST_ADMIN_MESSAGE = 'A team keeps at least one admin: make another member admin first';

/** "an Admin", "an Editor", "a Member". */
export const roleWithArticle = (role: Role): string =>
  `${/^[AEIOU]/.test(ROLE_LABELS[role]) ? 'an' : 'a'} ${ROLE_LABELS[role]}`;
