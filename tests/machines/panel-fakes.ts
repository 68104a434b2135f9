import { fromPromise, type AnyActorLogic } from 'xstate';
import type { EventLog, OrderDetail, TourDetail } from '../../src/api/services/details';
import type { Order, Tour } from '../../src/machines/list/types';
import { orderRecord, tourRecord } from './shared-fakes';

/** Test doubles for the panel machines: records, event log entries, deferred services. */
export const TZ = 'Asia/Tokyo';

export const order = (over: Partial<Order> = {}): Order =>
  orderRecord({
    id: 'o1',
    displayId: 'JP-0001',
    otaOrderId: 'KL-1',
    departureAt: '2026-03-10T00:30:00.000Z',
    bookedAt: '2026-02-01T00:00:00.000Z',
    language: 'English',
    product: { id: 'p1', route: 'Old town walk', pack: 'p1' },
    customer: { name: 'Kim', email: 'kim@example.test', phone: null },
    prices: [{ type: 'ADULT', amount: 50, currency: 'USD' }],
    ...over,
  });

export const orderDetail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  ...order(),
  eventLogs: [],
  comments: [],
  ...over,
});

export const tour = (over: Partial<Tour> = {}): Tour =>
  tourRecord({
    id: 't1',
    displayId: 'G-0001',
    displayName: 'Morning walk',
    departureAt: '2026-03-10T00:30:00.000Z',
    prices: [{ type: 'TOTAL', amount: 100, currency: 'USD' }],
    orderCount: 1,
    version: 4,
    ...over,
  });

export const tourDetail = (over: Partial<TourDetail> = {}): TourDetail => ({
  ...tour(),
  orders: [order({ tour: { id: 't1', displayId: 'G-0001' } })],
  eventLogs: [],
  comments: [],
  ...over,
});

export const comment = (text: string): EventLog => ({
  id: 'e1',
  isSystemEvent: false,
  operatedBy: { id: 'u1', name: 'Ana' },
  type: 'COMMENT',
  comment: text,
  timestamp: '2026-03-01T10:00:00.000Z',
});

/** A system entry of a record's activity, as the server logs a change. */
export const logged = (type: EventLog['type'], id: string): EventLog => ({
  id,
  isSystemEvent: true,
  operatedBy: null,
  type,
  comment: null,
  timestamp: '2026-03-01T11:00:00.000Z',
});

/** Services that wait until a test settles them: every call waits under the invoking actor's id. */
export function deferredServices() {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown }>();
  const calls: Array<{ id: string; input: unknown }> = [];
  // typed as whatever service it stands in for
  const logic = <T extends AnyActorLogic>(): T =>
    fromPromise<unknown, unknown>(
      ({ input, self }) =>
        new Promise((resolve, reject) => {
          calls.push({ id: self.id, input });
          pending.set(self.id, { resolve, reject, input });
        }),
    ) as unknown as T;
  const settle = (id: string, outcome: { output: unknown } | { error: unknown }) => {
    const waiting = pending.get(id);
    if (!waiting) throw new Error(`${id} is not running`);
    pending.delete(id);
    if ('output' in outcome) waiting.resolve(outcome.output);
    else waiting.reject(outcome.error);
  };
  return { logic, settle, calls, running: () => [...pending.keys()] };
}

export { notFaked } from './shared-fakes';

export const flush = () => new Promise((r) => setTimeout(r, 0));
