import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { InboxItem, InboxPageInput } from '../../src/api/services/inbox';
import type { Page } from '../../src/api/services/policy';
import { INBOX_TEXT } from '../../src/domain/inbox';
import { inboxMachine, type InboxEvent } from '../../src/machines/inbox/inbox.machine';
import type { InboxCountsHandle } from '../../src/machines/nav-counts/types';
import type { NotifyEvent } from '../../src/machines/notify';
import { enabledEvents } from './onboarding-harness';
import { allTransitions, modelPaths, replay, type Model, type Path, type Snap } from './model-replay';
import { done, failed, type Synthetic } from './shared-fakes';

/**
 * Model-based: the inbox screen's paths come from the production machine, each replayed on a real
 * actor whose services answer when the path says: the first page and its failure (Retry), open or
 * every item, the next page and its failure, Acknowledge (optimistic) accepted or refused (rolled
 * back), and live changes: one of the inbox (not of another topic) or a reset brings the first
 * page again and merges it in place, at once or once the list is idle. Together the paths take
 * every transition of the machine.
 */
const ME = { id: 'u-1', name: 'Minh Nguyen' };
const item = (id: string, over: Partial<InboxItem> = {}): InboxItem => ({
  id,
  kind: 'AMENDMENT',
  channel: 'KLOOK',
  source: 'OCTO',
  orderId: `o-${id}`,
  orderDisplayId: `VN-${id}`,
  bookingUuid: null,
  reference: `KL-${id}`,
  changes: [{ field: 'adults', from: 2, to: 3 }],
  reason: null,
  errorCode: null,
  request: null,
  createdAt: '2026-11-27T01:00:00.000Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  ...over,
});
const REFUSED = item('i2', {
  kind: 'REFUSED',
  orderId: null,
  orderDisplayId: null,
  changes: null,
  reason: 'Sold out',
  errorCode: 'UNPROCESSABLE_ENTITY',
  request: { productId: 'p1' },
});
const SEEN = item('i0', { acknowledgedAt: '2026-11-26T01:00:00.000Z', acknowledgedBy: { id: 'u-2', name: 'Lan' } });
const OPEN_1: Page<InboxItem> = { items: [item('i1'), REFUSED], hasMore: true, nextCursor: 'c1' };
const OPEN_2: Page<InboxItem> = {
  items: [item('i3', { kind: 'CANCELLATION', reason: 'Weather', createdAt: '2026-11-26T23:00:00.000Z' })],
  hasMore: false,
  nextCursor: null,
};
const ALL: Page<InboxItem> = { items: [item('i1'), REFUSED, SEEN], hasMore: false, nextCursor: null };
// what a live change brings: a new cancellation on top of the first page
const NEW = item('i4', { kind: 'CANCELLATION', reason: 'Flight cancelled', createdAt: '2026-11-27T03:00:00.000Z' });
const FRESH_OPEN: Page<InboxItem> = { items: [NEW, item('i1'), REFUSED], hasMore: true, nextCursor: 'c1' };
const FRESH_ALL: Page<InboxItem> = { items: [NEW, item('i1'), REFUSED, SEEN], hasMore: false, nextCursor: null };
const change = (topic: 'inbox' | 'orders'): InboxEvent => ({
  type: 'live.change',
  change: { topic, op: 'insert', ids: ['i4'], at: '2026-11-27T03:00:00.000Z', by: null },
});
const acknowledged = (i: InboxItem): InboxItem => ({
  ...i,
  acknowledgedAt: '2026-11-27T02:00:00.000Z',
  acknowledgedBy: ME,
});

type Event = InboxEvent | Synthetic;
const GESTURES: Event[] = [
  { type: 'inbox.retry' },
  { type: 'inbox.reload' },
  { type: 'inbox.show', show: 'all' },
  { type: 'inbox.show', show: 'open' },
  { type: 'inbox.more' },
  { type: 'inbox.acknowledge', id: 'i1' },
  { type: 'inbox.acknowledge', id: 'i0' },
  change('inbox'),
  // another topic is not the inbox's business
  change('orders'),
  { type: 'live.reset' },
];

type Ctx = {
  show: 'open' | 'all';
  items: InboxItem[];
  acknowledging: InboxItem | null;
  hasMore: boolean;
  changes: number;
  seen: number;
};
const ctx = (s: Snap) => s.context as unknown as Ctx;

/** The services' answers, as they would come for what is under way. */
function answers(s: Snap): Event[] {
  const c = ctx(s);
  return [
    done('loadInbox', c.show === 'open' ? OPEN_1 : ALL),
    failed('loadInbox'),
    done('loadMore', OPEN_2),
    failed('loadMore'),
    ...(c.acknowledging ? [done('acknowledge', acknowledged(c.acknowledging))] : []),
    failed('acknowledge'),
    done('refreshInbox', c.show === 'open' ? FRESH_OPEN : FRESH_ALL),
    failed('refreshInbox'),
    // the feed failing is logged; the list stays as it is
    failed('liveFeed'),
  ];
}

const received: { type: string }[] = [];
const navCounts = createActor(
  fromCallback<{ type: string }>(({ receive }) => receive((event) => received.push(event))),
).start() as unknown as InboxCountsHandle;

const model: Model<InboxEvent> = {
  machine: inboxMachine,
  input: { teamId: 'team-1', user: ME, navCounts },
  events: (s) => enabledEvents<InboxEvent>([...GESTURES, ...answers(s)])(s as never),
  // what steers the machine: its state, which items show, which are acknowledged, the next page
  key: (s) => {
    const c = ctx(s);
    return {
      value: s.value,
      show: c.show,
      items: c.items.map((i) => `${i.id}${i.acknowledgedAt ? '✓' : ''}`).join(','),
      hasMore: c.hasMore,
      unseen: c.changes > c.seen,
    };
  },
};
const paths = modelPaths(model);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const title = (p: Path) =>
  p.steps
    .slice(1)
    .map((s) => s.event.type.replace('xstate.', ''))
    .join(' → ') || 'initial';

describe('the inbox screen model', () => {
  const taken = new Set<string>();

  it('reaches every state: loading, failed, the list, the next page and acknowledging', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of [
      '"loading"',
      '"failed"',
      '{"ready":{"idle":"current"}}',
      '{"ready":{"idle":"refreshing"}}',
      '{"ready":"loadingMore"}',
      '{"ready":"acknowledging"}',
    ])
      expect(values, v).toContain(v);
  });

  describe.each(paths.map((p) => [title(p), p] as const))('%s', (_, path) => {
    it('replays on a real actor, state by state', async () => {
      const seen = await replay(model, path, (actual, expected, event) => expect(actual, event).toBe(expected));
      seen.forEach((t) => taken.add(t));
    });
  });

  it('took every transition of the machine on the way', () => {
    expect([...taken].sort()).toEqual([...new Set(allTransitions(inboxMachine.root))].sort());
  });
});

describe('the inbox screen, what the paths keep', () => {
  const events = (p: Path) => p.steps.map((s) => s.event.type);
  const ending = (predicate: (p: Path) => boolean) => paths.find(predicate)!;

  it('acknowledging shows the item acknowledged by the person at once, before the server answers', () => {
    const p = ending((x) => events(x).at(-1) === 'inbox.acknowledge');
    const shown = ctx(p.state).items.find((i) => i.id === 'i1')!;
    expect(shown.acknowledgedBy).toEqual(ME);
    expect(shown.acknowledgedAt).not.toBeNull();
    // an item acknowledged already takes no second acknowledgement
    expect((p.state as unknown as { can: (e: unknown) => boolean }).can({ type: 'inbox.acknowledge', id: 'i0' })).toBe(
      false,
    );
  });

  it('a refused acknowledgement puts the item back as it was', () => {
    const p = ending((x) => events(x).at(-1) === 'xstate.error.actor.acknowledge');
    expect(ctx(p.state).items.find((i) => i.id === 'i1')).toEqual(item('i1'));
    expect(ctx(p.state).acknowledging).toBeNull();
  });

  it('a live change puts the new item on top and keeps the page loaded below', () => {
    const merged = paths.filter(
      (x) =>
        events(x).at(-1) === 'xstate.done.actor.refreshInbox' &&
        events(x).includes('xstate.done.actor.loadMore') &&
        ctx(x.state).show === 'open',
    );
    expect(merged.length).toBeGreaterThan(0);
    for (const p of merged) expect(ctx(p.state).items.map((i) => i.id)).toEqual(['i4', 'i1', 'i2', 'i3']);
  });

  it("another topic's change asks for nothing; the inbox's own, once", async () => {
    let asked = 0;
    const logic = inboxMachine.provide({
      actors: {
        listInbox: fromPromise<Page<InboxItem>, InboxPageInput>(async () => (++asked > 1 ? FRESH_OPEN : OPEN_1)),
      },
    });
    const actor = createActor(logic, { input: { teamId: 'team-1', user: ME, navCounts } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));
    actor.send(change('orders'));
    await new Promise((r) => setTimeout(r, 10));
    expect(asked).toBe(1);
    actor.send(change('inbox'));
    await vi.waitFor(() => expect(actor.getSnapshot().context.items[0].id).toBe('i4'));
    expect(asked).toBe(2);
    actor.stop();
  });

  it('the next page follows the first, and the list shows open or all items as asked', () => {
    const more = ending((x) => events(x).at(-1) === 'xstate.done.actor.loadMore');
    expect(ctx(more.state).items.map((i) => i.id)).toEqual(['i1', 'i2', 'i3']);
    expect(ctx(more.state).hasMore).toBe(false);
    const all = ending((x) => ctx(x.state).show === 'all' && events(x).at(-1) === 'xstate.done.actor.loadInbox');
    expect(ctx(all.state).items.map((i) => i.id)).toEqual(['i1', 'i2', 'i0']);
  });
});

describe('the inbox screen with its services', () => {
  const start = (acknowledge: (id: string) => Promise<InboxItem>) => {
    const notices: NotifyEvent[] = [];
    const logic = inboxMachine.provide({
      actors: {
        listInbox: fromPromise<Page<InboxItem>, InboxPageInput>(async () => OPEN_1),
        acknowledgeInboxItem: fromPromise<InboxItem, { id: string }>(({ input }) => acknowledge(input.id)),
      },
    });
    const actor = createActor(logic, { input: { teamId: 'team-1', user: ME, navCounts } });
    actor.on('notify', (e) => notices.push(e));
    actor.start();
    return { actor, notices };
  };

  it('an acknowledgement says so and tells the navigation to count again', async () => {
    received.length = 0;
    const { actor, notices } = start(async (id) => acknowledged(id === 'i2' ? REFUSED : item(id)));
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));
    actor.send({ type: 'inbox.acknowledge', id: 'i2' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));
    expect(notices).toEqual([{ type: 'notify', kind: 'success', message: 'Refused KL-i2 acknowledged' }]);
    expect(received).toEqual([{ type: 'counts.inbox' }]);
    expect(actor.getSnapshot().context.items[1]).toEqual(acknowledged(REFUSED));
    actor.stop();
  });

  it('a failed acknowledgement says the item is open again, and the count is left alone', async () => {
    received.length = 0;
    const { actor, notices } = start(async () => {
      throw new Error('offline');
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));
    actor.send({ type: 'inbox.acknowledge', id: 'i1' });
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toEqual({
      type: 'notify',
      kind: 'error',
      message: INBOX_TEXT.acknowledgeFailed('Amendment of VN-i1'),
    });
    expect(actor.getSnapshot().context.items[0]).toEqual(item('i1'));
    expect(received).toEqual([]);
    actor.stop();
  });
});
