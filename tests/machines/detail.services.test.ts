import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import type { CommentBoxActorRef } from '../../src/machines/comment-box/selectors';
import type { NotifyEvent } from '../../src/machines/notify';
import type { OrderEditEvent } from '../../src/machines/order-edit-history/order-edit-history.machine';
import { comment, flush, orderDetail, tourDetail, TZ } from './panel-fakes';
import { underParent } from './shared-fakes';

/** The panel of each kind with its real services; the one client answers from a queue and records the requests. */
const answers: Array<() => Response> = [];
const requests: Request[] = [];
vi.mock('../../src/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/api/client')>();
  const fetch = async (request: Request) => {
    requests.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected ${request.method} ${request.url}`);
    return answer();
  };
  return { ...original, api: original.createApiClient({ baseUrl: 'http://test', fetch }) };
});
const { detailMachines } = await import('../../src/machines/detail/kinds');

const json = (status: number, body: unknown) => () =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const asked = () => requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);
const settled = async () => {
  for (let i = 0; i < 4; i++) await flush();
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  answers.length = 0;
  requests.length = 0;
});
afterEach(() => vi.restoreAllMocks());

describe.each([
  ['orders', orderDetail(), '/api/v1/orders/o1'],
  ['tours', tourDetail(), '/api/v1/tours/t1'],
] as const)('the %s panel', (kind, record, path) => {
  it('loads, comments on and deletes through its kind of record', async () => {
    const commented = { ...record, eventLogs: [comment('Pickup at 7')], comments: [comment('Pickup at 7')] };
    // the saved comment brings the record's activity again (a refresh started before it would miss it)
    answers.push(json(200, record), json(201, comment('Pickup at 7')), json(200, commented), json(204, null));
    const panel = underParent(detailMachines[kind], { kind, userId: 'u1', timezone: TZ, role: 'EDITOR' });
    panel.child.send({ type: 'detail.open', id: record.id });
    await settled();
    expect(panel.child.getSnapshot().context.record).toEqual(record);
    const box = panel.child.getSnapshot().children.comment as CommentBoxActorRef;
    box.send({ type: 'comment.change', text: 'Pickup at 7' });
    box.send({ type: 'comment.submit' });
    await settled();
    expect(panel.child.getSnapshot().context.record?.comments).toEqual([comment('Pickup at 7')]);
    panel.child.send({ type: 'detail.delete' });
    (panel.child.getSnapshot().children.remover as AnyActorRef).send({ type: 'delete.confirm' });
    await settled();
    expect(asked()).toEqual([`GET ${path}`, `POST ${path}/comments`, `GET ${path}`, `DELETE ${path}`]);
    expect(await requests[1].json()).toEqual({ comment: 'Pickup at 7' });
    expect(panel.reports).toEqual([{ type: 'detail.removed', id: record.id, deleted: true }]);
    // Undo restores it through its kind's operation
    answers.push(json(200, record));
    (panel.child.getSnapshot().children.remover as AnyActorRef).send({
      type: 'delete.undo',
      record: { kind: kind === 'orders' ? 'order' : 'tour', id: record.id, displayId: record.displayId },
    });
    await settled();
    expect(asked().at(-1)).toBe(`POST ${path}/restore`);
    expect(panel.reports.at(-1)).toEqual({ type: 'detail.restored', id: record.id });
    panel.stop();
  });

  it('a 404 on open is reported gone and toasted', async () => {
    answers.push(json(404, { error: 'NOT_FOUND', message: 'gone' }));
    const panel = underParent(detailMachines[kind], { kind, userId: 'u1', timezone: TZ, role: 'EDITOR' });
    const notices: string[] = [];
    panel.child.on('notify', (n) => notices.push(n.message));
    panel.child.send({ type: 'detail.open', id: record.id });
    await settled();
    expect(asked()).toEqual([`GET ${path}`]);
    expect(notices).toEqual([kind === 'orders' ? 'Order not found' : 'Tour not found']);
    expect(panel.reports).toEqual([{ type: 'detail.removed', id: record.id, deleted: false }]);
    panel.stop();
  });
});

describe('the orders panel, its order deleted elsewhere while edited', () => {
  it('the save, the reload and the refresh answer 404: the panel closes, says so once, and opens the next order', async () => {
    const notFound = json(404, { error: 'NOT_FOUND', message: 'Order not found' });
    answers.push(json(200, orderDetail()), notFound, notFound, notFound);
    const panel = underParent(detailMachines.orders, { kind: 'orders', userId: 'u1', timezone: TZ, role: 'EDITOR' });
    const notices: string[] = [];
    const toast = (n: NotifyEvent) => notices.push(n.message);
    panel.child.on('notify', toast);
    panel.child.send({ type: 'detail.open', id: 'o1' });
    await settled();
    const edits: AnyActorRef = panel.child.getSnapshot().children.edits!;
    edits.on('notify', toast);
    edits.send({
      type: 'order.edit',
      id: 'o1',
      change: { field: 'price', priceType: 'ADULT', amount: 60 },
    } satisfies OrderEditEvent);
    await settled();
    // the load; the write and the panel's activity (both at once, either first); the reload after the failed write
    const [load, ...rest] = asked();
    expect(load).toBe('GET /api/v1/orders/o1');
    expect(rest.slice(0, 2).sort()).toEqual(['GET /api/v1/orders/o1', 'PUT /api/v1/orders/batch']);
    expect(rest.slice(2)).toEqual(['GET /api/v1/orders/o1']);
    expect(panel.child.getSnapshot().status).toBe('active');
    expect(panel.child.getSnapshot().value).toBe('closed');
    expect(panel.reports).toEqual([
      { type: 'detail.edited', rows: [expect.objectContaining({ id: 'o1' })] },
      { type: 'detail.removed', id: 'o1', deleted: false },
    ]);
    expect(notices).toEqual(['Failed to update order', 'Order not found']);

    const next = orderDetail({ id: 'o2' });
    answers.push(json(200, next));
    panel.child.send({ type: 'detail.open', id: 'o2' });
    await settled();
    expect(panel.child.getSnapshot().context.record).toEqual(next);
    panel.stop();
  });
});
