/** Browser storage keys (SPEC section 9: AUTH and teamId). */
export const STORAGE_KEYS = {
  /** The API access token. */
  token: 'AUTH',
  /** The selected team's id. */
  teamId: 'teamId',
  /** Set at logout: the next sign-in asks the provider to show its account choice. */
  promptLogin: 'promptLogin',
  /** Where to come back to after the sign-in under way (an invitation's screen). */
  returnTo: 'returnTo',
} as const;
