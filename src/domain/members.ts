import { ROLE_LABELS, roleWithArticle } from '../../shared/members';
import type { Role } from './statuses';

/** The Members page's and the invitation screen's rules and texts (no I/O). */
export { LAST_ADMIN_MESSAGE, ROLE_LABELS, ROLE_SUMMARIES, roleWithArticle } from '../../shared/members';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmailAddress = (value: string): boolean => EMAIL.test(value.trim());

export const MEMBERS_TEXT = {
  loadFailed: 'The members could not be loaded.',
  invalidEmail: 'Enter a valid e-mail address, like name@example.com.',
  invited: (email: string) => `Invitation sent to ${email}`,
  inviteFailed: 'Could not send the invitation. Please try again.',
  roleChanged: (name: string, role: Role) => `${name} is now ${roleWithArticle(role)}`,
  roleFailed: 'Could not change the role. Please try again.',
  removed: (name: string) => `${name} was removed from the team`,
  removeFailed: 'Could not remove the member. Please try again.',
  revoked: (email: string) => `Invitation to ${email} revoked`,
  revokeFailed: 'Could not revoke the invitation. Please try again.',
} as const;

/** A change of the members' history in words (who did it is shown beside it). */
export interface MemberChange {
  type: 'INVITED' | 'INVITATION_REVOKED' | 'JOINED' | 'ROLE_CHANGED' | 'REMOVED';
  email: string;
  name?: string | null;
  fromRole?: Role | null;
  toRole?: Role | null;
}

export function describeMemberChange(e: MemberChange): string {
  const who = e.name || e.email;
  const to = e.toRole ? ROLE_LABELS[e.toRole] : '';
  switch (e.type) {
    case 'INVITED':
      return `invited ${e.email} as ${to}`;
    case 'INVITATION_REVOKED':
      return `revoked the invitation of ${e.email}`;
    case 'JOINED':
      return `joined as ${to}`;
    case 'ROLE_CHANGED':
      return `changed ${who}’s role from ${e.fromRole ? ROLE_LABELS[e.fromRole] : '?'} to ${to}`;
    case 'REMOVED':
      return `removed ${who}`;
  }
}

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** When a change happened or an invitation expires, in the browser's own time. */
export const formatWhen = (iso: string): string => WHEN.format(new Date(iso));

export const INVITATION_TEXT = {
  loadFailed: 'The invitation could not be loaded.',
  tooMany: 'Too many attempts: please try again in a minute.',
  acceptFailed: 'Could not accept the invitation. Please try again.',
  joined: (team: string) => `Welcome to ${team}`,
} as const;

/** The invitation screen's page title. */
export const INVITATION_TITLE = 'Invitation';
