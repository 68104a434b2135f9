import type { Invitation, MemberEvent, MembersPage, Outcome, TeamMember } from '../../api/services/members';
import type { Role } from '../../domain/statuses';
import type { SessionPatchRef, SettingsOwnerRef } from '../settings-dialog/shared';

/** The Members page's input, context and events. */
export type { Invitation, MemberEvent, MembersPage, Outcome, TeamMember };

export interface TeamMembersInput {
  teamId: string;
  /** The signed-in user, and their role in the team (what the page lets them do). */
  userId: string;
  role: Role;
  /** Told to load the user's teams again when their own role changed. */
  session: SessionPatchRef;
  /** The settings dialog, told whether an invitation is typed and not sent (closing it then asks first). */
  owner?: SettingsOwnerRef;
}

/** What the role allows on this page (shared/permissions.ts, asked once per role). */
export interface MembersPermissions {
  changeRole: boolean;
  remove: boolean;
  invite: boolean;
  revoke: boolean;
  invitations: boolean;
  history: boolean;
}

export interface InviteDraft {
  email: string;
  role: Role;
}

export interface TeamMembersContext extends TeamMembersInput {
  may: MembersPermissions;
  members: TeamMember[];
  invitations: Invitation[];
  events: MemberEvent[];
  /** The invite form as typed: kept through every answer, cleared once the invitation is sent. */
  draft: InviteDraft;
  /** The e-mail field's error (invalid, or the server's refusal, e.g. already a member). */
  fieldError: string | null;
  /** The last change the server refused, in its words (e.g. the team's last admin). */
  refusal: string | null;
  /** The role change under way, the member whose removal is being confirmed or done, the invitation being revoked. */
  change: { userId: string; role: Role } | null;
  removing: TeamMember | null;
  revoking: Invitation | null;
  /** The page could not be loaded. */
  error: string | null;
}

export type TeamMembersEvent =
  | { type: 'members.retry' }
  | { type: 'member.role'; userId: string; role: Role }
  | { type: 'member.remove'; userId: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'invite.email'; email: string }
  | { type: 'invite.role'; role: Role }
  | { type: 'invite.submit' }
  | { type: 'invitation.revoke'; id: string };
