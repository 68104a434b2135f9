/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Issuer of the OpenID Connect provider; defaults to `${origin}/oidc`. */
  readonly VITE_OIDC_ISSUER?: string;
  /** `1` starts the app's actors with the browser inspector. */
  readonly VITE_INSPECT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
