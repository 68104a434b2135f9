import type { Ota, OrderSort, Status } from './statuses';

/**
 * The filters of an order or tour list. They live in the URL query so a view can be
 * reloaded and shared; `startDate`/`endDate` null means no date filter ("Pick a date").
 */
export interface ListFilters {
  startDate: string | null;
  endDate: string | null;
  ota: Ota | null;
  status: Status | null;
  /** OTA order id or display id, as typed. */
  search: string;
  sort: OrderSort;
}

/** The query parameters of listOrders/listTours/exports that the filters decide. */
export interface ListQuery {
  startDate?: string;
  endDate?: string;
  ota?: Ota;
  statusV2?: Status;
  otaOrderId?: string;
  displayId?: string;
  orderBy: OrderSort;
}

/** Display ids: `VN-000123` for orders, `T-000123` for tours; anything else is an OTA order id. */
const DISPLAY_ID = /^(?:[A-Z]{2}|T)-\d+$/;

/** The API query for these filters; the OTA order id is upper-cased before sending. */
export function toListQuery(filters: ListFilters): ListQuery {
  const query: ListQuery = { orderBy: filters.sort };
  if (filters.startDate) query.startDate = filters.startDate;
  if (filters.endDate) query.endDate = filters.endDate;
  if (filters.ota) query.ota = filters.ota;
  if (filters.status) query.statusV2 = filters.status;
  const search = filters.search.trim().toUpperCase();
  if (search) {
    if (DISPLAY_ID.test(search)) query.displayId = search;
    else query.otaOrderId = search;
  }
  return query;
}
