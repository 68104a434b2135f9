import { randomUUID } from 'node:crypto';
import { zBaseError } from '@octocloud/types';
import { describe, expect, it } from 'vitest';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  bookingMachine,
  decide,
  type BookingContext,
  type BookingEffect,
  type BookingEvent,
  type BookingStatus,
} from '../../server/channel/booking.machine';
import { expireHolds } from '../../server/repo/channel-bookings';
import { booking, departure, newProduct, octoBookingSuite, reserveBody } from './octo-booking-helpers';
import { startTimeSchedule } from './octo-fixtures';

/**
 * The booking statechart, model-based: paths generated from the production machine
 * (xstate/graph), each replayed through `decide` (what the service asks) with the rules a
 * reseller and an operator rely on checked after every step, then replayed through /octo on a
 * real booking (time moved by SQL) so the server follows the same chart.
 */
const HOLD_ENDS = 1_000;
const CUTOFF = 5_000;
const CONTEXT: BookingContext = { expiresAt: HOLD_ENDS, cancellationCutoffAt: CUTOFF };
/** Moments of the requests: before the hold runs out, after it, after the cancellation cut-off. */
const EARLY = 500;
const LAPSED = 2_000;
const LATE = 6_000;

// every event of the machine is tried at the moments that matter to its guards: a new event type
// fails to compile until it is listed here
const TRIED = {
  'booking.confirm': [
    { type: 'booking.confirm', at: EARLY },
    { type: 'booking.confirm', at: LAPSED },
  ],
  'booking.extend': [
    { type: 'booking.extend', at: EARLY, expiresAt: 1_500 },
    { type: 'booking.extend', at: LAPSED, expiresAt: 2_500 },
  ],
  'booking.amend': [
    { type: 'booking.amend', at: EARLY },
    { type: 'booking.amend', at: LATE },
  ],
  'booking.cancel': [
    { type: 'booking.cancel', at: EARLY },
    { type: 'booking.cancel', at: LATE },
  ],
  'booking.expire': [
    { type: 'booking.expire', at: EARLY },
    { type: 'booking.expire', at: LAPSED },
  ],
  'booking.redeem': [
    { type: 'booking.redeem', at: EARLY },
    { type: 'booking.redeem', at: LATE },
  ],
  'booking.unredeem': [{ type: 'booking.unredeem', at: LATE }],
} satisfies { [T in BookingEvent['type']]: Extract<BookingEvent, { type: T }>[] };
const EVENTS: BookingEvent[] = Object.values(TRIED).flat();

type Snap = { value: unknown; context: BookingContext };
type Path = { steps: { state: Snap; event: BookingEvent }[]; state: Snap };
const options = (withEvent: boolean) => ({
  input: CONTEXT,
  // the events the snapshot takes (a refused one would end a path in the same state)
  events: (snapshot: { can(e: BookingEvent): boolean }) => EVENTS.filter((e) => snapshot.can(e)),
  // with the event that led to it as part of a state, each transition (self-transitions too) ends a path of its own
  serializeState: (s: Snap, e?: BookingEvent) =>
    JSON.stringify([s.value, s.context, ...(withEvent ? [e?.type, e?.at] : [])]),
});
/** A shortest path to every transition. */
const shortest = getShortestPaths(bookingMachine, options(true) as never) as unknown as Path[];
/** Every route without a repeated state. */
const simple = getSimplePaths(bookingMachine, options(false) as never) as unknown as Path[];

/** Replays a path through decide(); the statuses and effects of each step. */
function replay(path: Path) {
  let status: BookingStatus = 'ON_HOLD';
  let context = CONTEXT;
  const taken: { from: BookingStatus; event: BookingEvent; to: BookingStatus; effects: BookingEffect[] }[] = [];
  for (const step of path.steps.slice(1)) {
    const d = decide(status, context, step.event);
    if (!d.allowed) throw new Error(`${step.event.type} refused in ${status}: ${d.reason}`);
    expect(d.next).toBe(step.state.value);
    taken.push({ from: status, event: step.event, to: d.next, effects: d.effects });
    status = d.next;
    context = d.context;
  }
  expect(status).toBe(path.state.value);
  return { taken, status, context };
}

const STATUSES: BookingStatus[] = ['ON_HOLD', 'CONFIRMED', 'EXPIRED', 'CANCELLED', 'REDEEMED'];

describe('the booking statechart, by its generated paths', () => {
  it('reaches every status and tries every event', () => {
    expect(new Set(shortest.map((p) => p.state.value))).toEqual(new Set(STATUSES));
    const used = new Set(shortest.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const type of Object.keys(TRIED)) expect(used, type).toContain(type);
    expect(new Set(simple.map((p) => p.state.value))).toEqual(new Set(STATUSES));
  });

  it.each(
    [...shortest, ...simple].map((p) => [
      p.steps
        .slice(1)
        .map((st) => `${st.event.type}@${st.event.at}`)
        .join(' → ') || 'reserve only',
      p,
    ]),
  )('%s', (_name, path) => {
    const { taken, status, context } = replay(path as Path);
    // an order is made once, by confirming a live hold
    const orders = taken.filter((t) => t.effects.includes('createOrder'));
    expect(orders.length).toBeLessThanOrEqual(1);
    for (const t of orders) {
      expect([t.from, t.to]).toEqual(['ON_HOLD', 'CONFIRMED']);
      expect(t.event.at).toBeLessThan(HOLD_ENDS);
    }
    expect(taken.some((t) => t.to === 'CONFIRMED')).toBe(orders.length === 1);
    for (const t of taken) {
      // the only way out of a hold without an order is cancel (release) or its time running out
      if (t.from === 'ON_HOLD' && t.to === 'CANCELLED') {
        expect(t.effects).toEqual(['releaseHold']);
        expect(t.event.at).toBeLessThan(HOLD_ENDS);
      }
      if (t.to === 'EXPIRED') expect(t.event.at).toBeGreaterThanOrEqual(context.expiresAt ?? HOLD_ENDS);
      // a confirmed booking is cancelled or changed only before the cut-off, and its order with it
      if (t.from === 'CONFIRMED' && t.to === 'CANCELLED') {
        expect(t.event.at).toBeLessThan(CUTOFF);
        expect(t.effects).toEqual(['cancelOrder']);
      }
      if (t.from === 'CONFIRMED' && t.event.type === 'booking.amend') expect(t.effects).toEqual(['amendOrder']);
      // a request that changes nothing (confirm or cancel again) does nothing
      if (t.from === t.to && t.event.type !== 'booking.extend' && t.event.type !== 'booking.amend') {
        expect(t.effects).toEqual([]);
      }
    }
    // where the path ends, every event either moves on or is refused with a reason
    for (const event of EVENTS) {
      const d = decide(status, context, event);
      if (!d.allowed) expect(d.reason.length).toBeGreaterThan(10);
      else expect(STATUSES).toContain(d.next);
    }
    // EXPIRED is the end; a REDEEMED booking (its party checked in) is neither cancelled nor changed,
    // only returned to CONFIRMED when the check-in is undone
    if (status === 'EXPIRED') expect(EVENTS.every((e) => !decide(status, context, e).allowed)).toBe(true);
    if (status === 'REDEEMED') {
      const allowed = EVENTS.filter((e) => decide(status, context, e).allowed).map((e) => e.type);
      expect(new Set(allowed)).toEqual(new Set(['booking.redeem', 'booking.unredeem']));
    }
    for (const t of taken) {
      if (t.event.type === 'booking.redeem' && t.from !== t.to) expect(t.effects).toEqual(['markRedeemed']);
      if (t.event.type === 'booking.unredeem')
        expect([t.from, t.to, t.effects]).toEqual(['REDEEMED', 'CONFIRMED', ['markUnredeemed']]);
    }
  });
});

// ---- the same paths through /octo ----

const { s, api } = octoBookingSuite();
const MOMENT = { [EARLY]: 0, [LAPSED]: 1, [LATE]: 2 } as Record<number, number>;

/** Paths the API can walk: time only moves forward. A redemption is the check-in of the booking's
 *  order (PUT /api/v1/orders/{id}/check-in), its undoing the check-in undone. */
const walkable = shortest.filter((p) => {
  const events = p.steps.slice(1).map((st) => st.event);
  const moments = events.map((e) => MOMENT[e.at]);
  return moments.every((m, i) => i === 0 || m >= moments[i - 1]);
});

describe('the server follows the chart', () => {
  it('has paths to walk', () => expect(walkable.length).toBeGreaterThan(5));

  it.each(
    walkable.map((p) => [
      p.steps
        .slice(1)
        .map((st) => `${st.event.type}@${st.event.at}`)
        .join(' → ') || 'reserve only',
      p,
    ]),
  )('%s', async (_name, path) => {
    const id = await newProduct(s.t, s.w.home.id, startTimeSchedule());
    const held = booking(await api.reserve(reserveBody(id, departure(5), 2)));
    let moment = 0;
    /** Moves the booking's clock: the hold runs out (1), then the cancellation cut-off passes (2). */
    const moveTo = async (m: number) => {
      if (m >= 1 && moment < 1) {
        await s.t.db.query(
          `UPDATE channel_bookings SET utc_expires_at = now() - interval '1 second' WHERE uuid = $1 AND status = 'ON_HOLD'`,
          [held.uuid],
        );
      }
      if (m >= 2 && moment < 2) {
        await s.t.db.query(
          `UPDATE products SET schedule = jsonb_set(schedule, '{cancellationCutoffMinutes}', '43200') WHERE team_id = $1 AND id = $2`,
          [s.w.home.id, id],
        );
      }
      moment = Math.max(moment, m);
    };
    /** The booking's order checked in (redeem) or not (unredeem), as a guide does it. */
    const checkIn = async (state: 'CHECKED_IN' | 'EXPECTED') => {
      const [{ order_id }] = await s.t.db.query<{ order_id: string }>(
        'SELECT order_id FROM channel_bookings WHERE uuid = $1',
        [held.uuid],
      );
      const put = await s.req('PUT', `/api/v1/orders/${order_id}/check-in`, s.w.admin.token, {
        state,
        key: randomUUID(),
      });
      expect(put.statusCode).toBe(200);
      return api.get(held.uuid);
    };
    for (const step of (path as Path).steps.slice(1)) {
      const e = step.event;
      await moveTo(MOMENT[e.at]);
      const res =
        e.type === 'booking.redeem' || e.type === 'booking.unredeem'
          ? await checkIn(e.type === 'booking.redeem' ? 'CHECKED_IN' : 'EXPECTED')
          : e.type === 'booking.confirm'
            ? await api.confirm(held.uuid)
            : e.type === 'booking.extend'
              ? await api.extend(held.uuid, { expirationMinutes: 60 })
              : e.type === 'booking.amend'
                ? await api.amend(held.uuid, { notes: `amended at ${e.at}` })
                : e.type === 'booking.cancel'
                  ? await api.cancel(held.uuid)
                  : (await expireHolds(s.t.db), await api.get(held.uuid));
      expect(booking(res).status).toBe(step.state.value);
    }
    // every other request where the path ends answers as the chart says
    const end = (path as Path).state;
    const refusedThere = EVENTS.filter(
      (e) =>
        MOMENT[e.at] === moment &&
        e.type !== 'booking.redeem' &&
        e.type !== 'booking.unredeem' &&
        e.type !== 'booking.expire',
    ).filter((e) => !decide(end.value as BookingStatus, end.context, e).allowed);
    for (const e of refusedThere) {
      const res =
        e.type === 'booking.confirm'
          ? await api.confirm(held.uuid)
          : e.type === 'booking.extend'
            ? await api.extend(held.uuid)
            : e.type === 'booking.amend'
              ? await api.amend(held.uuid, { notes: 'refused' })
              : await api.cancel(held.uuid);
      expect(res.statusCode, `${e.type} in ${String(end.value)}`).toBe(400);
      expect(zBaseError.parse(res.json()).error).toBe('UNPROCESSABLE_ENTITY');
    }
    expect(booking(await api.get(held.uuid)).status).toBe(end.value);
  });
});
