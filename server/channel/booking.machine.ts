import { assign, setup, transition, type SnapshotFrom } from 'xstate';

/**
 * The lifecycle of a channel booking (OCTO), on the server. The service restores a snapshot from
 * the stored booking (its status, when its hold runs out, its cancellation cut-off), sends the
 * request as an event stamped with the database's clock, and learns from the transition whether
 * the request is allowed, the next status, and what to do (the named actions: create the order,
 * cancel it, ...). The machine does no I/O: its actions are markers the service carries out.
 */
export type BookingStatus = 'ON_HOLD' | 'CONFIRMED' | 'EXPIRED' | 'CANCELLED' | 'REDEEMED';

export interface BookingContext {
  /** When the hold runs out (ms since the epoch); null once confirmed. */
  expiresAt: number | null;
  /** Until when a confirmed booking may be cancelled or amended (departure - cancellation cut-off). */
  cancellationCutoffAt: number;
}

/** `at`: when the request is made (ms, the database's clock). */
export type BookingEvent =
  | { type: 'booking.confirm'; at: number }
  | { type: 'booking.extend'; at: number; expiresAt: number }
  | { type: 'booking.amend'; at: number }
  | { type: 'booking.cancel'; at: number }
  | { type: 'booking.expire'; at: number }
  | { type: 'booking.redeem'; at: number }
  | { type: 'booking.unredeem'; at: number };

/** What a transition asks the service to do. */
export type BookingEffect =
  | 'createOrder'
  | 'extendHold'
  | 'amendHold'
  | 'amendOrder'
  | 'releaseHold'
  | 'cancelOrder'
  | 'markExpired'
  | 'markRedeemed'
  | 'markUnredeemed';

const marker = () => undefined;

/** The guards' rules, also used to explain a refusal. */
export const holdIsLive = (c: BookingContext, at: number) => c.expiresAt !== null && at < c.expiresAt;
export const beforeCancellationCutoff = (c: BookingContext, at: number) => at < c.cancellationCutoffAt;

export const bookingMachine = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as BookingContext,
  },
  actions: {
    setExpiry: assign({
      expiresAt: ({ context, event }) => (event.type === 'booking.extend' ? event.expiresAt : context.expiresAt),
    }),
    clearExpiry: assign({ expiresAt: null }),
    createOrder: marker,
    extendHold: marker,
    amendHold: marker,
    amendOrder: marker,
    releaseHold: marker,
    cancelOrder: marker,
    markExpired: marker,
    markRedeemed: marker,
    markUnredeemed: marker,
  },
  guards: {
    holdIsLive: ({ context, event }) => holdIsLive(context, event.at),
    holdHasRunOut: ({ context, event }) => !holdIsLive(context, event.at),
    beforeCancellationCutoff: ({ context, event }) => beforeCancellationCutoff(context, event.at),
  },
}).createMachine({
  id: 'booking',
  initial: 'ON_HOLD',
  context: ({ input }) => input,
  states: {
    ON_HOLD: {
      on: {
        'booking.confirm': { guard: 'holdIsLive', target: 'CONFIRMED', actions: ['clearExpiry', 'createOrder'] },
        'booking.extend': { guard: 'holdIsLive', target: 'ON_HOLD', actions: ['setExpiry', 'extendHold'] },
        'booking.amend': { guard: 'holdIsLive', target: 'ON_HOLD', actions: 'amendHold' },
        // a hold may be let go at any time while it holds (once run out, it is EXPIRED)
        'booking.cancel': { guard: 'holdIsLive', target: 'CANCELLED', actions: 'releaseHold' },
        'booking.expire': { guard: 'holdHasRunOut', target: 'EXPIRED', actions: 'markExpired' },
      },
    },
    CONFIRMED: {
      on: {
        // confirming again answers the booking unchanged
        'booking.confirm': { target: 'CONFIRMED' },
        'booking.amend': { guard: 'beforeCancellationCutoff', target: 'CONFIRMED', actions: 'amendOrder' },
        'booking.cancel': { guard: 'beforeCancellationCutoff', target: 'CANCELLED', actions: 'cancelOrder' },
        // the party checked in (PUT /api/v1/orders/{id}/check-in), whatever the cut-off
        'booking.redeem': { target: 'REDEEMED', actions: 'markRedeemed' },
      },
    },
    // Checked in: the reseller can no longer cancel or change it. A check-in undone (or turned into
    // a no-show) makes it CONFIRMED again; redeeming again (a partial check-in completed) changes nothing.
    REDEEMED: {
      on: {
        'booking.redeem': { target: 'REDEEMED' },
        'booking.unredeem': { target: 'CONFIRMED', actions: 'markUnredeemed' },
      },
    },
    CANCELLED: {
      on: {
        // cancelling again answers the booking unchanged
        'booking.cancel': { target: 'CANCELLED' },
      },
    },
    EXPIRED: { type: 'final' },
  },
});

export type BookingSnapshot = SnapshotFrom<typeof bookingMachine>;

/** A stored booking as a snapshot of the machine. */
export const restoreBooking = (status: BookingStatus, context: BookingContext): BookingSnapshot =>
  bookingMachine.resolveState({ value: status, context });

export type Decision =
  | { allowed: true; from: BookingStatus; next: BookingStatus; effects: BookingEffect[]; context: BookingContext }
  | { allowed: false; from: BookingStatus; reason: string };

const EFFECTS = new Set<string>([
  'createOrder',
  'extendHold',
  'amendHold',
  'amendOrder',
  'releaseHold',
  'cancelOrder',
  'markExpired',
  'markRedeemed',
  'markUnredeemed',
]);

const VERB: Record<BookingEvent['type'], string> = {
  'booking.confirm': 'confirmed',
  'booking.extend': 'extended',
  'booking.amend': 'changed',
  'booking.cancel': 'cancelled',
  'booking.expire': 'expired',
  'booking.redeem': 'redeemed',
  'booking.unredeem': 'returned to CONFIRMED',
};

const iso = (ms: number | null) => (ms === null ? 'its expiry' : new Date(ms).toISOString());

/** Why the machine refuses an event in a status, in words a reseller understands. */
function reasonOf(status: BookingStatus, context: BookingContext, event: BookingEvent): string {
  const verb = VERB[event.type];
  if (status === 'EXPIRED' || (status === 'ON_HOLD' && !holdIsLive(context, event.at))) {
    return `The hold ran out at ${iso(context.expiresAt)}: the booking has expired and cannot be ${verb}`;
  }
  if (status === 'CONFIRMED' && (event.type === 'booking.cancel' || event.type === 'booking.amend')) {
    return `The cancellation cut-off passed at ${iso(context.cancellationCutoffAt)}: the booking can no longer be ${verb}`;
  }
  if (event.type === 'booking.extend') return `Only a booking ON_HOLD can be extended; this one is ${status}`;
  return `A booking that is ${status} cannot be ${verb}`;
}

/** Whether the event is allowed in the stored booking, and if so the next status and the effects. */
export function decide(status: BookingStatus, context: BookingContext, event: BookingEvent): Decision {
  const snapshot = restoreBooking(status, context);
  if (!snapshot.can(event)) return { allowed: false, from: status, reason: reasonOf(status, context, event) };
  const [next, actions] = transition(bookingMachine, snapshot, event);
  return {
    allowed: true,
    from: status,
    next: next.value as BookingStatus,
    effects: actions.map((a) => a.type).filter((t): t is BookingEffect => EFFECTS.has(t)),
    context: next.context,
  };
}
