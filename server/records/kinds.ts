import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import { checkPrices, checkTimestamp } from '../http/validate';
import type { Subject } from '../repo/events';
import { ORDER_EDITS, ordersByIds, type Order, type Price } from '../repo/orders';
import { TOUR_EDITS, toursByIds, type Tour } from '../repo/tours';
import type { EditableColumn, VersionedTable } from '../repo/versioned';

/**
 * Orders and tours as the generic writes see them (edits with versions, status batches, comments):
 * a third versioned resource is one more table here, with its repository's by-ids read and
 * editable columns, and the checks of its edits.
 */
export interface RecordKind<T extends { id: string }, U extends { id: string; version: number }> {
  table: VersionedTable;
  /** Its name in messages: "Order 123: ...", "order ids". */
  label: string;
  subject: (id: string) => Subject;
  byIds: (db: Db, ids: string[]) => Promise<T[]>;
  columns: EditableColumn<U, T>[];
  /** 400 for an edit the contract lets through but the records do not take. */
  check: (item: U, what: string) => void;
}

const NAMES: Record<VersionedTable, Pick<RecordKind<{ id: string }, never>, 'label' | 'subject'>> = {
  orders: { label: 'Order', subject: (order) => ({ order }) },
  tours: { label: 'Tour', subject: (tour) => ({ tour }) },
};

function kind<T extends { id: string }, U extends { id: string; version: number }>(
  table: VersionedTable,
  parts: Pick<RecordKind<T, U>, 'byIds' | 'columns' | 'check'>,
): RecordKind<T, U> {
  return { table, ...NAMES[table], ...parts };
}

/** The checks of an edit of a dated, priced record. */
function checkDated(item: { prices?: Price[]; departureAt?: string }, what: string): void {
  checkPrices(item.prices, what);
  checkTimestamp(item.departureAt, what);
}

export const ORDERS = kind<Order, Schemas['OrderUpdate']>('orders', {
  byIds: ordersByIds,
  columns: ORDER_EDITS,
  check: checkDated,
});

export const TOURS = kind<Tour, Schemas['TourUpdate']>('tours', {
  byIds: toursByIds,
  columns: TOUR_EDITS,
  check: (item, what) => {
    checkDated(item, what);
    if (item.displayName !== undefined && !item.displayName.trim()) throw badRequest(`${what}: displayName is empty`);
  },
});
