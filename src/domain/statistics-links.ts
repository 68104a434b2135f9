import { FILTER_PARAMS, type DateBasis } from './list-filters';
import type { Ota, Status } from './statuses';

/**
 * Every figure of the statistics links to the orders behind it: the orders list with the same
 * team, days, date basis, OTA and status, whose count is the figure (the server computes both
 * with the same filters).
 */
export interface OrdersFilter {
  startDate: string;
  endDate: string;
  basis: DateBasis;
  ota?: Ota | null;
  status?: Status | null;
}

export const ORDERS_PATH = '/orders';

/** `/orders?from=..&to=..[&basis=booking][&ota=..][&status=..]`. */
export function ordersLink(filter: OrdersFilter): string {
  const params = new URLSearchParams({ [FILTER_PARAMS.from]: filter.startDate, [FILTER_PARAMS.to]: filter.endDate });
  // the list reads an absent basis as departure
  if (filter.basis === 'booking') params.set(FILTER_PARAMS.basis, filter.basis);
  if (filter.ota) params.set(FILTER_PARAMS.ota, filter.ota);
  if (filter.status) params.set(FILTER_PARAMS.status, filter.status);
  return `${ORDERS_PATH}?${params}`;
}
