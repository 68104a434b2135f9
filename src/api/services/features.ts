import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { fetchOrNull, orThrow } from './policy';

/** Feature flags (SPEC sections 6 and 7): global, switched per team country by platform admins. */
export type FeatureFlagRecord = components['schemas']['FeatureFlag'];

/**
 * The flags as they are now. A failure is logged only (SPEC section 8) and answers null, which the
 * callers count as every flag off.
 */
export const getFeatures = fromPromise<FeatureFlagRecord[] | null>(async ({ signal }) => {
  const data = await fetchOrNull('listFeatures', () => api.GET('/api/features', { signal }));
  return data?.data ?? null;
});

/** Sets the countries a flag is on for; a refusal (403, 400) is logged and re-thrown. */
export const updateFeature = fromPromise<FeatureFlagRecord, { id: string; teams: string[] }>(({ input, signal }) =>
  orThrow('updateFeature', () =>
    api.PATCH('/api/features/{id}', { params: { path: { id: input.id } }, body: { teams: input.teams }, signal }),
  ),
);
