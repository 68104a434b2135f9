import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { Loaded } from '../../src/api/services/details';
import type { Page } from '../../src/api/services/policy';
import type { CountsInput, ListCounts, PageInput } from '../../src/api/services/lists';
import type { StatusBatchInput, StatusBatchOutput } from '../../src/api/services/status';
import { bulkStatusMachine } from '../../src/machines/bulk-status/bulk-status.machine';
import type { RecordRef } from '../../src/api/services/deleted';
import { detailMachine } from '../../src/machines/detail/detail.machine';
import { recordDeleteMachine } from '../../src/machines/record-delete/record-delete.machine';
import type { NotifyEvent } from '../../src/machines/notify';
import type { DetailRecord } from '../../src/machines/detail/types';
import { listMachine } from '../../src/machines/list/list.machine';
import type { ListItem } from '../../src/machines/list/types';
import type { CountsRefresh } from '../../src/machines/nav-counts/types';
import { workspaceMachine } from '../../src/machines/workspace/workspace.machine';
import { logged, order, orderDetail } from './panel-fakes';

/**
 * The orders screen with its real children (filters, list, selection, bulk status, tour actions,
 * panel with its edit history): only the services are fakes. What an operator would notice: a
 * change made anywhere on the screen shows in the list and in the open panel, and a removed
 * record leaves the list, the selection and the panel.
 */
const o1 = order({ id: 'o1', displayId: 'VN-1', departureAt: '2026-03-10T01:00:00.000Z', version: 1 });
const o2 = order({ id: 'o2', displayId: 'VN-2', departureAt: '2026-03-10T02:00:00.000Z', version: 5 });

function start() {
  const records: Record<string, DetailRecord> = { o1: orderDetail({ ...o1 }), o2: orderDetail({ ...o2 }) };
  const deleted: Record<string, DetailRecord> = {};
  const loads: string[] = [];
  const moves: StatusBatchInput[] = [];
  const totals = createActor(
    createMachine({ on: { 'counts.refresh': { actions: ({ event }) => refreshes.push(event as CountsRefresh) } } }),
  );
  const refreshes: CountsRefresh[] = [];
  totals.start();
  const logic = workspaceMachine.provide({
    actors: {
      list: listMachine.provide({
        actors: {
          loadPage: fromPromise<Page<ListItem>, PageInput>(async () => ({
            items: [o1, o2].filter((o) => records[o.id]),
            hasMore: false,
            nextCursor: null,
          })),
          loadCounts: fromPromise<ListCounts, CountsInput>(async () => ({ daily: [], total: 2 })),
        },
      }),
      bulkStatus: bulkStatusMachine.provide({
        actors: {
          saveStatus: fromPromise<StatusBatchOutput, StatusBatchInput>(async ({ input }) => {
            moves.push(input);
            return input.items.map((i) => ({ id: i.id, statusV2: i.statusV2, version: (i.version ?? 0) + 1 }));
          }),
        },
      }),
      detail: detailMachine.provide({
        actors: {
          loadRecord: fromPromise<Loaded<DetailRecord>, { id: string }>(async ({ input }) => {
            loads.push(input.id);
            const record = records[input.id];
            return record ? { found: true, record } : { found: false };
          }),
          remover: recordDeleteMachine.provide({
            actors: {
              deleteRecord: fromPromise<void, { id: string }>(async ({ input }) => {
                deleted[input.id] = records[input.id];
                delete records[input.id];
              }),
              restoreRecord: fromPromise<RecordRef, RecordRef>(async ({ input }) => {
                records[input.id] = deleted[input.id];
                return input;
              }),
            },
          }),
        },
      }),
    },
    actions: { navigate: () => undefined },
  });
  const screen = createActor(logic, {
    input: {
      kind: 'orders',
      view: null,
      teamId: 'vn',
      countryCode: 'VN',
      timezone: 'Asia/Ho_Chi_Minh',
      userId: 'u1',
      userName: 'Ana',
      search: '?dates=all',
      now: Date.parse('2026-03-05T00:00:00Z'),
      navCounts: totals,
      role: 'EDITOR',
    },
  }).start();
  running.push(screen, totals);
  const child = <T extends AnyActorRef>(id: string) => screen.getSnapshot().children[id as 'list'] as unknown as T;
  const list = () => child<AnyActorRef>('list').getSnapshot().context.items as ListItem[];
  const selection = () => child<AnyActorRef>('selection');
  const detail = () => child<AnyActorRef>('detail');
  return { screen, records, loads, moves, refreshes, list, selection, detail, child };
}

const running: AnyActorRef[] = [];
afterEach(() => {
  running.splice(0).forEach((a) => a.stop());
  vi.restoreAllMocks();
});

async function openFirst(s: ReturnType<typeof start>) {
  await waitFor(s.child('list'), (l) => l.context.items.length === 2);
  s.selection().send({ type: 'selection.click', id: 'o1', mode: 'replace' });
  await waitFor(s.detail(), (d) => d.matches({ ready: { activity: 'current' } }));
}

describe('the orders screen, with its real children', () => {
  it('a click opens the panel; a status move reaches the list and the open panel, whose activity comes again', async () => {
    const s = start();
    await openFirst(s);
    expect(s.detail().getSnapshot().context.record.id).toBe('o1');
    s.selection().send({ type: 'selection.click', id: 'o2', mode: 'range' });
    s.records.o1 = orderDetail({ ...o1, statusV2: 'pending', version: 2, eventLogs: [logged('STATUS', 'e-move')] });

    s.child('bulkStatus').send({ type: 'bulk.move', status: 'pending' });
    await waitFor(s.detail(), (d) => d.context.record.eventLogs.length === 1);

    // the move was sent with the versions the list had loaded
    expect(s.moves).toEqual([
      {
        items: [
          { id: 'o1', statusV2: 'pending', version: 1 },
          { id: 'o2', statusV2: 'pending', version: 5 },
        ],
      },
    ]);
    expect(s.list().map((i) => [i.id, i.statusV2, i.version])).toEqual([
      ['o1', 'pending', 2],
      ['o2', 'pending', 6],
    ]);
    expect(s.detail().getSnapshot().context.record).toMatchObject({ statusV2: 'pending', version: 2 });
    // the edit history knows the new version: the next edit is not stale
    expect(s.detail().getSnapshot().children.edits.getSnapshot().context.records.o1.version).toBe(2);
    expect(s.loads).toEqual(['o1', 'o1']);
    // and the navigation totals are counted again (after the count of the screen's opening, with its scope)
    await vi.waitFor(() => expect(s.refreshes).toHaveLength(2));
    expect(s.refreshes[0].scope).toMatchObject({ kind: 'orders', filters: { startDate: null, endDate: null } });
    expect(s.refreshes[1]).toEqual({ type: 'counts.refresh' });
  });

  it('a link reported by the tour actions shows in the open panel at once (Unlink offered) and in its activity', async () => {
    const s = start();
    await openFirst(s);
    const linked = { ...o1, tour: { id: 't1', displayId: 'T-000001' }, version: 2 };
    s.records.o1 = orderDetail({ ...linked, eventLogs: [logged('LINK', 'e-link')] });

    s.screen.send({ type: 'tours.changed', orderIds: ['o1'], rows: [linked] });
    await waitFor(s.detail(), (d) => d.context.record.eventLogs.length === 1);

    expect(s.detail().getSnapshot().context.record.tour).toEqual({ id: 't1', displayId: 'T-000001' });
    expect(s.detail().getSnapshot().can({ type: 'detail.unlink', orderId: 'o1' })).toBe(true);
    expect(s.list().find((i) => i.id === 'o1')).toMatchObject({ tour: { id: 't1' }, version: 2 });
  });

  it('deleting the open order takes it out of the list, the selection and the panel; Undo brings it back', async () => {
    const s = start();
    await openFirst(s);
    s.selection().send({ type: 'selection.click', id: 'o2', mode: 'toggle' });
    expect(s.selection().getSnapshot().context.ids).toEqual(['o1', 'o2']);
    const remover: AnyActorRef = s.detail().getSnapshot().children.remover;
    const toasts: NotifyEvent[] = [];
    remover.on('notify', (n: NotifyEvent) => toasts.push(n));

    s.detail().send({ type: 'detail.delete' });
    remover.send({ type: 'delete.confirm' });
    await waitFor(s.detail(), (d) => d.matches('closed'));
    const refreshed = s.refreshes.length;

    expect(s.list().map((i) => i.id)).toEqual(['o2']);
    expect(s.selection().getSnapshot().context).toMatchObject({ ids: ['o2'], openId: null });
    // with o2 alone selected, the bulk move and the tour actions act on it alone
    expect(s.child('bulkStatus').getSnapshot().context.selected).toEqual([
      { id: 'o2', version: 5, statusV2: o2.statusV2, displayId: 'VN-2' },
    ]);
    expect(s.child('tourActions').getSnapshot().context.ids).toEqual(['o2']);

    // the toast's Undo: restored, the list loads it again and the totals count it again
    expect(toasts.map((t) => [t.message, t.action?.label])).toEqual([['Order VN-1 deleted', 'Undo']]);
    remover.send(toasts[0].action!.event);
    await waitFor(s.child('list'), (l) => l.context.items.length === 2);
    expect(s.list().map((i) => i.id)).toEqual(['o1', 'o2']);
    expect(toasts.at(-1)?.message).toBe('Order VN-1 restored');
    await new Promise((r) => setTimeout(r, 0));
    expect(s.refreshes.length).toBeGreaterThan(refreshed);
  });

  it('an edit in the panel patches the list row at once', async () => {
    const s = start();
    await openFirst(s);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const edits = s.detail().getSnapshot().children.edits;
    edits.send({ type: 'order.edit', id: 'o1', change: { field: 'departureTime', time: '10:15' } });
    expect(s.list().find((i) => i.id === 'o1')?.departureAt).toBe('2026-03-10T03:15:00.000Z');
    expect(s.detail().getSnapshot().context.record.departureAt).toBe('2026-03-10T03:15:00.000Z');
  });
});
