import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { detailMachine } from '../../src/machines/detail/detail.machine';
import type { ListKind } from '../../src/machines/list/types';
import {
  comment,
  deferredServices,
  fakeCounts,
  fakeList,
  flush,
  orderDetail,
  tour,
  tourDetail,
  TZ,
} from './panel-fakes';

/** The side panel: loading (latest open wins), not found, comments, unlink, delete. */
function start(kind: ListKind, userId: string | null = 'u1') {
  const services = deferredServices();
  const list = fakeList();
  const counts = fakeCounts();
  const logic = detailMachine.provide({
    actors: {
      getDetail: services.logic(),
      addComment: services.logic(),
      unlinkOrder: services.logic(),
      deleteRecord: services.logic(),
    },
  });
  const actor = createActor(logic, { input: { kind, list: list.handle, counts: counts.handle, userId, timezone: TZ } });
  const notices: string[] = [];
  actor.on('notify', (n) => notices.push(n.message));
  actor.start();
  const settle = async (id: string, outcome: { output: unknown } | { error: unknown }) => {
    services.settle(id, outcome);
    await flush();
  };
  return { actor, services, list, counts, notices, settle };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('detail', () => {
  it('loads the opened order; a newer open cancels the older load', async () => {
    const { actor, services, settle } = start('orders');
    actor.send({ type: 'detail.open', id: 'o1' });
    actor.send({ type: 'detail.open', id: 'o2' });
    expect(services.calls.map((c) => c.input)).toEqual([
      { kind: 'orders', id: 'o1' },
      { kind: 'orders', id: 'o2' },
    ]);
    await settle('getDetail', { output: { found: true, record: orderDetail({ id: 'o2' }) } });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.record?.id).toBe('o2');
    // the edit actor knows the record it edits
    const edits = actor.getSnapshot().children.edits as AnyActorRef;
    expect(Object.keys(edits.getSnapshot().context.records)).toEqual(['o2']);
  });

  it.each([
    ['orders', 'Order not found'],
    ['tours', 'Tour not found'],
  ] as const)('a %s id that no longer exists: %s, and it leaves the list', async (kind, message) => {
    const { actor, list, notices, settle } = start(kind);
    actor.send({ type: 'detail.open', id: 'gone' });
    await settle('getDetail', { output: { found: false } });
    expect(notices).toEqual([message]);
    expect(list.received()).toEqual([{ type: 'list.remove', ids: ['gone'] }]);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('any other load failure shows the failed state without a toast', async () => {
    const { actor, notices, settle } = start('orders');
    actor.send({ type: 'detail.open', id: 'o1' });
    await settle('getDetail', { output: null });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(notices).toEqual([]);
  });

  it('comments need a signed-in user; a saved comment shows in the event log', async () => {
    const anonymous = start('orders', null);
    anonymous.actor.send({ type: 'detail.open', id: 'o1' });
    await anonymous.settle('getDetail', { output: { found: true, record: orderDetail() } });
    expect(anonymous.actor.getSnapshot().can({ type: 'comment.add', text: 'hi' })).toBe(false);

    const { actor, services, settle } = start('orders');
    actor.send({ type: 'detail.open', id: 'o1' });
    await settle('getDetail', { output: { found: true, record: orderDetail() } });
    expect(actor.getSnapshot().can({ type: 'comment.add', text: '  ' })).toBe(false);
    actor.send({ type: 'comment.add', text: ' Guest is vegetarian ' });
    expect(services.calls.at(-1)).toEqual({
      id: 'addComment',
      input: { kind: 'orders', id: 'o1', text: 'Guest is vegetarian' },
    });
    await settle('addComment', { output: comment('Guest is vegetarian') });
    expect(actor.getSnapshot().context.record?.eventLogs.map((e) => e.comment)).toEqual(['Guest is vegetarian']);
  });

  it('a failed comment keeps the panel and says so', async () => {
    const { actor, settle } = start('orders');
    actor.send({ type: 'detail.open', id: 'o1' });
    await settle('getDetail', { output: { found: true, record: orderDetail() } });
    actor.send({ type: 'comment.add', text: 'x' });
    await settle('addComment', { error: new Error('500') });
    expect(actor.getSnapshot().context.error).toBe('The comment could not be saved');
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('unlinks an order from its tour, updating the list and the counts', async () => {
    const { actor, services, list, counts, settle } = start('orders');
    actor.send({ type: 'detail.open', id: 'o1' });
    await settle('getDetail', {
      output: { found: true, record: orderDetail({ tour: { id: 't1', displayId: 'G-1' } }) },
    });
    actor.send({ type: 'detail.unlink', orderId: 'o1' });
    expect(services.calls.at(-1)).toEqual({ id: 'unlinkOrder', input: { tourId: 't1', orderId: 'o1' } });
    await settle('unlinkOrder', { output: tour({ orderCount: 0 }) });
    expect(actor.getSnapshot().context.record).toMatchObject({ tour: null });
    expect(list.received().at(-1)).toEqual({ type: 'list.patch', rows: [{ id: 'o1', tour: null }] });
    expect(counts.refreshes()).toBe(1);
  });

  it("unlinks one of a tour's orders; a failed unlink is only logged", async () => {
    const { actor, list, settle } = start('tours');
    actor.send({ type: 'detail.open', id: 't1' });
    await settle('getDetail', { output: { found: true, record: tourDetail() } });
    expect(actor.getSnapshot().can({ type: 'detail.unlink', orderId: 'nope' })).toBe(false);
    actor.send({ type: 'detail.unlink', orderId: 'o1' });
    await settle('unlinkOrder', { output: null });
    expect(actor.getSnapshot().context.error).toBe('The order could not be unlinked');
    actor.send({ type: 'detail.unlink', orderId: 'o1' });
    await settle('unlinkOrder', { output: tour({ orderCount: 0, version: 5 }) });
    expect(actor.getSnapshot().context.record).toMatchObject({ orders: [], orderCount: 0 });
    expect(list.received().at(-1)).toMatchObject({ type: 'list.patch', rows: [{ id: 't1', orderCount: 0 }] });
  });

  it('deletes after a confirmation step; cancel keeps it', async () => {
    const { actor, services, list, counts, settle } = start('tours');
    actor.send({ type: 'detail.open', id: 't1' });
    await settle('getDetail', { output: { found: true, record: tourDetail() } });
    actor.send({ type: 'detail.delete' });
    expect(actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true);
    actor.send({ type: 'detail.cancel' });
    actor.send({ type: 'detail.delete' });
    actor.send({ type: 'detail.confirm' });
    expect(services.calls.at(-1)).toEqual({ id: 'deleteRecord', input: { kind: 'tours', id: 't1' } });
    await settle('deleteRecord', { output: undefined });
    expect(list.received().at(-1)).toEqual({ type: 'list.remove', ids: ['t1'] });
    expect(counts.refreshes()).toBe(1);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('a failed delete keeps the record and says so', async () => {
    const { actor, settle } = start('orders');
    actor.send({ type: 'detail.open', id: 'o1' });
    await settle('getDetail', { output: { found: true, record: orderDetail() } });
    actor.send({ type: 'detail.delete' });
    actor.send({ type: 'detail.confirm' });
    await settle('deleteRecord', { error: new Error('500') });
    expect(actor.getSnapshot().context.error).toBe('The order could not be deleted');
    expect(actor.getSnapshot().context.record?.id).toBe('o1');
  });

  it('takes the edits of its record as they are applied', async () => {
    const { actor, settle } = start('orders');
    actor.send({ type: 'detail.open', id: 'o1' });
    await settle('getDetail', { output: { found: true, record: orderDetail() } });
    actor.send({ type: 'detail.patch', fields: { id: 'o1', language: 'French' } });
    actor.send({ type: 'detail.patch', fields: { id: 'other', language: 'German' } });
    expect(actor.getSnapshot().context.record).toMatchObject({ id: 'o1', language: 'French', eventLogs: [] });
  });
});
