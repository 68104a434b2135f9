/** An external OpenID Connect issuer's discovery document: where its keys and token endpoint are. */
export interface IssuerMetadata {
  issuer: string;
  jwks_uri: string;
  token_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

/** Fetches `${issuer}/.well-known/openid-configuration` and checks that it names that issuer. */
export async function discoverIssuer(issuer: string): Promise<IssuerMetadata> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const res = await fetch(url, { signal: AbortSignal.timeout(5000), headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`OpenID discovery failed at ${url}: HTTP ${res.status}`);
  const doc = (await res.json()) as Partial<IssuerMetadata>;
  if (doc.issuer !== issuer)
    throw new Error(`OpenID discovery at ${url} names issuer ${doc.issuer}, expected ${issuer}`);
  if (!doc.jwks_uri) throw new Error(`OpenID discovery at ${url} has no jwks_uri`);
  return doc as IssuerMetadata;
}

/** Discovery once per process, again after a failure. */
export function cachedDiscovery(issuer: string): () => Promise<IssuerMetadata> {
  let found: Promise<IssuerMetadata> | null = null;
  return () => {
    if (!found) {
      found = discoverIssuer(issuer);
      found.catch(() => (found = null));
    }
    return found;
  };
}
