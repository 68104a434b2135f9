import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findIdentity } from './accounts';
import { dbAdapterFactory } from './adapter';
import type { IdentityKeys } from './keys';
import { errorPage, logoutPage, messagePage } from './pages';

/** The embedded OpenID Connect provider (panva's oidc-provider), issuer `${publicOrigin}/oidc`. */
export const OIDC_PREFIX = '/oidc';
export const OIDC_SCOPES = 'openid email profile';

export interface ProviderOptions {
  config: Config;
  db: Db;
  keys: IdentityKeys;
}

/** Browser origins of the app: its own, plus the Vite dev server in development. */
export function appOrigins(config: Pick<Config, 'publicOrigin' | 'devOrigin'>): string[] {
  return [
    config.publicOrigin,
    ...(config.devOrigin && config.devOrigin !== config.publicOrigin ? [config.devOrigin] : []),
  ];
}

const DAY = 24 * 60 * 60;

/**
 * The app is this provider's own client: consent is implied. Instead of a consent screen, the grant
 * for openid email profile is created (or completed) as soon as the user has signed in.
 */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const client = oidc.client;
  const accountId = oidc.session?.accountId;
  if (!client || !accountId) return undefined;
  const grantId = oidc.result?.consent?.grantId || oidc.session?.grantIdFor(client.clientId);
  let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (grant && grant.accountId !== accountId) grant = undefined;
  if (!grant) grant = new oidc.provider.Grant({ clientId: client.clientId, accountId });
  grant.addOIDCScope(OIDC_SCOPES);
  await grant.save();
  return grant;
}

export function createProvider({ config, db, keys }: ProviderOptions): Provider {
  const issuer = `${config.publicOrigin}${OIDC_PREFIX}`;
  const origins = appOrigins(config);
  const loginUrl = `${config.publicOrigin}/auth/login`;

  const configuration: Configuration = {
    adapter: dbAdapterFactory(db),
    clients: [
      {
        client_id: config.oidcClientId,
        client_name: 'Tourdesk',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: origins.map((o) => `${o}/auth/callback`),
        post_logout_redirect_uris: origins.map((o) => `${o}/auth/login`),
      },
    ],
    pkce: { methods: ['S256'], required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The app reads email and name from the ID token; it never calls userinfo.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const identity = await findIdentity(db, sub, config.mode);
      if (!identity) return undefined;
      return {
        accountId: identity.email,
        async claims() {
          return { sub: identity.email, email: identity.email, email_verified: true, name: identity.name };
        },
      };
    },
    loadExistingGrant,
    interactions: { url: (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You have signed out of Tourdesk.', {
            href: loginUrl,
            label: 'Sign in again',
          });
        },
      },
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(out as unknown as Record<string, unknown>, loginUrl);
    },
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    cookies: {
      keys: keys.cookieKeys,
      // Every flow stays on the app's own site, so Lax works over plain http too (None needs https).
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    jwks: { keys: keys.signing as NonNullable<Configuration['jwks']>['keys'] },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      RefreshToken: 14 * DAY,
      ClientCredentials: 10 * 60,
      DeviceCode: 10 * 60,
      BackchannelAuthenticationRequest: 10 * 60,
    },
  };

  const provider = new Provider(issuer, configuration);
  // Behind a TLS-terminating proxy the provider must trust X-Forwarded-Proto to build https URLs.
  provider.proxy = config.publicOrigin.startsWith('https:');
  provider.on('server_error', (_ctx: unknown, err: Error) => {
    console.error('identity provider error:', err);
  });
  return provider;
}
