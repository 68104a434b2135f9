import { ROLE_SUMMARIES, roleWithArticle } from '../../shared/members';
import type { Role } from '../../shared/statuses';

/** The invitation e-mail: who invites whom to which team in which role, and the single-use link. */
export interface InvitationMail {
  teamName: string;
  inviterName: string;
  email: string;
  role: Role;
  link: string;
  expiresAt: Date;
}

const day = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);

export function invitationMail(m: InvitationMail): { subject: string; text: string } {
  return {
    subject: `${m.inviterName} invited you to ${m.teamName} on Tourdesk`,
    text: [
      'Hello,',
      `${m.inviterName} invited you to join ${m.teamName} on Tourdesk as ${roleWithArticle(m.role)} (${ROLE_SUMMARIES[m.role]}).`,
      `Accept the invitation: ${m.link}`,
      `Sign in with this address (${m.email}) to accept. The link works once, until ${day(m.expiresAt)}.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n\n'),
  };
}
