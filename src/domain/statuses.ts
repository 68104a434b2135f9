/** Order and tour statuses (statusV2), their labels and the list views built on them. */
export const STATUSES = ['new', 'pending', 'grouped', 'arranged', 'completed', 'canceled', 'cancel_requested'] as const;
export type Status = (typeof STATUSES)[number];

const SPECIAL_LABELS: Partial<Record<Status, string>> = {
  new: 'New Order',
  completed: 'Tour Completed',
  cancel_requested: 'Cancel Requested',
};

/** Label shown for a status: the special ones of SPEC section 4, else the capitalised words. */
export function statusLabel(status: string): string {
  const special = SPECIAL_LABELS[status as Status];
  if (special) return special;
  return status
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

export function isStatus(value: string): value is Status {
  return (STATUSES as readonly string[]).includes(value);
}

export const OTAS = ['KLOOK', 'KKDAY', 'VIATOR', 'MPG'] as const;
export type Ota = (typeof OTAS)[number];

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

export const ROLES = ['ADMIN', 'EDITOR', 'MEMBER'] as const;
export type Role = (typeof ROLES)[number];

export const EMAIL_TYPES = ['CONFIRMATION', 'INFORMATION', 'CANCELLATION', 'REVIEW', 'INQUIRY'] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];
