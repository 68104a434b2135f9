import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerWith, json, requests, resetClient } from './fake-client';
import { createActor, toPromise } from 'xstate';
import { bulkStatusMachines } from '../../src/machines/bulk-status/bulk-status.machine';
import { movedMessage } from '../../src/machines/bulk-status/types';
import { SELECTED } from './bulk-status-fakes';
import { underParent } from './shared-fakes';

/** The services go through the one client; here it answers as each test says and records the requests. */
vi.mock('../../src/api/client', async (importOriginal) =>
  (await import('./fake-client')).clientOver(await importOriginal()),
);
const { updateOrderStatusBatch, updateTourStatusBatch, undoOrderStatusBatch, undoTourStatusBatch } =
  await import('../../src/api/services/status');

const run = <T>(logic: Parameters<typeof createActor>[0], input: T) => toPromise(createActor(logic, { input }).start());

beforeEach(() => {
  resetClient();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('status services', () => {
  const items = [{ id: 'o1', statusV2: 'pending' as const, version: 2 }];

  it('PUTs the orders batch and answers the new statuses and versions', async () => {
    answerWith(() => json(200, { orders: [{ id: 'o1', statusV2: 'pending', version: 3 }] }));
    await expect(run(updateOrderStatusBatch, { items })).resolves.toEqual([
      { id: 'o1', statusV2: 'pending', version: 3 },
    ]);
    expect(requests[0].method).toBe('PUT');
    expect(new URL(requests[0].url).pathname).toBe('/api/v2/orders/status/batch');
    await expect(requests[0].json()).resolves.toEqual({ orders: items });
  });

  it('PUTs the tours batch', async () => {
    answerWith(() => json(200, { tours: [{ id: 'o1', statusV2: 'pending', version: 3 }] }));
    await expect(run(updateTourStatusBatch, { items })).resolves.toHaveLength(1);
    expect(new URL(requests[0].url).pathname).toBe('/api/v2/tours/status/batch');
    await expect(requests[0].json()).resolves.toEqual({ tours: items });
  });

  it.each([
    ['orders', updateOrderStatusBatch, 409],
    ['tours', updateTourStatusBatch, 500],
  ] as const)('a failed %s move is logged and answers null (SPEC section 8)', async (_, logic, status) => {
    answerWith(() => json(status, { error: 'STALE', message: 'changed meanwhile' }));
    await expect(run(logic, { items })).resolves.toBeNull();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('failed'));
  });
});

describe('undo services', () => {
  const items = [{ id: 'o1', statusV2: 'completed' as const, version: 4 }];

  it.each([
    ['orders', undoOrderStatusBatch, '/api/v2/orders/status/batch'],
    ['tours', undoTourStatusBatch, '/api/v2/tours/status/batch'],
  ] as const)(
    'PUTs the %s batch with skipStale and answers what went back and what was kept',
    async (key, logic, path) => {
      answerWith(() => json(200, { [key]: [], skipped: ['o1'] }));
      await expect(run(logic, { items })).resolves.toEqual({ changes: [], skipped: ['o1'] });
      expect(new URL(requests[0].url).pathname).toBe(path);
      await expect(requests[0].json()).resolves.toEqual({ [key]: items, skipStale: true });
    },
  );

  it('a failed undo is logged and answers null', async () => {
    answerWith(() => json(500, { error: 'INTERNAL', message: 'down' }));
    await expect(run(undoOrderStatusBatch, { items })).resolves.toBeNull();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('failed'));
  });
});

describe('bulk status of each kind', () => {
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it.each([
    ['orders', '/api/v2/orders/status/batch', 'orders', '2 orders moved to "Arranged"'],
    ['tours', '/api/v2/tours/status/batch', 'tours', '2 groups moved to "Arranged"'],
  ] as const)('moves %s through %s and reports what the server answered', async (kind, path, key, message) => {
    const changes = [
      { id: 'o1', statusV2: 'arranged', version: 4 },
      { id: 'o9', statusV2: 'arranged', version: 1 },
    ];
    answerWith(() => json(200, { [key]: changes }));
    const screen = underParent(bulkStatusMachines[kind], { kind });
    const notices: string[] = [];
    screen.child.on('notify', (n) => notices.push(n.message));
    screen.child.send({ type: 'bulk.select', rows: [SELECTED[0], SELECTED[2]] });
    screen.child.send({ type: 'bulk.move', status: 'arranged' });
    await flush();
    await flush();
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([`PUT ${path}`]);
    await expect(requests[0].json()).resolves.toEqual({
      [key]: [
        { id: 'o1', statusV2: 'arranged', version: 3 },
        { id: 'o9', statusV2: 'arranged' },
      ],
    });
    expect(screen.reports).toEqual([{ type: 'bulk.moved', changes }]);
    expect(notices).toEqual([message]);
    screen.stop();
  });
});

describe('bulk status rules', () => {
  it('words the success toast with the status label of SPEC section 4', () => {
    expect(movedMessage('orders', 2, 'new')).toBe('2 orders moved to "New Order"');
    expect(movedMessage('orders', 1, 'cancel_requested')).toBe('1 orders moved to "Cancel Requested"');
    expect(movedMessage('tours', 5, 'completed')).toBe('5 groups moved to "Tour Completed"');
    expect(movedMessage('tours', 3, 'arranged')).toBe('3 groups moved to "Arranged"');
  });
});
