import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { LINK_FAILED } from '../../src/domain/ads';
import { answerWith, json, requests, resetClient } from './fake-client';

/** The marketing services through the one client; here it answers as each test says and records the requests. */
vi.mock('../../src/api/client', async (importOriginal) =>
  (await import('./fake-client')).clientOver(await importOriginal()),
);
const { addAdGroupItems, createAdGroup, loadMarketing, moveAd, saveAd, setAdGroupItems, updateAdGroupFrequency } =
  await import('../../src/api/services/ads');

const run = <T>(logic: Parameters<typeof createActor>[0], input: T) => toPromise(createActor(logic, { input }).start());
const AD = { id: 'a1', teamId: 't1', tag: 'new', title: 'Cruise', imageUrl: null, linkUrl: null };
const GROUP = { id: 'g1', teamId: 't1', tag: 'email', frequency: 'daily', items: [AD] };
const bodyOf = async (i: number) => JSON.parse(await requests[i].clone().text());

beforeEach(() => {
  resetClient();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('marketing services', () => {
  it('loads the team’s ads and groups; a failure of either throws', async () => {
    answerWith((r) =>
      new URL(r.url).pathname.endsWith('/groups')
        ? json(200, { groups: [GROUP] })
        : json(200, { advertisements: [AD] }),
    );
    await expect(run(loadMarketing, { teamId: 't1' })).resolves.toEqual({ ads: [AD], groups: [GROUP] });
    expect(requests.map((r) => new URL(r.url).search)).toEqual(['?teamId=t1', '?teamId=t1']);
    answerWith((r) =>
      new URL(r.url).pathname.endsWith('/groups') ? json(500, {}) : json(200, { advertisements: [] }),
    );
    await expect(run(loadMarketing, { teamId: 't1' })).rejects.toBeInstanceOf(ApiError);
  });

  it('creates an ad tagged new and changes one with only the changes; a refusal is an answer', async () => {
    answerWith(() => json(200, AD));
    await expect(run(saveAd, { teamId: 't1', id: null, changes: { title: 'Cruise' } })).resolves.toEqual({ saved: AD });
    expect([requests[0].method, new URL(requests[0].url).pathname]).toEqual(['POST', '/api/v1/advertisement']);
    expect(await bodyOf(0)).toEqual({ teamId: 't1', tag: 'new', title: 'Cruise' });
    await run(saveAd, { teamId: 't1', id: 'a1', changes: { linkUrl: null } });
    expect([requests[1].method, new URL(requests[1].url).pathname]).toEqual(['PUT', '/api/v1/advertisement/a1']);
    expect(await bodyOf(1)).toEqual({ teamId: 't1', linkUrl: null });

    answerWith(() =>
      json(413, { error: 'PAYLOAD_TOO_LARGE', message: 'File size exceeds 500 KB. Please upload a smaller file.' }),
    );
    await expect(run(saveAd, { teamId: 't1', id: 'a1', changes: { imageUrl: 'data:' } })).resolves.toEqual({
      refused: 'File size exceeds 500 KB. Please upload a smaller file.',
    });
    answerWith(() => json(500, { error: 'INTERNAL', message: 'boom' }));
    await expect(run(saveAd, { teamId: 't1', id: 'a1', changes: {} })).rejects.toBeInstanceOf(ApiError);
  });

  it('moves an ad to a tag, and changes a group’s frequency', async () => {
    answerWith(() => json(200, { ...AD, tag: 'archived' }));
    await expect(run(moveAd, { teamId: 't1', id: 'a1', tag: 'archived' })).resolves.toMatchObject({ tag: 'archived' });
    expect(await bodyOf(0)).toEqual({ teamId: 't1', tag: 'archived' });
    answerWith(() => json(200, { ...GROUP, frequency: 'weekly' }));
    await run(updateAdGroupFrequency, { teamId: 't1', id: 'g1', frequency: 'weekly' });
    expect([requests[1].method, new URL(requests[1].url).pathname]).toEqual([
      'PATCH',
      '/api/v1/advertisement/groups/g1',
    ]);
    expect(await bodyOf(1)).toEqual({ teamId: 't1', frequency: 'weekly' });
  });

  it('creates a group; a tag already placed (409) is an answer', async () => {
    answerWith(() => json(200, GROUP));
    await expect(run(createAdGroup, { teamId: 't1', tag: 'email' })).resolves.toEqual({ group: GROUP });
    answerWith(() => json(409, { error: 'CONFLICT', message: 'The team already has a group tagged email' }));
    await expect(run(createAdGroup, { teamId: 't1', tag: 'email' })).resolves.toEqual({
      refused: 'The team already has a group tagged email',
    });
  });

  it.each([
    ['addAdGroupItems', addAdGroupItems, 'POST'],
    ['setAdGroupItems', setAdGroupItems, 'PUT'],
  ] as const)(
    '%s: the group when the response reports success; otherwise SPEC 5’s failure',
    async (_, service, method) => {
      const input = { teamId: 't1', id: 'g1', advertisementIds: ['a1'] };
      answerWith(() => json(200, { success: true, group: GROUP }));
      await expect(run(service, input)).resolves.toEqual(GROUP);
      expect([requests[0].method, new URL(requests[0].url).pathname]).toEqual([
        method,
        '/api/v1/advertisement/groups/g1/items',
      ]);
      expect(await bodyOf(0)).toEqual({ teamId: 't1', advertisementIds: ['a1'] });
      answerWith(() => json(200, { success: false, group: GROUP }));
      await expect(run(service, input)).rejects.toThrow(LINK_FAILED);
      answerWith(() => json(404, { error: 'NOT_FOUND', message: 'Advertisement not found' }));
      await expect(run(service, input)).rejects.toBeInstanceOf(ApiError);
    },
  );
});
