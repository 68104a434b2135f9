import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { answerWith, json, requests, resetClient } from './fake-client';

/** The schedule services over the one client, answering as each test says. */
vi.mock('../../src/api/client', async (importOriginal) =>
  (await import('./fake-client')).clientOver(await importOriginal()),
);
const { getProductSchedule, saveProductSchedule } = await import('../../src/api/services/schedules');

const run = <T>(logic: Parameters<typeof createActor>[0], input: T) => toPromise(createActor(logic, { input }).start());
const FIELDS = [{ field: 'options[0].units[1].maxAge', message: 'Must be at least the minimum age' }];

beforeEach(() => {
  resetClient();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('schedule services', () => {
  it('reads a product’s schedule (null when not sold through the channel)', async () => {
    answerWith(() => json(200, { productId: 'P 1', schedule: null }));
    await expect(run(getProductSchedule, { teamId: 't1', productId: 'P 1' })).resolves.toBeNull();
    const url = new URL(requests[0].url);
    expect([requests[0].method, url.pathname, url.search]).toEqual([
      'GET',
      '/api/v1/products/P%201/schedule',
      '?teamId=t1',
    ]);
  });

  it('saves with PUT; INVALID_SCHEDULE is an answer naming the fields, any other failure throws', async () => {
    answerWith(() => json(400, { error: 'INVALID_SCHEDULE', message: 'The schedule was not saved', fields: FIELDS }));
    await expect(run(saveProductSchedule, { teamId: 't1', productId: 'p1', schedule: null })).resolves.toEqual({
      refused: FIELDS,
    });
    expect(requests[0].method).toBe('PUT');
    await expect(requests[0].json()).resolves.toEqual({ teamId: 't1', schedule: null });
    answerWith(() => json(200, { productId: 'p1', schedule: null }));
    await expect(run(saveProductSchedule, { teamId: 't1', productId: 'p1', schedule: null })).resolves.toEqual({
      saved: null,
    });
    answerWith(() => json(400, { error: 'BAD_REQUEST', message: 'body.schedule.capacity must be >= 1' }));
    await expect(run(saveProductSchedule, { teamId: 't1', productId: 'p1', schedule: null })).rejects.toBeInstanceOf(
      ApiError,
    );
  });
});
