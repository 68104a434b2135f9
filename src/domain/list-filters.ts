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
