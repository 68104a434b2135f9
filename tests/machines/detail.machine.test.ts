import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { commentBoxMachine } from '../../src/machines/comment-box/comment-box.machine';
import { selectCanSend } from '../../src/machines/comment-box/selectors';
import { detailMachines } from '../../src/machines/detail/kinds';
import type { ListKind } from '../../src/machines/list/types';
import type { NotifyEvent } from '../../src/machines/notify';
import { orderEditHistoryMachine } from '../../src/machines/order-edit-history/order-edit-history.machine';
import { recordDeleteMachines } from '../../src/machines/record-delete/record-delete.machine';
import { tourEditMachine } from '../../src/machines/tour-edit/tour-edit.machine';
import type { Role } from '../../src/domain/statuses';
import { comment, deferredServices, flush, logged, order, orderDetail, tour, tourDetail, TZ } from './panel-fakes';
import { underParent } from './shared-fakes';

/**
 * The side panel: loading (latest open wins), not found, its comment box, unlink, delete, and
 * staying true (patches from the screen, edits from its edit child, activity brought again from the
 * server). It runs under a stand-in screen: what it reports is what the screen routes to the list,
 * the selection and the totals; `notices` are the toasts of the panel and of its edit child.
 */
function start(kind: ListKind, userId: string | null = 'u1', role: Role = 'EDITOR') {
  const services = deferredServices();
  const logic = detailMachines[kind].provide({
    actors: {
      loadRecord: services.logic(),
      comment: commentBoxMachine.provide({ actors: { addComment: services.logic() } }),
      unlinkOrder: services.logic(),
      remover: recordDeleteMachines[kind].provide({
        actors: { deleteRecord: services.logic(), restoreRecord: services.logic() },
      }),
      orderEdits: orderEditHistoryMachine.provide({
        actors: { updateOrders: services.logic(), getOrder: services.logic() },
      }),
      tourEdits: tourEditMachine.provide({ actors: { updateTours: services.logic(), getTour: services.logic() } }),
    },
  });
  const screen = underParent(logic, { kind, userId, timezone: TZ, role });
  const actor = screen.child;
  // the screen toasts what the panel and its edit child emit, the child it has now (ActorTreeNotifications)
  const notices: string[] = [];
  const panelNotices: string[] = [];
  const toast = (n: NotifyEvent) => notices.push(n.message);
  actor.on('notify', (n) => {
    panelNotices.push(n.message);
    toast(n);
  });
  let edits: { ref: AnyActorRef; subscription: { unsubscribe(): void } } | null = null;
  const followEdits = () => {
    const ref: AnyActorRef | undefined = actor.getSnapshot().children.edits;
    if (!ref || ref === edits?.ref) return;
    edits?.subscription.unsubscribe();
    edits = { ref, subscription: ref.on('notify', toast) };
  };
  followEdits();
  actor.subscribe(followEdits);
  const removerNotices: NotifyEvent[] = [];
  (actor.getSnapshot().children.remover as AnyActorRef).on('notify', (n: NotifyEvent) => {
    removerNotices.push(n);
    toast(n);
  });
  const settle = async (id: string, outcome: { output: unknown } | { error: unknown }) => {
    services.settle(id, outcome);
    await flush();
  };
  const callsOf = (id: string) => services.calls.filter((c) => c.id === id).map((c) => c.input);
  return {
    actor,
    services,
    notices,
    panelNotices,
    removerNotices,
    settle,
    callsOf,
    reports: screen.reports,
    reportsOf: screen.reportsOf,
  };
}

/** Opens a record and answers its load. */
async function opened(
  kind: ListKind,
  record = kind === 'orders' ? orderDetail() : tourDetail(),
  role: Role = 'EDITOR',
) {
  const panel = start(kind, 'u1', role);
  panel.actor.send({ type: 'detail.open', id: record.id });
  await panel.settle('loadRecord', { output: { found: true, record } });
  return panel;
}

/** The panel's edit child of each kind. */
type Panel = ReturnType<typeof start>['actor'];
const orderEdits = (actor: Panel) => actor.getSnapshot().children.edits as ActorRefFrom<typeof orderEditHistoryMachine>;
const tourEdits = (actor: Panel) => actor.getSnapshot().children.edits as ActorRefFrom<typeof tourEditMachine>;
/** The comment box of the record shown. */
const commentBox = (actor: Panel) => actor.getSnapshot().children.comment as ActorRefFrom<typeof commentBoxMachine>;
const PRICE_60 = { field: 'price', priceType: 'ADULT', amount: 60 } as const;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('detail', () => {
  it('loads the opened order; a newer open cancels the older load', async () => {
    const { actor, services, settle, callsOf } = start('orders');
    actor.send({ type: 'detail.open', id: 'o1' });
    actor.send({ type: 'detail.open', id: 'o2' });
    expect(callsOf('loadRecord')).toEqual([{ id: 'o1' }, { id: 'o2' }]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle('loadRecord', { output: { found: true, record: orderDetail({ id: 'o2' }) } });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.record?.id).toBe('o2');
    expect(services.running()).toEqual([]);
    // the edit actor knows the record it edits
    expect(Object.keys(orderEdits(actor).getSnapshot().context.records)).toEqual(['o2']);
  });

  it('spawns the edit actor of its kind', async () => {
    const { actor } = await opened('tours');
    expect(Object.keys(tourEdits(actor).getSnapshot().context.records)).toEqual(['t1']);
  });

  it.each([
    ['orders', 'Order not found'],
    ['tours', 'Tour not found'],
  ] as const)('a %s id that no longer exists: %s, and it is reported gone (not deleted)', async (kind, message) => {
    const { actor, notices, reports, settle } = start(kind);
    actor.send({ type: 'detail.open', id: 'gone' });
    await settle('loadRecord', { output: { found: false } });
    expect(notices).toEqual([message]);
    expect(reports).toEqual([{ type: 'detail.removed', id: 'gone', deleted: false }]);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.record).toBeNull();
  });

  it('any other load failure shows the failed state without a toast; opening again retries', async () => {
    const { actor, notices, reports, settle, callsOf } = start('orders');
    actor.send({ type: 'detail.open', id: 'o1' });
    await settle('loadRecord', { output: null });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'detail.open', id: 'o1' });
    await settle('loadRecord', { error: new Error('offline') });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(console.error).toHaveBeenCalled();
    expect(notices).toEqual([]);
    expect(reports).toEqual([]);
    actor.send({ type: 'detail.open', id: 'o1' });
    await settle('loadRecord', { output: { found: true, record: orderDetail() } });
    expect(callsOf('loadRecord')).toHaveLength(3);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('closing forgets the record', async () => {
    const { actor } = await opened('orders');
    actor.send({ type: 'detail.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.record).toBeNull();
  });

  it.each(['orders', 'tours'] as const)(
    "the %s panel's comment box comments on the record shown; the saved comment shows in its activity",
    async (kind) => {
      const { actor, callsOf, reports, settle } = await opened(kind);
      const box = commentBox(actor);
      box.send({ type: 'comment.change', text: ' Guest is vegetarian ' });
      box.send({ type: 'comment.submit' });
      expect(callsOf('addComment')).toEqual([{ id: kind === 'orders' ? 'o1' : 't1', text: 'Guest is vegetarian' }]);
      await settle('addComment', { output: comment('Guest is vegetarian') });
      const record = actor.getSnapshot().context.record;
      expect(record?.eventLogs.map((e) => e.comment)).toEqual(['Guest is vegetarian']);
      expect(record?.comments.map((e) => e.comment)).toEqual(['Guest is vegetarian']);
      expect(box.getSnapshot().context.draft).toBe('');
      // a comment changes no list field: nothing goes to the screen
      expect(reports).toEqual([]);
    },
  );

  it('comments need a signed-in user', async () => {
    const { actor, callsOf, settle } = start('orders', null);
    actor.send({ type: 'detail.open', id: 'o1' });
    await settle('loadRecord', { output: { found: true, record: orderDetail() } });
    const box = commentBox(actor);
    box.send({ type: 'comment.change', text: 'hi' });
    expect(selectCanSend(box.getSnapshot())).toBe(false);
    box.send({ type: 'comment.submit' });
    expect(callsOf('addComment')).toEqual([]);
  });

  it('a failed comment keeps its draft and says so in an error toast; the panel is unchanged', async () => {
    const { actor, reports, settle } = await opened('orders');
    const box = commentBox(actor);
    const toasts: NotifyEvent[] = [];
    box.on('notify', (n) => toasts.push(n));
    box.send({ type: 'comment.change', text: 'x' });
    box.send({ type: 'comment.submit' });
    await settle('addComment', { error: new Error('500') });
    expect(box.getSnapshot().context).toMatchObject({ draft: 'x' });
    expect(toasts).toEqual([{ type: 'notify', kind: 'error', message: 'The comment could not be saved' }]);
    expect(box.getSnapshot().can({ type: 'comment.submit' })).toBe(true);
    expect(actor.getSnapshot().matches({ ready: { action: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.record).toMatchObject({ id: 'o1', eventLogs: [], comments: [] });
    expect(reports).toEqual([]);
  });

  it('another record gets a new comment box: a draft never goes to another record', async () => {
    const { actor, callsOf, settle } = await opened('orders');
    const first = commentBox(actor);
    first.send({ type: 'comment.change', text: 'For o1' });
    actor.send({ type: 'detail.open', id: 'o2' });
    expect(first.getSnapshot().status).toBe('stopped');
    await settle('loadRecord', { output: { found: true, record: orderDetail({ id: 'o2' }) } });
    const second = commentBox(actor);
    expect(second.getSnapshot().context.draft).toBe('');
    second.send({ type: 'comment.change', text: 'For o2' });
    second.send({ type: 'comment.submit' });
    expect(callsOf('addComment')).toEqual([{ id: 'o2', text: 'For o2' }]);
  });

  it('unlinks an order from its tour: reports the row and brings its activity again', async () => {
    const { actor, callsOf, reports, settle, panelNotices } = await opened(
      'orders',
      orderDetail({ tour: { id: 't1', displayId: 'G-1' } }),
    );
    expect(actor.getSnapshot().can({ type: 'detail.unlink', orderId: 'o2' })).toBe(false);
    actor.send({ type: 'detail.unlink', orderId: 'o1' });
    expect(callsOf('unlinkOrder')).toEqual([{ tourId: 't1', orderId: 'o1' }]);
    await settle('unlinkOrder', { output: tour({ orderCount: 0 }) });
    expect(actor.getSnapshot().context.record).toMatchObject({ tour: null });
    expect(reports).toEqual([{ type: 'detail.unlinked', rows: [{ id: 'o1', tour: null }] }]);
    // unlinking says so
    expect(panelNotices).toEqual(['JP-0001 unlinked from G-0001']);
    expect(callsOf('refreshRecord')).toEqual([{ id: 'o1' }]);
    await settle('refreshRecord', {
      output: { found: true, record: orderDetail({ tour: null, eventLogs: [logged('UNLINK', 'e7')] }) },
    });
    expect(actor.getSnapshot().context.record).toMatchObject({ tour: null, eventLogs: [{ id: 'e7' }] });
    expect(actor.getSnapshot().matches({ ready: { activity: 'current' } })).toBe(true);
  });

  it("unlinks one of a tour's orders; a failed unlink only says so", async () => {
    const { actor, reports, settle, callsOf, panelNotices } = await opened('tours');
    expect(actor.getSnapshot().can({ type: 'detail.unlink', orderId: 'nope' })).toBe(false);
    actor.send({ type: 'detail.unlink', orderId: 'o1' });
    expect(callsOf('unlinkOrder')).toEqual([{ tourId: 't1', orderId: 'o1' }]);
    await settle('unlinkOrder', { output: null });
    expect(actor.getSnapshot().context.error).toBe('The order could not be unlinked');
    expect(reports).toEqual([]);
    expect(callsOf('refreshRecord')).toEqual([]);
    actor.send({ type: 'detail.unlink', orderId: 'o1' });
    const after = tour({ orderCount: 0, version: 5 });
    await settle('unlinkOrder', { output: after });
    expect(actor.getSnapshot().context.record).toMatchObject({ orders: [], orderCount: 0, version: 5 });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(reports).toEqual([{ type: 'detail.unlinked', rows: [after, { id: 'o1', tour: null }] }]);
    expect(panelNotices).toEqual(['JP-0001 unlinked from G-0001']);
    expect(callsOf('refreshRecord')).toEqual([{ id: 't1' }]);
  });

  it('asks its remover, which deletes after a confirmation naming the record (cancel keeps it); Undo restores it', async () => {
    const { actor, reports, settle, callsOf, removerNotices } = await opened('tours');
    const remover = actor.getSnapshot().children.remover as ActorRefFrom<typeof recordDeleteMachines.tours>;
    actor.send({ type: 'detail.delete' });
    expect(remover.getSnapshot().matches({ remove: 'confirming' })).toBe(true);
    expect(remover.getSnapshot().context.target).toEqual({
      id: 't1',
      displayId: 'G-0001',
      name: 'Morning walk',
      orderCount: 1,
    });
    remover.send({ type: 'delete.cancel' });
    expect(callsOf('deleteRecord')).toEqual([]);
    actor.send({ type: 'detail.delete' });
    remover.send({ type: 'delete.confirm' });
    expect(callsOf('deleteRecord')).toEqual([{ id: 't1' }]);
    await settle('deleteRecord', { output: undefined });
    expect(reports).toEqual([{ type: 'detail.removed', id: 't1', deleted: true }]);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.record).toBeNull();
    const record = { kind: 'tour', id: 't1', displayId: 'G-0001' } as const;
    expect(removerNotices).toEqual([
      {
        type: 'notify',
        kind: 'success',
        message: 'Tour G-0001 deleted',
        action: { label: 'Undo', event: { type: 'delete.undo', record } },
      },
    ]);
    // the toast's Undo, after the panel closed
    remover.send(removerNotices[0].action!.event as { type: 'delete.undo'; record: typeof record });
    expect(callsOf('restoreRecord')).toEqual([record]);
    await settle('restoreRecord', { output: record });
    expect(reports.at(-1)).toEqual({ type: 'detail.restored', id: 't1' });
    expect(removerNotices.at(-1)).toEqual({ type: 'notify', kind: 'success', message: 'Tour G-0001 restored' });
  });

  it('a failed delete keeps the record and says so', async () => {
    const { actor, reports, settle, notices } = await opened('orders');
    actor.send({ type: 'detail.delete' });
    (actor.getSnapshot().children.remover as AnyActorRef).send({ type: 'delete.confirm' });
    await settle('deleteRecord', { error: new Error('500') });
    expect(notices).toEqual(['The order could not be deleted']);
    expect(actor.getSnapshot().context.record?.id).toBe('o1');
    expect(reports).toEqual([]);
  });

  it('a MEMBER is never asked: the remover does not delete for that role', async () => {
    const { actor, callsOf } = await opened('orders', orderDetail(), 'MEMBER');
    const remover = actor.getSnapshot().children.remover as AnyActorRef;
    expect(remover.getSnapshot().context.allowed).toBe(false);
    actor.send({ type: 'detail.delete' });
    expect(remover.getSnapshot().matches({ remove: 'idle' })).toBe(true);
    remover.send({ type: 'delete.confirm' });
    expect(callsOf('deleteRecord')).toEqual([]);
  });
});

describe('detail stays true', () => {
  it('a patch of the record shown merges its fields, tells the edit actor, and brings the activity again', async () => {
    const { actor, callsOf, reports, settle } = await opened(
      'orders',
      orderDetail({ eventLogs: [logged('CREATE', 'e1')] }),
    );
    actor.send({ type: 'detail.patch', rows: [{ id: 'o1', statusV2: 'arranged', version: 2 }] });
    expect(actor.getSnapshot().context.record).toMatchObject({
      id: 'o1',
      statusV2: 'arranged',
      version: 2,
      eventLogs: [{ id: 'e1' }],
    });
    // its next edit is written with the version the patch brought
    expect(orderEdits(actor).getSnapshot().context.records.o1).toMatchObject({
      statusV2: 'arranged',
      version: 2,
    });
    expect(actor.getSnapshot().matches({ ready: { activity: 'refreshing' } })).toBe(true);
    expect(callsOf('refreshRecord')).toEqual([{ id: 'o1' }]);
    // the server's activity replaces the log; the fields stay as shown
    await settle('refreshRecord', {
      output: {
        found: true,
        record: orderDetail({ statusV2: 'new', eventLogs: [logged('CREATE', 'e1'), logged('STATUS', 'e2')] }),
      },
    });
    expect(actor.getSnapshot().context.record).toMatchObject({
      statusV2: 'arranged',
      version: 2,
      eventLogs: [{ id: 'e1' }, { id: 'e2' }],
    });
    expect(actor.getSnapshot().matches({ ready: { activity: 'current' } })).toBe(true);
    // a patch is the screen's news: nothing goes back to it
    expect(reports).toEqual([]);
  });

  it('a change while the activity is being brought starts it again: the newest answer shows', async () => {
    const { actor, callsOf, settle } = await opened('orders');
    actor.send({ type: 'detail.patch', rows: [{ id: 'o1', statusV2: 'pending' }] });
    actor.send({ type: 'detail.patch', rows: [{ id: 'o1', statusV2: 'arranged' }] });
    expect(callsOf('refreshRecord')).toEqual([{ id: 'o1' }, { id: 'o1' }]);
    await settle('refreshRecord', {
      output: { found: true, record: orderDetail({ eventLogs: [logged('STATUS', 'e2'), logged('STATUS', 'e3')] }) },
    });
    expect(actor.getSnapshot().context.record).toMatchObject({ statusV2: 'arranged', eventLogs: [{}, { id: 'e3' }] });
    expect(actor.getSnapshot().matches({ ready: { activity: 'current' } })).toBe(true);
  });

  it("a tour's refreshed activity brings its linked orders too", async () => {
    const { actor, settle } = await opened('tours');
    actor.send({ type: 'detail.patch', rows: [{ id: 't1', orderCount: 2 }] });
    const linked = [order({ tour: { id: 't1', displayId: 'G-0001' } }), order({ id: 'o2' })];
    await settle('refreshRecord', { output: { found: true, record: tourDetail({ orders: linked, orderCount: 2 }) } });
    expect(actor.getSnapshot().context.record).toMatchObject({ orderCount: 2, orders: [{ id: 'o1' }, { id: 'o2' }] });
  });

  it('ignores patches of other records, and patches while nothing is shown', async () => {
    const { actor, callsOf } = await opened('orders');
    actor.send({ type: 'detail.patch', rows: [{ id: 'other', language: 'German' }] });
    expect(actor.getSnapshot().context.record).toMatchObject({ id: 'o1', language: 'English' });
    expect(callsOf('refreshRecord')).toEqual([]);
    actor.send({ type: 'detail.close' });
    actor.send({ type: 'detail.patch', rows: [{ id: 'o1', language: 'German' }] });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(callsOf('refreshRecord')).toEqual([]);
  });

  it('a failed refresh keeps what is shown', async () => {
    const { actor, settle } = await opened('orders');
    actor.send({ type: 'detail.patch', rows: [{ id: 'o1', language: 'French' }] });
    await settle('refreshRecord', { error: new Error('offline') });
    expect(actor.getSnapshot().context.record).toMatchObject({ language: 'French', eventLogs: [] });
    expect(actor.getSnapshot().matches({ ready: { activity: 'current' } })).toBe(true);
    expect(console.error).toHaveBeenCalled();
  });

  it('an edit shows at once and is reported; once saved it is reported again and the activity brought again', async () => {
    const { actor, callsOf, reportsOf, settle } = await opened('orders');
    orderEdits(actor).send({
      type: 'order.edit',
      id: 'o1',
      change: { field: 'departureTime', time: '18:45' },
    });
    const typed = { departureAt: '2026-03-10T09:45:00.000Z' };
    expect(actor.getSnapshot().context.record).toMatchObject(typed);
    expect(reportsOf('detail.edited')).toEqual([
      { type: 'detail.edited', rows: [expect.objectContaining({ id: 'o1', ...typed })] },
    ]);
    expect(callsOf('refreshRecord')).toEqual([{ id: 'o1' }]);
    await settle('refreshRecord', { output: { found: true, record: orderDetail() } });
    // the edit is not saved yet: the panel keeps what was typed over the server's fields
    expect(actor.getSnapshot().context.record).toMatchObject(typed);

    await settle('updateOrders', { output: { status: 'saved', records: [order({ ...typed, version: 2 })] } });
    expect(reportsOf('detail.edited')).toHaveLength(2);
    expect(reportsOf('detail.edited')[1]).toEqual({
      type: 'detail.edited',
      rows: [expect.objectContaining({ id: 'o1', ...typed, version: 2 })],
    });
    expect(callsOf('refreshRecord')).toEqual([{ id: 'o1' }, { id: 'o1' }]);
    await settle('refreshRecord', {
      output: { found: true, record: orderDetail({ ...typed, version: 2, eventLogs: [logged('EDIT', 'e9')] }) },
    });
    expect(actor.getSnapshot().context.record).toMatchObject({ ...typed, version: 2, eventLogs: [{ id: 'e9' }] });
  });

  it('a saved tour edit is reported and brings the activity again', async () => {
    const { actor, callsOf, reportsOf, settle } = await opened('tours');
    tourEdits(actor).send({
      type: 'tour.edit',
      changes: [{ id: 't1', change: { field: 'displayName', value: 'Evening walk' } }],
    });
    await settle('refreshRecord', { output: { found: true, record: tourDetail() } });
    await settle('updateTours', {
      output: { status: 'saved', records: [tour({ displayName: 'Evening walk', version: 5 })] },
    });
    expect(reportsOf('detail.edited').map((r) => r.rows)).toEqual([
      [expect.objectContaining({ id: 't1', displayName: 'Evening walk', version: 4 })],
      [expect.objectContaining({ id: 't1', displayName: 'Evening walk', version: 5 })],
    ]);
    expect(callsOf('refreshRecord')).toHaveLength(2);
    expect(actor.getSnapshot().context.record).toMatchObject({ displayName: 'Evening walk', version: 5 });
  });

  it('an edit saving after the panel closed still reaches the screen', async () => {
    const { actor, callsOf, reportsOf, settle } = await opened('orders');
    orderEdits(actor).send({ type: 'order.edit', id: 'o1', change: PRICE_60 });
    actor.send({ type: 'detail.close' });
    await settle('updateOrders', {
      output: {
        status: 'saved',
        records: [order({ prices: [{ type: 'ADULT', amount: 60, currency: 'USD' }], version: 2 })],
      },
    });
    const prices = [{ type: 'ADULT', amount: 60, currency: 'USD' }];
    expect(reportsOf('detail.edited').map((r) => r.rows)).toEqual([
      [expect.objectContaining({ prices, version: 1 })],
      [expect.objectContaining({ prices, version: 2 })],
    ]);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(callsOf('refreshRecord')).toEqual([{ id: 'o1' }]);
  });

  it('an edit while a comment saves does not cancel the comment', async () => {
    const { actor, services, settle, callsOf } = await opened('orders');
    const box = commentBox(actor);
    box.send({ type: 'comment.change', text: 'Late pickup' });
    box.send({ type: 'comment.submit' });
    actor.send({ type: 'detail.patch', rows: [{ id: 'o1', statusV2: 'pending', version: 2 }] });
    orderEdits(actor).send({ type: 'order.edit', id: 'o1', change: PRICE_60 });
    expect(actor.getSnapshot().matches({ ready: { activity: 'refreshing' } })).toBe(true);
    expect(commentBox(actor)).toBe(box);
    expect(box.getSnapshot().hasTag('saving')).toBe(true);
    expect(services.running()).toContain('addComment');
    // the edit is written with the version the patch brought
    expect(callsOf('updateOrders')).toEqual([
      { orders: [{ id: 'o1', version: 2, prices: [{ type: 'ADULT', amount: 60, currency: 'USD' }] }] },
    ]);
    await settle('addComment', { output: comment('Late pickup') });
    expect(box.getSnapshot().context.draft).toBe('');
    expect(actor.getSnapshot().context.record).toMatchObject({
      prices: [{ type: 'ADULT', amount: 60, currency: 'USD' }],
      statusV2: 'pending',
      eventLogs: [{ comment: 'Late pickup' }],
    });
  });

  // An order deleted elsewhere while edited here: the save, the edit history's reload and the
  // panel's refresh all answer 404, the refresh before or after the reload closed the panel.
  it.each([
    ['after the reload closed the panel', ['getOrder', 'refreshRecord']],
    ['while the order is still shown', ['refreshRecord', 'getOrder']],
  ] as const)(
    'an edited order gone from the server, its refresh answering 404 %s: the panel closes, says so once, and opens again',
    async (_, answers) => {
      const { actor, notices, reports, reportsOf, settle } = await opened('orders');
      orderEdits(actor).send({ type: 'order.edit', id: 'o1', change: PRICE_60 });
      await settle('updateOrders', { error: new Error('404') });
      for (const id of answers) {
        await settle(id, { output: { found: false } });
        expect(actor.getSnapshot().status).toBe('active');
        // a refresh's 404 alone changes nothing: the edit history decides the order is gone
        if (id === 'refreshRecord' && answers[0] === id) {
          expect(actor.getSnapshot().matches({ ready: { activity: 'current' } })).toBe(true);
          expect(actor.getSnapshot().context.record?.id).toBe('o1');
        }
      }
      expect(actor.getSnapshot().value).toBe('closed');
      expect(actor.getSnapshot().context.record).toBeNull();
      expect(reportsOf('detail.removed')).toEqual([{ type: 'detail.removed', id: 'o1', deleted: false }]);
      // the screen hears no error from its panel
      expect(reports.filter((r) => r.type.startsWith('xstate.error'))).toEqual([]);
      // the edit history toasts the 404; the panel does not toast it again
      expect(notices).toEqual(['Failed to update order', 'Order not found']);

      actor.send({ type: 'detail.open', id: 'o2' });
      await settle('loadRecord', { output: { found: true, record: orderDetail({ id: 'o2' }) } });
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      expect(actor.getSnapshot().context.record?.id).toBe('o2');
    },
  );

  it('an edited order gone while another is shown is reported gone; the one shown stays as it is', async () => {
    const { actor, callsOf, panelNotices, reportsOf, settle } = await opened('orders');
    orderEdits(actor).send({ type: 'order.edit', id: 'o1', change: PRICE_60 });
    actor.send({ type: 'detail.open', id: 'o2' });
    await settle('loadRecord', { output: { found: true, record: orderDetail({ id: 'o2', language: 'German' }) } });
    const box = commentBox(actor);
    box.send({ type: 'comment.change', text: 'Half typed' });
    await settle('updateOrders', { error: new Error('404') });
    await settle('getOrder', { output: { found: false } });
    expect(callsOf('getOrder')).toEqual([{ id: 'o1' }]);
    expect(reportsOf('detail.removed')).toEqual([{ type: 'detail.removed', id: 'o1', deleted: false }]);
    // the edit history toasts the 404; the panel adds nothing
    expect(panelNotices).toEqual([]);
    expect(actor.getSnapshot().matches({ ready: { action: 'idle', activity: 'current' } })).toBe(true);
    expect(actor.getSnapshot().context.record).toMatchObject({ id: 'o2', language: 'German' });
    expect(callsOf('refreshRecord')).toEqual([{ id: 'o1' }]);
    expect(commentBox(actor)).toBe(box);
    expect(box.getSnapshot().context.draft).toBe('Half typed');
  });
});
