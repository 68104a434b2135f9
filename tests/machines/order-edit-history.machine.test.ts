import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidMessage } from '../../src/domain/invalid-edits';
import type { EditsReport } from '../../src/machines/detail/types';
import { orderEditHistoryMachine } from '../../src/machines/order-edit-history/order-edit-history.machine';
import { deferredServices, flush, order, orderDetail, TZ } from './panel-fakes';
import { underParent } from './shared-fakes';

/**
 * What a person sees of order edits: writes, versions, toasts, undo/redo, failures, conflicts.
 * It runs under a stand-in panel: what it reports (`edits.changed`, `edits.gone`) is what the panel
 * shows and the screen's list gets.
 */
function start() {
  const services = deferredServices();
  const panel = underParent(
    orderEditHistoryMachine.provide({ actors: { updateOrders: services.logic(), getOrder: services.logic() } }),
    { timezone: TZ },
  );
  const actor = panel.child;
  const notices: Array<{ kind: string; message: string; action?: unknown }> = [];
  actor.on('notify', (n) => notices.push(n));
  actor.send({ type: 'order.loaded', order: orderDetail() });
  const reports = panel.reports as EditsReport[];
  /** The last record reported changed, and whether the server had it. */
  const shown = () => {
    const last = panel.reportsOf('edits.changed').at(-1) as Extract<EditsReport, { type: 'edits.changed' }> | undefined;
    return last && { ...last.rows[0], saved: last.saved };
  };
  const writes = () => services.calls.filter((c) => c.id === 'updateOrders').map((c) => c.input);
  const settle = async (id: string, outcome: { output: unknown } | { error: unknown }) => {
    services.settle(id, outcome);
    await flush();
  };
  return { actor, services, reports, shown, notices, writes, settle };
}

/** The one message a field of o1 shows, or null. */
const message = (actor: ReturnType<typeof start>['actor'], field: string) =>
  invalidMessage(actor.getSnapshot().context.invalid, 'o1', field);

const toTime = (time: string) => ({
  type: 'order.edit' as const,
  id: 'o1',
  change: { field: 'departureTime' as const, time },
});
const savedAs = (departureAt: string, version: number) => ({
  output: { status: 'saved', records: [order({ departureAt, version })] },
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('order edits', () => {
  it('show at once, save with the version, and toast Order updated with Undo', async () => {
    const { actor, reports, notices, writes, settle } = start();
    actor.send(toTime('18:45'));
    expect(reports).toEqual([
      {
        type: 'edits.changed',
        rows: [expect.objectContaining({ id: 'o1', departureAt: '2026-03-10T09:45:00.000Z', version: 1 })],
        saved: false,
      },
    ]);
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(writes()).toEqual([{ orders: [{ id: 'o1', version: 1, departureAt: '2026-03-10T09:45:00.000Z' }] }]);
    await settle('updateOrders', savedAs('2026-03-10T09:45:00.000Z', 2));
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
    // once the server has it, the saved record with its new version
    expect(reports.at(-1)).toEqual({
      type: 'edits.changed',
      rows: [expect.objectContaining({ id: 'o1', departureAt: '2026-03-10T09:45:00.000Z', version: 2 })],
      saved: true,
    });
    expect(reports).toHaveLength(2);
    expect(notices).toEqual([
      {
        type: 'notify',
        kind: 'success',
        message: 'Order updated',
        // the button says what it undoes, and the next edit's toast replaces this one
        action: { label: 'Undo departure of JP-0001', event: { type: 'history.undo' } },
        id: 'order-edit',
      },
    ]);
    expect(actor.getSnapshot().can({ type: 'history.undo' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'history.redo' })).toBe(false);
  });

  it('queue behind a write in flight, each with the version the last one returned', async () => {
    const { actor, writes, settle } = start();
    actor.send(toTime('10:00'));
    actor.send({ type: 'order.edit', id: 'o1', change: { field: 'price', priceType: 'ADULT', amount: 60 } });
    expect(writes()).toHaveLength(1);
    await settle('updateOrders', savedAs('2026-03-10T01:00:00.000Z', 2));
    expect(writes()[1]).toEqual({
      orders: [{ id: 'o1', version: 2, prices: [{ type: 'ADULT', amount: 60, currency: 'USD' }] }],
    });
  });

  it('undo and redo are saved steps of a real history; a new edit clears the future', async () => {
    const { actor, shown, writes, settle } = start();
    actor.send(toTime('10:00'));
    await settle('updateOrders', savedAs('2026-03-10T01:00:00.000Z', 2));
    actor.send({ type: 'history.undo' });
    expect(shown()).toMatchObject({ departureAt: '2026-03-10T00:30:00.000Z', saved: false });
    expect(writes()[1]).toEqual({ orders: [{ id: 'o1', version: 2, departureAt: '2026-03-10T00:30:00.000Z' }] });
    await settle('updateOrders', savedAs('2026-03-10T00:30:00.000Z', 3));
    expect(shown()).toMatchObject({ departureAt: '2026-03-10T00:30:00.000Z', version: 3, saved: true });
    actor.send({ type: 'history.redo' });
    expect(writes()[2]).toEqual({ orders: [{ id: 'o1', version: 3, departureAt: '2026-03-10T01:00:00.000Z' }] });
    await settle('updateOrders', savedAs('2026-03-10T01:00:00.000Z', 4));
    actor.send({ type: 'history.undo' });
    await settle('updateOrders', savedAs('2026-03-10T00:30:00.000Z', 5));
    actor.send(toTime('11:00'));
    expect(actor.getSnapshot().can({ type: 'history.redo' })).toBe(false);
  });

  it('refuse a price type the order does not have, with the SPEC message on its field', () => {
    const { actor, notices, writes } = start();
    actor.send({ type: 'order.edit', id: 'o1', change: { field: 'price', priceType: 'CHILD', amount: 1 } });
    expect(message(actor, 'price:CHILD')).toBe('Cannot find the price with type: CHILD');
    expect(notices).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('an invalid time or price shows one message on its field however often it is committed, until corrected or given up', async () => {
    const { actor, notices, writes, reports, settle } = start();
    // Enter, then leaving the field: the same value committed twice
    actor.send(toTime('25:00'));
    actor.send(toTime('25:00'));
    actor.send({ type: 'order.edit', id: 'o1', change: { field: 'price', priceType: 'ADULT', amount: Number.NaN } });
    expect(actor.getSnapshot().context.invalid).toEqual({
      'o1/departure': 'Invalid time: 25:00',
      'o1/price:ADULT': 'Invalid amount for Adult',
    });
    // no toast, nothing written, the order shown as it was
    expect([notices, writes(), reports]).toEqual([[], [], []]);

    // corrected: the message goes and the edit is saved; the price keeps its own
    actor.send(toTime('10:00'));
    expect(message(actor, 'departure')).toBeNull();
    expect(message(actor, 'price:ADULT')).toBe('Invalid amount for Adult');
    expect(writes()).toHaveLength(1);
    // refused again while the write is in flight: one message still
    actor.send({ type: 'order.edit', id: 'o1', change: { field: 'price', priceType: 'ADULT', amount: -1 } });
    expect(message(actor, 'price:ADULT')).toBe('Invalid amount for Adult');
    // given up (Escape)
    actor.send({ type: 'edit.discard', id: 'o1', field: 'price:ADULT' });
    expect(actor.getSnapshot().context.invalid).toEqual({});
    await settle('updateOrders', savedAs('2026-03-10T01:00:00.000Z', 2));
    expect(notices.map((n) => n.message)).toEqual(['Order updated']);
  });

  it('a failed edit toasts and shows what the server holds again', async () => {
    const { actor, shown, notices, settle, services } = start();
    actor.send(toTime('10:00'));
    await settle('updateOrders', { error: new Error('500') });
    expect(notices.map((n) => n.message)).toEqual(['Failed to update order']);
    expect(services.calls.at(-1)).toEqual({ id: 'getOrder', input: { id: 'o1' } });
    await settle('getOrder', { output: { found: true, record: orderDetail() } });
    expect(shown()).toMatchObject({ departureAt: '2026-03-10T00:30:00.000Z', saved: false });
    expect(actor.getSnapshot().can({ type: 'history.undo' })).toBe(false);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a failed undo says so and keeps the edit undoable', async () => {
    const { actor, notices, settle } = start();
    actor.send(toTime('10:00'));
    await settle('updateOrders', savedAs('2026-03-10T01:00:00.000Z', 2));
    actor.send({ type: 'history.undo' });
    await settle('updateOrders', { error: new Error('500') });
    expect(notices.at(-1)?.message).toBe('Failed to undo order update');
    await settle('getOrder', {
      output: { found: true, record: orderDetail({ departureAt: '2026-03-10T01:00:00.000Z', version: 2 }) },
    });
    expect(actor.getSnapshot().can({ type: 'history.undo' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'history.redo' })).toBe(false);
  });

  it('a stale write keeps what the person typed next to the fresh record, to re-apply on it', async () => {
    const { actor, shown, writes, settle } = start();
    actor.send(toTime('18:45'));
    await settle('updateOrders', { output: { status: 'stale' } });
    const freshDetail = orderDetail({ departureAt: '2026-03-10T03:00:00.000Z', version: 7 });
    await settle('getOrder', { output: { found: true, record: freshDetail } });
    const { conflict } = actor.getSnapshot().context;
    expect(conflict?.typed).toEqual({ field: 'departureTime', time: '18:45' });
    expect(conflict?.fresh?.version).toBe(7);
    expect(shown()).toMatchObject({ departureAt: '2026-03-10T03:00:00.000Z', version: 7 });
    expect(actor.getSnapshot().can({ type: 'history.undo' })).toBe(false);
    actor.send({ type: 'conflict.reapply' });
    expect(writes().at(-1)).toEqual({ orders: [{ id: 'o1', version: 7, departureAt: '2026-03-10T09:45:00.000Z' }] });
    expect(actor.getSnapshot().context.conflict).toBeNull();
  });

  it('an order gone since: Order not found, and it is reported gone', async () => {
    const { actor, reports, notices, settle } = start();
    actor.send(toTime('10:00'));
    await settle('updateOrders', { error: new Error('404') });
    await settle('getOrder', { output: { found: false } });
    expect(notices.map((n) => n.message)).toEqual(['Failed to update order', 'Order not found']);
    expect(reports.at(-1)).toEqual({ type: 'edits.gone', id: 'o1' });
    expect(actor.getSnapshot().context.records).toEqual({});
  });
});
