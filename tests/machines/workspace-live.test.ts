import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  waitFor,
  type ActorRefFrom,
  type AnyActorRef,
} from 'xstate';
import type { Loaded } from '../../src/api/services/details';
import type { CountsInput, ListCounts, PageInput } from '../../src/api/services/lists';
import type { Page } from '../../src/api/services/policy';
import { applyPatch } from '../../src/machines/list/items';
import { detailMachine } from '../../src/machines/detail/detail.machine';
import type { DetailRecord } from '../../src/machines/detail/types';
import { listMachine } from '../../src/machines/list/list.machine';
import type { ListItem, Order } from '../../src/machines/list/types';
import { liveMachine } from '../../src/machines/live/live.machine';
import type { LiveChange } from '../../src/machines/live/types';
import { liveMessages } from '../../src/machines/live/workspace-routes';
import { orderEditHistoryMachine } from '../../src/machines/order-edit-history/order-edit-history.machine';
import { workspaceMachine } from '../../src/machines/workspace/workspace.machine';
import { FILTERS } from './list-fakes';
import { logged, order, orderDetail } from './panel-fakes';

/**
 * The orders screen following the live stream, with its real children and a real live actor (only
 * the services and the stream's connection are fakes): what another operator or a channel changed
 * shows in the list where it belongs, without reloading it, and in the open panel with its activity.
 */
const at = '2026-03-05T00:00:00.000Z';
const o1 = order({ id: 'o1', displayId: 'VN-1', departureAt: '2026-03-10T01:00:00.000Z', version: 1 });
const o2 = order({ id: 'o2', displayId: 'VN-2', departureAt: '2026-03-12T01:00:00.000Z', version: 5 });
const o3 = order({ id: 'o3', displayId: 'VN-3', departureAt: '2026-03-11T01:00:00.000Z', version: 1 });
const ann = { id: 'u2', name: 'Ann' };
const change = (over: Partial<LiveChange>): LiveChange => ({
  topic: 'orders',
  op: 'update',
  ids: [],
  at,
  by: ann,
  ...over,
});

const running: AnyActorRef[] = [];
afterEach(() => {
  running.splice(0).forEach((a) => a.stop());
  vi.restoreAllMocks();
});

function start() {
  const records: Record<string, DetailRecord> = { o1: orderDetail({ ...o1 }), o2: orderDetail({ ...o2 }) };
  const pages: PageInput[] = [];
  const loads: string[] = [];
  const live = createActor(liveMachine.provide({ actors: { stream: fromCallback(() => undefined) } }), {
    input: { teamId: 'vn' },
  }).start();
  const logic = workspaceMachine.provide({
    actors: {
      list: listMachine.provide({
        actors: {
          loadPage: fromPromise<Page<ListItem>, PageInput>(async ({ input }) => {
            pages.push(input);
            return { items: [o1, o2], hasMore: false, nextCursor: null };
          }),
          loadCounts: fromPromise<ListCounts, CountsInput>(async () => ({ daily: [], total: 2 })),
        },
      }),
      detail: detailMachine.provide({
        actors: {
          loadRecord: fromPromise<Loaded<DetailRecord>, { id: string }>(async ({ input }) => {
            loads.push(input.id);
            const record = records[input.id];
            return record ? { found: true, record } : { found: false };
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
      now: Date.parse(at),
      navCounts: null,
      live,
      role: 'EDITOR',
    },
  }).start();
  running.push(screen, live);
  let cursor = 0;
  const push = (c: LiveChange) => live.send({ type: 'live.change', change: c, cursor: String(++cursor) });
  const child = (id: string) => screen.getSnapshot().children[id as 'list'] as unknown as AnyActorRef;
  const ids = () => (child('list').getSnapshot().context.items as ListItem[]).map((i) => i.id);
  return { screen, live, records, pages, loads, push, child, ids };
}

describe('the orders screen follows the live stream', () => {
  it('puts a new order where the sort puts it, patches and removes rows, all without reloading the list', async () => {
    const s = start();
    await waitFor(s.child('list'), (l) => l.context.items.length === 2);
    s.push(change({ op: 'insert', ids: ['o3'], orders: [o3], by: { id: 'channel:k1', name: 'Klook (OCTO)' } }));
    expect(s.ids()).toEqual(['o1', 'o3', 'o2']);
    s.push(change({ ids: ['o2'], orders: [{ ...o2, statusV2: 'pending', version: 6 }] }));
    expect((s.child('list').getSnapshot().context.items as Order[])[2]).toMatchObject({
      statusV2: 'pending',
      version: 6,
    });
    s.push(change({ op: 'delete', ids: ['o1'] }));
    expect(s.ids()).toEqual(['o3', 'o2']);
    // the paging is the same: page 1 was asked for once
    expect(s.pages).toHaveLength(1);
  });

  it('shows the open order’s new fields and brings its activity again', async () => {
    const s = start();
    await waitFor(s.child('list'), (l) => l.context.items.length === 2);
    s.child('selection').send({ type: 'selection.click', id: 'o1', mode: 'replace' });
    await waitFor(s.child('detail'), (d) => d.matches({ ready: { activity: 'current' } }));
    expect(s.loads).toEqual(['o1']);
    s.records.o1 = orderDetail({ ...o1, statusV2: 'pending', version: 2, eventLogs: [logged('STATUS', 'e1')] });
    s.push(change({ ids: ['o1'], orders: [{ ...o1, statusV2: 'pending', version: 2 }] }));
    const detail = await waitFor(
      s.child('detail'),
      (d) => d.matches({ ready: { activity: 'current' } }) && d.context.record.eventLogs.length === 1,
    );
    expect(detail.context.record).toMatchObject({ statusV2: 'pending', version: 2 });
    expect(s.loads).toEqual(['o1', 'o1']);
  });

  it('reloads the list quietly when the rows were left out, or the stream could not resume', async () => {
    const s = start();
    await waitFor(s.child('list'), (l) => l.context.items.length === 2);
    s.push(change({ ids: Array.from({ length: 201 }, (_, i) => `x${i}`), truncated: true }));
    await waitFor(s.child('list'), () => s.pages.length === 2);
    s.live.send({ type: 'live.reset', reason: 'cursor too old' });
    await waitFor(s.child('list'), () => s.pages.length === 3);
    // the rows stayed on screen while page 1 came again
    expect(s.ids()).toEqual(['o1', 'o2']);
  });
});

describe('live rows in a loaded list (applyPatch with insert)', () => {
  const scope = {
    kind: 'orders' as const,
    view: null,
    filters: FILTERS,
    timezone: 'UTC',
    now: new Date(at),
    hasMore: false,
  };
  const march = (id: string, day: number, over: Partial<Order> = {}) =>
    order({ id, departureAt: `2026-03-${String(day).padStart(2, '0')}T09:00:00.000Z`, ...over });
  const loaded = [march('a', 2), march('b', 10), march('c', 20)];

  it('inserts a row that belongs where its sort key puts it; leaves others where they are', () => {
    expect(applyPatch(loaded, [march('n', 11)], scope, true).map((i) => i.id)).toEqual(['a', 'b', 'n', 'c']);
    // newest first
    const desc = { ...scope, filters: { ...FILTERS, sort: 'DEPARTURE_AT_DESC' as const } };
    expect(applyPatch([...loaded].reverse(), [march('n', 11)], desc, true).map((i) => i.id)).toEqual([
      'c',
      'n',
      'b',
      'a',
    ]);
  });

  it('does not insert what the view or filters exclude, what a later page brings, or while searching', () => {
    expect(
      applyPatch(
        loaded,
        [march('n', 11, { ota: 'VIATOR' })],
        { ...scope, filters: { ...FILTERS, ota: 'KLOOK' } },
        true,
      ),
    ).toHaveLength(3);
    expect(
      applyPatch(loaded, [march('n', 11, { statusV2: 'pending' })], { ...scope, view: 'new-added' }, true),
    ).toHaveLength(3);
    expect(applyPatch(loaded, [order({ id: 'n', departureAt: '2026-04-02T09:00:00.000Z' })], scope, true)).toHaveLength(
      3,
    );
    expect(applyPatch(loaded, [march('n', 25)], { ...scope, hasMore: true }, true)).toHaveLength(3);
    expect(
      applyPatch(loaded, [march('n', 11)], { ...scope, filters: { ...FILTERS, search: 'kim' } }, true),
    ).toHaveLength(3);
    // a plain patch (a partial row from this screen) never inserts
    expect(applyPatch(loaded, [march('n', 11)], scope)).toHaveLength(3);
  });

  it('a row that no longer belongs leaves; an updated row moves to its new place', () => {
    const pending = { ...scope, view: 'new-added' };
    expect(applyPatch(loaded, [march('b', 10, { statusV2: 'pending' })], pending, true).map((i) => i.id)).toEqual([
      'a',
      'c',
    ]);
    expect(applyPatch(loaded, [march('a', 15)], scope, true).map((i) => i.id)).toEqual(['b', 'a', 'c']);
  });
});

describe('what the screen tells its children (liveMessages)', () => {
  const orders = { kind: 'orders' as const, openId: 'o1' };
  it('routes a change of its kind to the list, and to the panel when it shows the record', () => {
    expect(liveMessages(orders, change({ ids: ['o1'], orders: [o1] }))).toEqual([
      { to: 'list', event: { type: 'list.patch', rows: [o1], insert: true } },
      { to: 'detail', event: { type: 'detail.patch', rows: [o1], by: ann } },
    ]);
    expect(liveMessages(orders, change({ op: 'delete', ids: ['o1'] }))).toEqual([
      { to: 'list', event: { type: 'list.remove', ids: ['o1'] } },
    ]);
    expect(liveMessages({ ...orders, openId: null }, change({ ids: ['o9'], truncated: true }))).toEqual([
      { to: 'list', event: { type: 'list.refresh' } },
    ]);
    expect(liveMessages(orders, change({ topic: 'tours', ids: ['t1'] }))).toEqual([]);
  });

  it('the open order’s e-mails and the open tour’s orders follow; a reset reloads', () => {
    expect(liveMessages(orders, change({ topic: 'emails', ids: ['o1'] }))).toEqual([
      { to: 'orderEmails', event: { type: 'emails.refresh' } },
      { to: 'detail', event: { type: 'detail.patch', rows: [{ id: 'o1' }], by: undefined } },
    ]);
    const tours = { kind: 'tours' as const, openId: 't1' };
    expect(
      liveMessages(tours, change({ ids: ['o1'], orders: [{ ...o1, tour: { id: 't1', displayId: 'G-1' } }] })),
    ).toEqual([{ to: 'detail', event: { type: 'detail.patch', rows: [{ id: 't1' }], by: undefined } }]);
    expect(liveMessages(orders, null)).toEqual([
      { to: 'list', event: { type: 'list.refresh' } },
      { to: 'detail', event: { type: 'detail.patch', rows: [{ id: 'o1' }], by: undefined } },
    ]);
  });
});

describe('the panel’s order edits, told of a change made elsewhere', () => {
  const edits = () => {
    const parent = createActor(
      createMachine({ invoke: { id: 'edits', src: orderEditHistoryMachine, input: { timezone: 'UTC' } } }),
    );
    parent.start();
    running.push(parent);
    return parent.getSnapshot().children.edits as unknown as ActorRefFrom<typeof orderEditHistoryMachine>;
  };
  const moved = (version: number, departureAt: string) => ({ ...o1, version, departureAt });

  it('notes it under the field being edited and keeps the version the person started from', () => {
    const history = edits();
    history.send({ type: 'order.loaded', order: o1 });
    history.send({ type: 'edit.focus', id: 'o1', field: 'departure' });
    history.send({ type: 'order.loaded', order: moved(2, '2026-03-10T03:15:00.000Z'), by: ann });
    let s = history.getSnapshot().context;
    expect(s.elsewhere).toEqual({ id: 'o1', field: 'departure', message: 'Ann changed Departure time to 03:15' });
    // saving what was typed meets the version check: it was based on version 1
    expect(s.records.o1).toMatchObject({ departureAt: '2026-03-10T03:15:00.000Z', version: 1 });
    history.send({ type: 'edit.blur', id: 'o1', field: 'departure' });
    expect(history.getSnapshot().context.elsewhere).toBeNull();
    // not in the field: the record simply follows, version and all; an unknown changer reads as such
    history.send({ type: 'order.loaded', order: moved(3, '2026-03-10T04:00:00.000Z'), by: null });
    s = history.getSnapshot().context;
    expect([s.elsewhere, s.records.o1.version]).toEqual([null, 3]);
    history.send({ type: 'edit.focus', id: 'o1', field: 'departure' });
    history.send({ type: 'order.loaded', order: moved(4, '2026-03-10T05:00:00.000Z'), by: null });
    expect(history.getSnapshot().context.elsewhere?.message).toBe('Changed elsewhere to 05:00');
    // the person's own write coming back changes no value: no note
    history.send({ type: 'edit.blur', id: 'o1', field: 'departure' });
    history.send({ type: 'edit.focus', id: 'o1', field: 'departure' });
    history.send({ type: 'order.loaded', order: moved(4, '2026-03-10T05:00:00.000Z'), by: { id: 'u1', name: 'Ana' } });
    expect(history.getSnapshot().context.elsewhere).toBeNull();
  });
});
