import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { logOnly, orThrow } from './policy';

/** A team's OTA e-mail accounts: those available and those selected (`otas`, by e-mail). */
export type OtaAccounts = components['schemas']['OtaAccounts'];

/** OTA account fetch failures are logged only (SPEC section 8): null. */
export const getOtaAccounts = fromPromise<OtaAccounts | null, { teamId: string }>(({ input, signal }) =>
  logOnly('getOtaAccounts', () =>
    api.GET('/api/v1/team/ota-accounts', { params: { query: { teamId: input.teamId } }, signal }),
  ),
);

/** Saving throws, so the form stays open and says it did not work. `accounts`: the inboxes as typed. */
export const saveOtaAccounts = fromPromise<
  OtaAccounts,
  { teamId: string; otas: string[]; accounts?: OtaAccounts['available'] }
>(({ input, signal }) =>
  orThrow('updateOtaAccounts', () =>
    api.PUT('/api/v1/team/ota-accounts', {
      body: { teamId: input.teamId, otas: input.otas, ...(input.accounts ? { accounts: input.accounts } : {}) },
      signal,
    }),
  ),
);
