/** Paths of the API, the OCTO API and the identity provider (the rest belongs to the web app). */
export function isApiPath(url: string): boolean {
  return /^\/(api|oidc|octo)(\/|\?|$)/.test(url);
}
