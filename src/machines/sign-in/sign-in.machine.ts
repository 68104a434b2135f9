import { assign, setup } from 'xstate';
import { completeSignIn } from '../../api/identity';
import { register, signIn } from '../../api/services/users';
import { OIDC_PROVIDER } from '../../domain/session-rules';

/**
 * The way back from the identity provider, run by the session on /auth/callback:
 * finish the code exchange, trade the ID token for the app's access token, and
 * register first when the server knows no account yet (404 USER_NOT_FOUND).
 * Output: the access token, or null when any step failed.
 */
export interface SignInInput {
  callbackUrl: string;
}

export interface SignInOutput {
  accessToken: string | null;
}

interface SignInContext {
  callbackUrl: string;
  idToken: string;
  accessToken: string | null;
}

export const signInMachine = setup({
  types: {
    input: {} as SignInInput,
    output: {} as SignInOutput,
    context: {} as SignInContext,
  },
  actors: { completeSignIn, signIn, register },
  guards: {
    gotAccessToken: (_, params: { accessToken: string | null }) => params.accessToken !== null,
    isUserNotFound: (_, params: { userNotFound: boolean }) => params.userNotFound,
  },
  actions: {
    keepIdToken: assign((_, params: { idToken: string }) => ({ idToken: params.idToken })),
    keepAccessToken: assign((_, params: { accessToken: string | null }) => ({ accessToken: params.accessToken })),
    logError: (_, params: { error: unknown }) => {
      console.error('[sign-in]', params.error);
    },
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({ callbackUrl: input.callbackUrl, idToken: '', accessToken: null }),
  initial: 'completing',
  states: {
    completing: {
      invoke: {
        id: 'completeSignIn',
        src: 'completeSignIn',
        input: ({ context }) => ({ url: context.callbackUrl }),
        onDone: { target: 'exchanging', actions: { type: 'keepIdToken', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    exchanging: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ provider: OIDC_PROVIDER, idToken: context.idToken }),
        onDone: [
          {
            guard: { type: 'gotAccessToken', params: ({ event }) => event.output },
            target: 'done',
            actions: { type: 'keepAccessToken', params: ({ event }) => event.output },
          },
          { guard: { type: 'isUserNotFound', params: ({ event }) => event.output }, target: 'registering' },
          { target: 'failed' },
        ],
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    registering: {
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ provider: OIDC_PROVIDER, idToken: context.idToken }),
        onDone: [
          {
            guard: { type: 'gotAccessToken', params: ({ event }) => event.output },
            target: 'done',
            actions: { type: 'keepAccessToken', params: ({ event }) => event.output },
          },
          { target: 'failed' },
        ],
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => ({ accessToken: context.accessToken }),
});
