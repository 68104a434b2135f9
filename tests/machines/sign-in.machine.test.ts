import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { CompleteSignInOutput } from '../../src/api/identity';
import type { TokenResult } from '../../src/api/services/policy';
import { signInMachine } from '../../src/machines/sign-in/sign-in.machine';

const notFaked = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} was not faked in this test`);
};

interface Fakes {
  completeSignIn?: (input: { url: string }) => Promise<CompleteSignInOutput>;
  signIn?: (input: { provider: string; idToken: string }) => Promise<TokenResult>;
  register?: (input: { provider: string; idToken: string }) => Promise<TokenResult>;
}

function fake(fakes: Fakes) {
  return signInMachine.provide({
    actors: {
      completeSignIn: fromPromise<CompleteSignInOutput, { url: string }>(({ input }) =>
        (fakes.completeSignIn ?? notFaked('completeSignIn'))(input),
      ),
      signIn: fromPromise<TokenResult, { provider: string; idToken: string }>(({ input }) =>
        (fakes.signIn ?? notFaked('signIn'))(input),
      ),
      register: fromPromise<TokenResult, { provider: string; idToken: string }>(({ input }) =>
        (fakes.register ?? notFaked('register'))(input),
      ),
    },
  });
}

const run = (fakes: Fakes) =>
  toPromise(createActor(fake(fakes), { input: { callbackUrl: 'http://localhost/auth/callback?code=c' } }).start());

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('sign-in flow', () => {
  it('completes the callback and exchanges the ID token for an access token', async () => {
    const completeSignIn = vi.fn(async () => ({ idToken: 'id-token' }));
    const signIn = vi.fn(async () => ({ accessToken: 'access', userNotFound: false }));
    await expect(run({ completeSignIn, signIn })).resolves.toEqual({ accessToken: 'access' });
    expect(completeSignIn).toHaveBeenCalledWith({ url: 'http://localhost/auth/callback?code=c' });
    expect(signIn).toHaveBeenCalledWith({ provider: 'oidc', idToken: 'id-token' });
  });

  it('registers a new account when the server knows none (404 USER_NOT_FOUND)', async () => {
    const register = vi.fn(async () => ({ accessToken: 'new-access', userNotFound: false }));
    const output = await run({
      completeSignIn: async () => ({ idToken: 'id' }),
      signIn: async () => ({ accessToken: null, userNotFound: true }),
      register,
    });
    expect(output).toEqual({ accessToken: 'new-access' });
    expect(register).toHaveBeenCalledWith({ provider: 'oidc', idToken: 'id' });
  });

  it.each<[string, Fakes]>([
    ['the callback fails', {}],
    [
      'sign-in fails',
      {
        completeSignIn: async () => ({ idToken: 'id' }),
        signIn: async () => ({ accessToken: null, userNotFound: false }),
      },
    ],
    ['sign-in throws', { completeSignIn: async () => ({ idToken: 'id' }) }],
    [
      'registering fails',
      {
        completeSignIn: async () => ({ idToken: 'id' }),
        signIn: async () => ({ accessToken: null, userNotFound: true }),
        register: async () => ({ accessToken: null, userNotFound: false }),
      },
    ],
  ])('answers a null token when %s', async (_, fakes) => {
    await expect(run(fakes)).resolves.toEqual({ accessToken: null });
  });

  it('has a path to each of its states, generated from the machine', () => {
    const paths = getShortestPaths(fake({}), {
      input: { callbackUrl: 'http://x/auth/callback' },
      events: [
        { type: 'xstate.done.actor.completeSignIn', output: { idToken: 'id' } },
        { type: 'xstate.error.actor.completeSignIn', error: new Error('x') },
        { type: 'xstate.done.actor.signIn', output: { accessToken: 'a', userNotFound: false } },
        { type: 'xstate.done.actor.signIn', output: { accessToken: null, userNotFound: true } },
        { type: 'xstate.done.actor.register', output: { accessToken: 'b', userNotFound: false } },
      ] as never[],
      serializeState: (s) => JSON.stringify(s.value),
    });
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(['completing', 'exchanging', 'registering', 'done', 'failed']),
    );
  });
});
