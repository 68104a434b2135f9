import { fromPromise } from 'xstate';
import { LINK_FAILED, type Ad, type AdChanges, type AdFrequency, type AdGroup, type AdTag } from '../../domain/ads';
import { api } from '../client';
import type { components } from '../schema';
import { orRefusal, orThrow } from './policy';

/** Advertisements and advertisement groups of a team (marketing). */
type ErrorBody = components['schemas']['Error'];

export interface Marketing {
  ads: Ad[];
  groups: AdGroup[];
}

/** The team's ads and groups. Throws, so a screen can show the failure with Retry. */
export const loadMarketing = fromPromise<Marketing, { teamId: string }>(async ({ input, signal }) => {
  const query = { query: { teamId: input.teamId } };
  const [ads, groups] = await Promise.all([
    orThrow('listAds', () => api.GET('/api/v1/advertisement', { params: query, signal })),
    orThrow('listAdGroups', () => api.GET('/api/v1/advertisement/groups', { params: query, signal })),
  ]);
  return { ads: ads.advertisements, groups: groups.groups };
});

/** A client error the server explains (a refused image or link, a tag taken): its message. */
const refusalOf =
  (...statuses: number[]) =>
  (status: number, body: unknown): string | null =>
    statuses.includes(status) && typeof (body as ErrorBody | undefined)?.message === 'string'
      ? (body as ErrorBody).message
      : null;

export type AdAnswer = { saved: Ad } | { refused: string };

/** Creates (tagged new) or changes an ad; what the server refuses (400, 413) is an answer. */
export const saveAd = fromPromise<AdAnswer, { teamId: string; id: string | null; changes: AdChanges }>(
  async ({ input, signal }) => {
    const { teamId, id, changes } = input;
    const result = id
      ? await orRefusal(
          'updateAd',
          () =>
            api.PUT('/api/v1/advertisement/{id}', { params: { path: { id } }, body: { teamId, ...changes }, signal }),
          refusalOf(400, 413),
        )
      : await orRefusal(
          'createAd',
          () => api.POST('/api/v1/advertisement', { body: { teamId, tag: 'new', ...changes }, signal }),
          refusalOf(400, 413),
        );
    return result.ok ? { saved: result.data } : { refused: result.refusal };
  },
);

/** Moves an ad to another tag; throws on failure. */
export const moveAd = fromPromise<Ad, { teamId: string; id: string; tag: AdTag }>(({ input, signal }) =>
  orThrow('updateAd', () =>
    api.PUT('/api/v1/advertisement/{id}', {
      params: { path: { id: input.id } },
      body: { teamId: input.teamId, tag: input.tag },
      signal,
    }),
  ),
);

export type GroupAnswer = { group: AdGroup } | { refused: string };

/** Creates a group; a tag already placed (409) or refused (400) is an answer. */
export const createAdGroup = fromPromise<GroupAnswer, { teamId: string; tag: string | null; frequency?: AdFrequency }>(
  async ({ input, signal }) => {
    const result = await orRefusal(
      'createAdGroup',
      () => api.POST('/api/v1/advertisement/groups', { body: input, signal }),
      refusalOf(400, 409),
    );
    return result.ok ? { group: result.data } : { refused: result.refusal };
  },
);

/** Changes how often the group is shown; throws on failure. */
export const updateAdGroupFrequency = fromPromise<AdGroup, { teamId: string; id: string; frequency: AdFrequency }>(
  ({ input, signal }) =>
    orThrow('updateAdGroup', () =>
      api.PATCH('/api/v1/advertisement/groups/{id}', {
        params: { path: { id: input.id } },
        body: { teamId: input.teamId, frequency: input.frequency },
        signal,
      }),
    ),
);

export const deleteAdGroup = fromPromise<void, { teamId: string; id: string }>(async ({ input, signal }) => {
  await orThrow('deleteAdGroup', () =>
    api.DELETE('/api/v1/advertisement/groups/{id}', {
      params: { path: { id: input.id }, query: { teamId: input.teamId } },
      signal,
    }),
  );
});

/** SPEC section 5: linking fails unless the response reports success. */
function linked(answer: { success: boolean; group: AdGroup }): AdGroup {
  if (!answer.success) throw new Error(LINK_FAILED);
  return answer.group;
}

/** Appends ads to a group; throws unless the server reports success. */
export const addAdGroupItems = fromPromise<AdGroup, { teamId: string; id: string; advertisementIds: string[] }>(
  async ({ input, signal }) => {
    const { id, ...body } = input;
    return linked(
      await orThrow('addAdGroupItems', () =>
        api.POST('/api/v1/advertisement/groups/{id}/items', { params: { path: { id } }, body, signal }),
      ),
    );
  },
);

/** Sets a group's ads in their order (a reorder or a removal); throws unless the server reports success. */
export const setAdGroupItems = fromPromise<AdGroup, { teamId: string; id: string; advertisementIds: string[] }>(
  async ({ input, signal }) => {
    const { id, ...body } = input;
    return linked(
      await orThrow('setAdGroupItems', () =>
        api.PUT('/api/v1/advertisement/groups/{id}/items', { params: { path: { id } }, body, signal }),
      ),
    );
  },
);
