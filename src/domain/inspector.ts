/** `?inspect` in the URL, or VITE_INSPECT=1 at build time, turns the actor inspector on. */
export function wantsInspector(search: string, envFlag: string | undefined): boolean {
  if (envFlag === '1' || envFlag === 'true') return true;
  return new URLSearchParams(search).has('inspect');
}
