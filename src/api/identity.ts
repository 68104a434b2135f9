import type { UserManager, UserManagerSettings } from 'oidc-client-ts';
import { fromPromise } from 'xstate';

/**
 * Authorization Code + PKCE against the configured OpenID Connect issuer.
 * oidc-client-ts is loaded on first use, so it stays out of the entry bundle.
 */
export const DEFAULT_CLIENT_ID = 'tourdesk-app';
export const SCOPE = 'openid email profile';

/** The server's token proxy (server/auth/token-proxy.ts): it adds the client secret the issuer wants. */
export const TOKEN_PROXY_PATH = '/auth/token';

export function identitySettings(
  origin: string,
  issuer?: string,
  clientId?: string,
  tokenProxy = false,
): Omit<UserManagerSettings, 'userStore'> {
  return {
    authority: issuer || `${origin}/oidc`,
    // the rest of the issuer's metadata still comes from its discovery document
    ...(tokenProxy ? { metadataSeed: { token_endpoint: `${origin}${TOKEN_PROXY_PATH}` } } : {}),
    client_id: clientId || DEFAULT_CLIENT_ID,
    redirect_uri: `${origin}/auth/callback`,
    post_logout_redirect_uri: `${origin}/auth/login`,
    scope: SCOPE,
    response_type: 'code',
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
  };
}

let manager: Promise<UserManager> | null = null;

function userManager(): Promise<UserManager> {
  manager ??= import('oidc-client-ts').then(({ UserManager, WebStorageStateStore, InMemoryWebStorage }) => {
    // the server's own settings, baked in when `npm start` builds (vite.config.ts); never a secret
    const settings = identitySettings(
      window.location.origin,
      import.meta.env.OIDC_ISSUER,
      import.meta.env.OIDC_CLIENT_ID,
      import.meta.env.OIDC_TOKEN_PROXY === '1',
    );
    // the ID token is exchanged at once for the app's token: no need to keep the OIDC user
    return new UserManager({ ...settings, userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }) });
  });
  return manager;
}

export interface StartSignInInput {
  /** 'login' after a logout: the provider shows its account choice instead of reusing a session. */
  prompt: 'login' | null;
}

/** A fresh nonce binds the ID token to this sign-in (oidc-client-ts checks it on the way back). */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Leaves for the provider's sign-in page; the browser comes back at /auth/callback. */
export const startSignIn = fromPromise<void, StartSignInInput>(async ({ input }) => {
  const um = await userManager();
  await um.signinRedirect({ nonce: newNonce(), ...(input.prompt ? { prompt: input.prompt } : {}) });
});

export interface CompleteSignInOutput {
  idToken: string;
}

/** Finishes the code exchange on /auth/callback and hands back the ID token. */
export const completeSignIn = fromPromise<CompleteSignInOutput, { url: string }>(async ({ input }) => {
  const um = await userManager();
  const user = await um.signinRedirectCallback(input.url);
  if (!user.id_token) throw new Error('The identity provider returned no ID token');
  return { idToken: user.id_token };
});
