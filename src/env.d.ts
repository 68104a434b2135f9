/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Issuer of the OpenID Connect provider (the server's OIDC_ISSUER); defaults to `${origin}/oidc`. */
  readonly OIDC_ISSUER?: string;
  /** Client id registered at the issuer (the server's OIDC_CLIENT_ID); defaults to tourdesk-app. */
  readonly OIDC_CLIENT_ID?: string;
  /** `1` when the server holds a client secret: the app exchanges its code at the server's /auth/token. */
  readonly OIDC_TOKEN_PROXY?: string;
  /** The server's mode when the app was built (vite.config.ts): `demo` or `production`. */
  readonly TOURDESK_MODE?: string;
  /** `1` starts the app's actors with the browser inspector. */
  readonly VITE_INSPECT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
