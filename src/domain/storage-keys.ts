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
  /** Set by a 401's sign-out, cleared by the next sign-in: the login page says why (signed-out notice). */
  unauthorized: 'unauthorized',
  /** Check-ins made on a manifest and not yet sent (`checkInQueue:<teamId>`, a JSON array). */
  checkInQueue: 'checkInQueue',
} as const;
