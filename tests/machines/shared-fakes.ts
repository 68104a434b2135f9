import {
  createActor,
  createMachine,
  fromPromise,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyStateMachine,
  type InputFrom,
} from 'xstate';
import type { Order, Tour } from '../../src/machines/list/types';

/** What the machine fakes share: full records to start from, a service that must not run, and the
 *  synthetic results of invoked services that model-based paths use. */

/** An order with every field filled; each fake sets what its tests read. */
export const orderRecord = (over: Partial<Order> & Pick<Order, 'id' | 'departureAt'>): Order => ({
  displayId: `VN-${over.id}`,
  otaOrderId: `KL-${over.id}`,
  ota: 'KLOOK',
  bookedAt: '2026-02-01T09:00:00.000Z',
  language: 'en',
  product: { id: 'p1', route: 'Hanoi', pack: 'Day' },
  customer: { name: 'A', email: 'a@example.com', phone: null },
  pickup: null,
  notes: null,
  checkIn: { state: 'EXPECTED', arrived: 0, at: null, by: null },
  quantity: { total: 2, adult: 2, child: 0 },
  prices: [],
  tour: null,
  statusV2: 'new',
  emailCheckpoints: { confirmation: false, info: false, review: false, marketing: false },
  reviewCheckpoints: { OTA: false, TripAdvisor: false, Google: false, MyProGuide: false },
  version: 1,
  ...over,
});

/** A tour with every field filled; each fake sets what its tests read. */
export const tourRecord = (over: Partial<Tour> & Pick<Tour, 'id'>): Tour => ({
  displayId: `T-${over.id}`,
  displayName: `Tour ${over.id}`,
  departureAt: '2026-03-10T09:00:00.000Z',
  product: null,
  prices: [],
  statusV2: 'grouped',
  orderCount: 0,
  checkIn: { parties: 0, pax: 0, checkedInParties: 0, checkedInPax: 0, noShowParties: 0 },
  version: 1,
  ...over,
});

/** A service a test did not expect: it fails loudly. */
export const notFaked = (name: string): AnyActorLogic =>
  fromPromise<never, unknown>(async () => {
    throw new Error(`${name} was not faked in this test`);
  });

export type Synthetic =
  { type: `xstate.done.actor.${string}`; output: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };
export const done = (id: string, output: unknown): Synthetic => ({ type: `xstate.done.actor.${id}`, output });
export const failed = (id: string): Synthetic => ({
  type: `xstate.error.actor.${id}`,
  error: new Error(`${id} failed`),
});

/**
 * A machine that reports to its parent (`sendParent`), run under a parent that stands in for its
 * screen: `reports` holds what it reported (in order), `child` is the running child (send it
 * events, read its snapshot, listen to its `notify`), and `stop` ends both.
 */
export function underParent<TLogic extends AnyStateMachine>(logic: TLogic, ...[input]: OptionalInput<TLogic>) {
  const reports: AnyEventObject[] = [];
  const parent = createMachine({
    invoke: { id: 'child', src: logic, input },
    on: { '*': { actions: ({ event }) => reports.push(event) } },
  });
  const actor = createActor(parent).start();
  const child = actor.getSnapshot().children.child as ActorRefFrom<TLogic>;
  return {
    child,
    reports,
    /** The reports of one type, in order. */
    reportsOf: <T extends string>(type: T) =>
      reports.filter((e) => e.type === type) as Array<AnyEventObject & { type: T }>,
    stop: () => actor.stop(),
  };
}
type OptionalInput<TLogic extends AnyStateMachine> =
  undefined extends InputFrom<TLogic> ? [input?: InputFrom<TLogic>] : [input: InputFrom<TLogic>];
