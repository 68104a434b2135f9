import { fromPromise } from 'xstate';
import type { Role } from '../../domain/statuses';
import { api } from '../client';
import type { components } from '../schema';
import { orRefusal } from './policy';

/** An invitation link: what it offers (no sign-in needed), and accepting it. */
export type InvitationPreview = components['schemas']['InvitationPreview'];

/** Null for a dead link (unknown, expired, revoked or used: the server never says which). Throws on
 *  any other failure (e.g. 429, too many links tried), so the screen offers a retry. */
export const getInvitation = fromPromise<InvitationPreview | null, { token: string }>(async ({ input, signal }) => {
  const result = await orRefusal(
    'getInvitation',
    () => api.GET('/api/v1/invitations/{token}', { params: { path: { token: input.token } }, signal }),
    (status) => (status === 404 ? 'gone' : null),
  );
  return result.ok ? result.data : null;
});

export type AcceptOutcome =
  | { kind: 'joined'; teamId: string; role: Role }
  /** Signed in with another address than the invited one (403), in the server's words. */
  | { kind: 'wrongAccount'; message: string }
  /** The link died meanwhile (404). */
  | { kind: 'gone' };

export const acceptInvitation = fromPromise<AcceptOutcome, { token: string }>(async ({ input }) => {
  const result = await orRefusal(
    'acceptInvitation',
    () => api.POST('/api/v1/invitations/{token}/accept', { params: { path: { token: input.token } } }),
    (status, body): AcceptOutcome | null => {
      if (status === 403) return { kind: 'wrongAccount', message: String((body as { message?: string })?.message) };
      return status === 404 ? { kind: 'gone' } : null;
    },
  );
  return result.ok ? { kind: 'joined', ...result.data } : result.refusal;
});
