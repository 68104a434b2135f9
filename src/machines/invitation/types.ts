import type { ActorRef, Snapshot } from 'xstate';
import type { AcceptOutcome, InvitationPreview } from '../../api/services/invitations';
import type { SessionEvent } from '../session/types';

/** The invitation screen's input, context and events. */
export type { AcceptOutcome, InvitationPreview };

/** What the screen tells the session: where to come back after signing in, sign in or out, the team joined. */
export type InvitationSessionEvent = Extract<
  SessionEvent,
  { type: 'session.returnTo' | 'session.login' | 'session.logout' | 'team.joined' }
>;
export type InvitationSessionRef = ActorRef<Snapshot<unknown>, InvitationSessionEvent>;

export interface InvitationInput {
  token: string;
  /** Accept at once if the invited person is signed in (they came back from "Sign in to accept"). */
  accept: boolean;
  /** Who is signed in, if anybody (a new screen is started for somebody else). */
  signedInEmail: string | null;
  session: InvitationSessionRef;
}

export interface InvitationContext extends InvitationInput {
  invitation: InvitationPreview | null;
  /** Why the link could not be read, or accepting failed (with a retry). */
  error: string | null;
}

export type InvitationEvent =
  | { type: 'invitation.retry' }
  | { type: 'invitation.signIn' }
  | { type: 'invitation.switchAccount' }
  | { type: 'invitation.accept' };
