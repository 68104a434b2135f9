import dayjs from 'dayjs';
import { dayIn } from './date-groups';
import { toListQuery, type ListFilters } from './list-filters';
import { ORDER_VIEW_STATUS, TOUR_VIEW_STATUS, type OrderView, type TourView } from './statuses';

/**
 * Does a loaded order or tour still belong to the list it is shown in, after an edit or a status
 * move? The same rules as the server's list queries, applied to one row in the team's timezone.
 */
export interface ViewRow {
  id: string;
  departureAt: string;
  /** Orders only: the day a booking-date range filters on. */
  bookedAt?: string;
  statusV2: string;
  ota?: string;
  tour?: { id: string } | null;
  emailCheckpoints?: { confirmation?: boolean };
}

export interface ViewScope {
  kind: 'orders' | 'tours';
  /** The view of the path; null for all orders or tours. */
  view: string | null;
  filters: ListFilters;
  timezone: string;
  /** Now, for 'issues', 'today' and 'tomorrow'. */
  now: Date;
}

const ISSUE_WINDOW_MS = 48 * 3600_000;

/**
 * 'issues' is computed by the server (DESIGN.md): departing within 48 hours without a sent
 * confirmation (and not canceled), or linked to a tour while canceled or cancel-requested.
 * A patched row is judged by that same rule on its merged fields, so a row leaves the view only
 * when it is certainly no issue any more (e.g. its confirmation went out, or it moved to a status
 * that is no issue given its departure and tour).
 */
export function isIssue(row: ViewRow, now: Date): boolean {
  const departure = Date.parse(row.departureAt);
  const soon = departure >= now.getTime() && departure < now.getTime() + ISSUE_WINDOW_MS;
  const unconfirmed = row.emailCheckpoints?.confirmation !== true;
  if (row.statusV2 !== 'canceled' && soon && unconfirmed) return true;
  return Boolean(row.tour) && (row.statusV2 === 'canceled' || row.statusV2 === 'cancel_requested');
}

const HOUR_MS = 3600_000;

/**
 * Why an order is in "Orders with issues", in the words its row shows (null: no issue). The same
 * two rules as `isIssue`; an order may have both.
 */
export function issueLabel(
  row: ViewRow & { tour?: { id: string; displayId?: string } | null },
  now: Date,
): string | null {
  const issues: string[] = [];
  const departure = Date.parse(row.departureAt);
  const left = departure - now.getTime();
  if (
    row.statusV2 !== 'canceled' &&
    left >= 0 &&
    left < ISSUE_WINDOW_MS &&
    row.emailCheckpoints?.confirmation !== true
  ) {
    const hours = Math.floor(left / HOUR_MS);
    issues.push(`Unconfirmed, departs ${hours < 1 ? 'within the hour' : `in ${hours} h`}`);
  }
  if (row.tour && (row.statusV2 === 'canceled' || row.statusV2 === 'cancel_requested')) {
    const what = row.statusV2 === 'canceled' ? 'Canceled' : 'Cancel requested';
    issues.push(`${what}, still in tour ${row.tour.displayId ?? ''}`.trimEnd());
  }
  return issues.length ? issues.join('; ') : null;
}

function inView(row: ViewRow, scope: ViewScope): boolean {
  const { kind, view, timezone, now } = scope;
  if (view === null) return true;
  if (kind === 'orders') {
    if (view === 'issues') return isIssue(row, now);
    const status = ORDER_VIEW_STATUS[view as Exclude<OrderView, 'issues'>];
    return status === undefined || row.statusV2 === status;
  }
  if (view === 'today' || view === 'tomorrow') {
    const today = dayIn(now.toISOString(), timezone);
    const day = view === 'today' ? today : dayjs(today).add(1, 'day').format('YYYY-MM-DD');
    return dayIn(row.departureAt, timezone) === day;
  }
  const status = TOUR_VIEW_STATUS[view as TourView];
  return status === undefined || row.statusV2 === status;
}

function matchesFilters(row: ViewRow, scope: ViewScope): boolean {
  const { filters, timezone, kind, view } = scope;
  if (filters.status && row.statusV2 !== filters.status) return false;
  if (kind === 'orders' && filters.ota && row.ota !== filters.ota) return false;
  // the dates as the request sent them: none while searching or on a view with its own day
  const { startDate, endDate, dateBasis } = toListQuery(filters, view);
  const at = dateBasis === 'booking' ? row.bookedAt : row.departureAt;
  if (startDate && endDate && at) {
    const day = dayIn(at, timezone);
    if (day < startDate || day > endDate) return false;
  }
  // the search is not judged again: the server matched the row on its ids and customer, which
  // no edit or status move changes
  return true;
}

/** True when the row belongs to the view and passes the filters. */
export function belongsToView(row: ViewRow, scope: ViewScope): boolean {
  return inView(row, scope) && matchesFilters(row, scope);
}
