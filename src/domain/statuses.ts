/** The list views built on the statuses; the statuses themselves are shared with the server. */
import type { Status } from '../../shared/statuses';

export { STATUSES, statusLabel, isStatus, ROLES, EMAIL_TYPES } from '../../shared/statuses';
export type { Status, Role, EmailType } from '../../shared/statuses';
export { OTAS, OTA_LABELS } from '../../shared/otas';
export type { Ota } from '../../shared/otas';

export const ORDER_VIEWS = ['new-added', 'pending', 'issues', 'cancel-requested', 'canceled'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];

export const TOUR_VIEWS = ['arranged', 'grouped', 'completed', 'today', 'tomorrow'] as const;
export type TourView = (typeof TOUR_VIEWS)[number];

/** Status a status-based order view lists; 'issues' is computed by the server. */
export const ORDER_VIEW_STATUS: Record<Exclude<OrderView, 'issues'>, Status> = {
  'new-added': 'new',
  pending: 'pending',
  'cancel-requested': 'cancel_requested',
  canceled: 'canceled',
};

export const TOUR_VIEW_STATUS: Partial<Record<TourView, Status>> = {
  arranged: 'arranged',
  grouped: 'grouped',
  completed: 'completed',
};

export const ORDER_SORTS = ['DEPARTURE_AT_ASC', 'DEPARTURE_AT_DESC', 'BOOKED_AT_ASC', 'BOOKED_AT_DESC'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const DEFAULT_ORDER_SORT: OrderSort = 'DEPARTURE_AT_ASC';
