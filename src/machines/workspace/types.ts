import type { Role } from '../../domain/statuses';
import type { BulkStatusReport } from '../bulk-status/types';
import type { DetailReport } from '../detail/types';
import type { EmailSendReport } from '../email-send/types';
import type { OrderEmailsReport } from '../order-emails/order-emails.machine';
import type { ListFiltersReport } from '../list-filters/types';
import type { ListItem, ListKind, ListReport } from '../list/types';
import type { LiveHandle, LiveReport } from '../live/types';
import type { CountsHandle } from '../nav-counts/types';
import type { SelectionReport } from '../selection/types';
import type { TourActionsReport } from '../tour-actions/tour-actions.machine';

/** What an orders or tours screen starts from: the route, the team, the user and the URL's query. */
export interface WorkspaceInput {
  kind: ListKind;
  /** The view of the path (`new-added`, `today`...), null for all orders or tours. */
  view: string | null;
  teamId: string;
  /** The team's country: feature flags are switched per country. */
  countryCode: string;
  timezone: string;
  /** The signed-in user (comments need one; exports name them). */
  userId: string | null;
  userName: string;
  /** The URL's query (`?from=...`, or empty). */
  search: string;
  /** One clock reading for the screen: the default month stays put while it is open. */
  now: number;
  /** The person's role in the team: what they may do (shared/permissions.ts), e.g. delete. */
  role: Role | null;
  /** The navigation totals (the session's), told when rows move between views. */
  navCounts: CountsHandle | null;
  /** The session's live stream: changes anybody makes, routed to the children they concern. */
  live?: LiveHandle | null;
}

export interface WorkspaceContext extends WorkspaceInput {
  /** What the list has loaded, the selection holds and the panel shows, as their last reports said. */
  items: ListItem[];
  selectedIds: string[];
  openId: string | null;
}

export type WorkspaceEvent =
  /** From the page: the URL's query now (after any navigation). */
  | { type: 'url.changed'; search: string }
  /** What the children report. */
  | ListFiltersReport
  | ListReport
  | SelectionReport
  | BulkStatusReport
  | TourActionsReport
  | DetailReport
  | EmailSendReport
  | OrderEmailsReport
  | LiveReport;
