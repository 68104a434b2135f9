/**
 * Check-in on the day (issue 25): who of a party came. Pure rules shared by the manifest machines and
 * views: what a row shows while its gestures wait in the queue, the totals, and the labels.
 */
export type CheckInState = 'EXPECTED' | 'CHECKED_IN' | 'NO_SHOW';

/** As the contract's CheckIn (src/domain imports nothing of src/api). */
export interface CheckIn {
  state: CheckInState;
  arrived: number;
  at: string | null;
  by: { id: string; name: string } | null;
}

/** As the contract's TourCheckIn. */
export interface TourCheckIn {
  parties: number;
  pax: number;
  checkedInParties: number;
  checkedInPax: number;
  noShowParties: number;
}

/** A manifest's totals: the tour's check-in figures and the adults and children booked. */
export interface ManifestTotals extends TourCheckIn {
  adults: number;
  children: number;
}

/** What the totals read of a party. */
export interface PartyPax {
  orderId: string;
  adults: number;
  children: number;
  total: number;
}

/** What a gesture sets: a state and, when checked in, how many came. */
export interface CheckInValue {
  state: CheckInState;
  arrived: number;
}

/** One gesture waiting to be sent (persisted): its idempotency key was made when it happened. */
export interface QueuedCheckIn extends CheckInValue {
  key: string;
  orderId: string;
  /** The party's name, for the toasts of a request restored after a reload. */
  name: string;
  /** The party's size: a full check-in sends no `arrived` (all of them). */
  total: number;
}

/** What a party's row needs to know of it for check-in. */
export interface CheckInBase extends CheckInValue {
  name: string;
  total: number;
}

export const CHECK_IN_LABELS: Record<CheckInState, string> = {
  EXPECTED: 'Expected',
  CHECKED_IN: 'Checked in',
  NO_SHOW: 'No-show',
};

export const CHECK_IN_TEXT = {
  pending: 'Pending',
  canceled: 'Canceled: not checked in',
  loadFailed: 'The manifest could not be loaded.',
  checkedIn: (name: string, value: CheckInValue, total: number) =>
    value.state === 'CHECKED_IN'
      ? value.arrived < total
        ? `${name}: ${value.arrived} of ${total} checked in`
        : `${name} checked in`
      : value.state === 'NO_SHOW'
        ? `${name} marked no-show`
        : `${name} back to expected`,
  conflict: (name: string) => `${name}: the order was canceled, the check-in was not recorded`,
  refused: (name: string, message: string) => `${name}: the check-in was not recorded (${message})`,
} as const;

/** The state and count a party reads after its queued gestures (the last one wins). */
export function displayedValue(base: CheckInValue, queue: readonly QueuedCheckIn[], orderId: string): CheckInValue {
  for (let i = queue.length - 1; i >= 0; i--) {
    const q = queue[i];
    if (q.orderId === orderId) return { state: q.state, arrived: q.arrived };
  }
  return { state: base.state, arrived: base.arrived };
}

/** A party's value as the server has it. */
export const valueOf = (checkIn: CheckIn): CheckInValue => ({
  state: checkIn.state,
  arrived: checkIn.state === 'CHECKED_IN' ? checkIn.arrived : 0,
});

/** The request body of a queued gesture: a full check-in names no count (all of the party). */
export function requestOf(q: QueuedCheckIn): { state: CheckInState; arrived?: number; key: string } {
  return q.state === 'CHECKED_IN' && q.arrived < q.total
    ? { state: q.state, arrived: q.arrived, key: q.key }
    : { state: q.state, key: q.key };
}

/** A stored queue read back: items that are not whole gestures are dropped, keys kept once. */
export function parseQueue(value: unknown): QueuedCheckIn[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const out: QueuedCheckIn[] = [];
  for (const raw of value) {
    const q = raw as Partial<QueuedCheckIn> | null;
    if (!q || typeof q.key !== 'string' || typeof q.orderId !== 'string' || seen.has(q.key)) continue;
    if (q.state !== 'EXPECTED' && q.state !== 'CHECKED_IN' && q.state !== 'NO_SHOW') continue;
    if (typeof q.arrived !== 'number' || typeof q.total !== 'number') continue;
    seen.add(q.key);
    out.push({
      key: q.key,
      orderId: q.orderId,
      name: typeof q.name === 'string' ? q.name : '',
      state: q.state,
      arrived: q.arrived,
      total: q.total,
    });
  }
  return out;
}

/** The stored queue first (older gestures), then the ones made meanwhile; a key is sent once. */
export function mergeQueues(stored: readonly QueuedCheckIn[], current: readonly QueuedCheckIn[]): QueuedCheckIn[] {
  const keys = new Set(stored.map((q) => q.key));
  return [...stored, ...current.filter((q) => !keys.has(q.key))];
}

/** The totals over the parties as they read now (queued gestures included). */
export function manifestTotals(
  parties: readonly PartyPax[],
  valueOfParty: (orderId: string) => CheckInValue,
): ManifestTotals {
  const t: ManifestTotals = {
    parties: parties.length,
    pax: 0,
    adults: 0,
    children: 0,
    checkedInParties: 0,
    checkedInPax: 0,
    noShowParties: 0,
  };
  for (const p of parties) {
    const v = valueOfParty(p.orderId);
    t.pax += p.total;
    t.adults += p.adults;
    t.children += p.children;
    if (v.state === 'CHECKED_IN') {
      t.checkedInParties += 1;
      t.checkedInPax += v.arrived;
    } else if (v.state === 'NO_SHOW') t.noShowParties += 1;
  }
  return t;
}

/** "12 of 15 checked in": people who came of the people booked. */
export function checkInSummary(t: Pick<TourCheckIn, 'checkedInPax' | 'pax'>): string {
  return `${t.checkedInPax} of ${t.pax} checked in`;
}

/** "2 adults, 1 child". */
export function paxLabel(adults: number, children: number): string {
  const a = `${adults} ${adults === 1 ? 'adult' : 'adults'}`;
  return children ? `${a}, ${children} ${children === 1 ? 'child' : 'children'}` : a;
}

/** A row's status: "Checked in", "2 of 3 checked in", "No-show", "Expected". */
export function checkInLabel(value: CheckInValue, total: number): string {
  if (value.state === 'CHECKED_IN' && value.arrived < total) return `${value.arrived} of ${total} checked in`;
  return CHECK_IN_LABELS[value.state];
}

/** Where the manifests live in the app. */
export const MANIFEST_TITLE = 'Manifest';
export const tourManifestPath = (tourId: string) => `/tours/${encodeURIComponent(tourId)}/manifest`;
export const departureManifestPath = (productId: string, departureAt: string) =>
  `/departures/manifest?product=${encodeURIComponent(productId)}&at=${encodeURIComponent(departureAt)}`;

/** Print: a page per this many parties (the print table repeats its header on each). */
export const PRINT_PAGE_PARTIES = 25;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
