import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components, operations } from '../schema';
import { fetchOrNull, orThrow } from './policy';

/** The caller's organization, created and advanced through the onboarding stages. */
export type Org = components['schemas']['Org'];
export type OrgChange = NonNullable<operations['upsertOrg']['requestBody']>['content']['application/json'];

/**
 * The caller's own organization, where onboarding resumes in any browser. None yet (404) or a
 * fetch failure: null (SPEC section 8).
 */
export const getMyOrg = fromPromise<Org | null>(({ signal }) =>
  fetchOrNull('getMyOrg', () => api.GET('/api/v1/orgs', { signal })),
);

/**
 * Creates or updates the caller's organization; with a name and a country it also creates the
 * team (in that country's timezone). Throws, so the stage stays open and shows why.
 */
export const saveOrg = fromPromise<Org, OrgChange>(({ input, signal }) =>
  orThrow('upsertOrg', () => api.PATCH('/api/v1/orgs', { body: input, signal })),
);
