import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { fetchOrNull, orThrow, tokenOrNull, type TokenResult } from './policy';

export type User = components['schemas']['User'];
export type { TokenResult };

export interface SignInInput {
  provider: string;
  idToken: string;
  orgDisplayId?: string;
}

export interface RegisterInput {
  provider: string;
  idToken: string;
}

/** Exchanges the identity provider's ID token for the app's access token. */
export const signIn = fromPromise<TokenResult, SignInInput>(({ input, signal }) =>
  tokenOrNull('signIn', () =>
    api.POST('/api/v1/users/signin/{provider}', {
      params: { path: { provider: input.provider } },
      body: { idToken: input.idToken, ...(input.orgDisplayId ? { orgDisplayId: input.orgDisplayId } : {}) },
      signal,
    }),
  ),
);

/** Creates the account for a new identity and answers with an access token. */
export const register = fromPromise<TokenResult, RegisterInput>(({ input, signal }) =>
  tokenOrNull('register', () =>
    api.POST('/api/v1/users/register/{provider}', {
      params: { path: { provider: input.provider } },
      body: { idToken: input.idToken },
      signal,
    }),
  ),
);

/** The signed-in user with their teams; null when it cannot be fetched. */
export const getMe = fromPromise<User | null>(({ signal }) =>
  fetchOrNull('getMe', () => api.GET('/api/v1/users/me', { signal })),
);

/** Signs out on the server: the access token is revoked and the provider's session of this browser
 *  ends. A failure (offline, 5xx) is logged and re-thrown: the session signs out locally anyway. */
export const logout = fromPromise<void>(async ({ signal }) => {
  await orThrow('logout', () => api.POST('/api/v1/users/logout', { signal }));
});
