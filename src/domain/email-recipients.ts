import { isFlagOn, type FeatureFlag } from '../../shared/feature-flags';
import type { Status } from './statuses';

/**
 * Who an e-mail to some orders reaches and who is left out, and why: the server's rules as the
 * dialogs show them before anything is sent (the server decides again when it queues).
 */
export type EmailKind = 'CONFIRMATION' | 'INFORMATION' | 'CANCELLATION' | 'REVIEW';

export interface Addressable {
  id: string;
  displayId: string;
  statusV2: Status | string;
  customer?: { name?: string | null; email?: string | null } | null;
  emailCheckpoints: { confirmation: boolean; info: boolean; review: boolean };
  departureAt?: string;
}

export type LeftOutReason = 'NO_EMAIL' | 'CANCELED' | 'ALREADY_SENT' | 'DEPARTED';

export const LEFT_OUT_TEXT: Record<LeftOutReason, string> = {
  NO_EMAIL: 'no e-mail address',
  CANCELED: 'canceled',
  ALREADY_SENT: 'already sent',
  DEPARTED: 'departed',
};

export interface Recipients<T> {
  to: T[];
  leftOut: Array<{ order: T; reason: LeftOutReason }>;
}

/** The checkpoint that says this kind was sent (information may be sent again at any time). */
function alreadySent(order: Addressable, kind: EmailKind): boolean {
  if (kind === 'CONFIRMATION') return order.emailCheckpoints.confirmation;
  if (kind === 'REVIEW') return order.emailCheckpoints.review;
  return false;
}

/**
 * Orders that departed before `now` are left out unless the operator keeps them: a confirmation
 * or tour details for a day gone by confuse a customer. A review is asked after the tour, so it is
 * never about a departure to come or gone.
 */
export interface PastDepartures {
  now: number;
  keep: boolean;
}

export function departed(order: Addressable, kind: EmailKind, now: number): boolean {
  return kind !== 'REVIEW' && order.departureAt !== undefined && Date.parse(order.departureAt) < now;
}

export function recipients<T extends Addressable>(
  orders: readonly T[],
  kind: EmailKind,
  sendAgain: boolean,
  past?: PastDepartures,
): Recipients<T> {
  const to: T[] = [];
  const leftOut: Recipients<T>['leftOut'] = [];
  for (const order of orders) {
    if (!order.customer?.email?.trim()) leftOut.push({ order, reason: 'NO_EMAIL' });
    else if (order.statusV2 === 'canceled' && kind !== 'CANCELLATION') leftOut.push({ order, reason: 'CANCELED' });
    else if (!sendAgain && alreadySent(order, kind)) leftOut.push({ order, reason: 'ALREADY_SENT' });
    else if (past && !past.keep && departed(order, kind, past.now)) leftOut.push({ order, reason: 'DEPARTED' });
    else to.push(order);
  }
  return { to, leftOut };
}

/** The flags an e-mail kind needs on for the team's country (SPEC section 6). */
export function flagsFor(kind: EmailKind): string[] {
  return kind === 'INFORMATION' ? ['EMAIL_SENDING_V1', 'INFO_SENDING_V1'] : ['EMAIL_SENDING_V1'];
}

/** Whether the flags (as read; null counts as all off) let the team's country send this kind. */
export function flagsAllow(
  flags: ReadonlyArray<Pick<FeatureFlag, 'id' | 'teams' | 'defaultState'>> | null,
  kind: EmailKind,
  countryCode: string,
): boolean {
  return flagsFor(kind).every((id) =>
    isFlagOn(
      flags?.find((f) => f.id === id),
      countryCode,
    ),
  );
}

/** The checkpoint a sent e-mail of this kind sets (SPEC section 4), if any. */
export function checkpointOf(kind: EmailKind): 'confirmation' | 'info' | 'review' | null {
  if (kind === 'CONFIRMATION') return 'confirmation';
  if (kind === 'INFORMATION') return 'info';
  if (kind === 'REVIEW') return 'review';
  return null;
}
