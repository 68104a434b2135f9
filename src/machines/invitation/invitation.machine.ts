import { assign, emit, sendTo, setup } from 'xstate';
import { acceptInvitation, getInvitation } from '../../api/services/invitations';
import { isApiError } from '../../api/errors';
import { INVITATION_TEXT } from '../../domain/members';
import { invitationPath, PATHS } from '../../domain/paths';
import type { NotifyEvent } from '../notify';
import type {
  AcceptOutcome,
  InvitationContext,
  InvitationEvent,
  InvitationInput,
  InvitationPreview,
  InvitationSessionEvent,
} from './types';

/**
 * The screen of an invitation link (`/invitations/:token`), its own root: reads what the link
 * offers (no sign-in needed), then fits whoever opened it. Nobody signed in: "Sign in to accept"
 * signs in and comes back here to accept at once. Signed in with the invited address: Accept (or at
 * once when they came back to accept). Signed in as somebody else: who is signed in and who is
 * invited, and signing out to sign in with the invited address. Once accepted, the session loads
 * the user's teams with the new one selected and the app opens its orders. A dead link (expired,
 * revoked, used, unknown) is a page of its own.
 */
export type { InvitationContext, InvitationEvent, InvitationInput } from './types';

const sameAddress = (a: string | null, b: string | undefined) =>
  a !== null && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

export const invitationMachine = setup({
  types: {
    input: {} as InvitationInput,
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    emitted: {} as NotifyEvent,
  },
  actors: { getInvitation, acceptInvitation },
  guards: {
    found: (_, params: { invitation: InvitationPreview | null }) => params.invitation !== null,
    signedOut: ({ context }) => context.signedInEmail === null,
    otherAccount: ({ context }) => !sameAddress(context.signedInEmail, context.invitation?.email),
    acceptNow: ({ context }) => context.accept,
    outcomeIs: (_, params: { outcome: AcceptOutcome; kind: AcceptOutcome['kind'] }) =>
      params.outcome.kind === params.kind,
  },
  actions: {
    setInvitation: assign((_, params: { invitation: InvitationPreview | null }) => ({
      invitation: params.invitation,
      error: null,
    })),
    setError: assign((_, params: { error: unknown; fallback: string }) => ({
      error: isApiError(params.error) && params.error.status === 429 ? INVITATION_TEXT.tooMany : params.fallback,
    })),
    askReturn: sendTo(
      ({ context }) => context.session,
      ({ context }): InvitationSessionEvent => ({
        type: 'session.returnTo',
        path: invitationPath(context.token, true),
      }),
    ),
    signIn: sendTo(({ context }) => context.session, { type: 'session.login' } satisfies InvitationSessionEvent),
    signOut: sendTo(({ context }) => context.session, { type: 'session.logout' } satisfies InvitationSessionEvent),
    joined: sendTo(
      ({ context }) => context.session,
      (_, params: { teamId: string }): InvitationSessionEvent => ({ type: 'team.joined', teamId: params.teamId }),
    ),
    notifyJoined: emit(({ context }) => ({
      type: 'notify' as const,
      kind: 'success' as const,
      message: INVITATION_TEXT.joined(context.invitation?.teamName ?? ''),
    })),
    notifyFailed: emit({ type: 'notify', kind: 'error', message: INVITATION_TEXT.acceptFailed }),
    /** Provided by the page: the router. */
    navigate: (_, params: { to: string }) => {
      console.error(`[invitation] navigate(${params.to}) was not provided`);
    },
    logError: (_, params: { error: unknown }) => {
      console.error('[invitation]', params.error);
    },
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({ ...input, invitation: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'getInvitation',
        src: 'getInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => ({ invitation: event.output }) },
            target: 'checking',
            actions: { type: 'setInvitation', params: ({ event }) => ({ invitation: event.output }) },
          },
          { target: 'gone' },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            { type: 'setError', params: ({ event }) => ({ error: event.error, fallback: INVITATION_TEXT.loadFailed }) },
          ],
        },
      },
    },
    failed: { on: { 'invitation.retry': 'loading' } },
    /** Who opened the link decides what the screen offers. */
    checking: {
      always: [
        { guard: 'signedOut', target: 'signedOut' },
        { guard: 'otherAccount', target: 'wrongAccount' },
        { guard: 'acceptNow', target: 'accepting' },
        { target: 'ready' },
      ],
    },
    // the browser leaves for the identity provider (the session's sign-in), and comes back to accept
    signedOut: { on: { 'invitation.signIn': { actions: ['askReturn', 'signIn'] } } },
    // signing out leaves for the login page; the next sign-in comes back to accept
    wrongAccount: { on: { 'invitation.switchAccount': { actions: ['askReturn', 'signOut'] } } },
    ready: { on: { 'invitation.accept': 'accepting' } },
    accepting: {
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'outcomeIs', params: ({ event }) => ({ outcome: event.output, kind: 'joined' }) },
            target: 'joined',
            actions: [
              {
                type: 'joined',
                params: ({ event }) => ({ teamId: event.output.kind === 'joined' ? event.output.teamId : '' }),
              },
              'notifyJoined',
              { type: 'navigate', params: { to: PATHS.landing } },
            ],
          },
          {
            guard: { type: 'outcomeIs', params: ({ event }) => ({ outcome: event.output, kind: 'wrongAccount' }) },
            target: 'wrongAccount',
          },
          { target: 'gone' },
        ],
        onError: {
          target: 'ready',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'setError',
              params: ({ event }) => ({ error: event.error, fallback: INVITATION_TEXT.acceptFailed }),
            },
            'notifyFailed',
          ],
        },
      },
    },
    /** The team's orders open (the session selects the team once its teams are loaded again). */
    joined: { type: 'final' },
    /** Expired, revoked, used or unknown: the server never says which. */
    gone: { type: 'final' },
  },
});
