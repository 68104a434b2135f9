import type { ActorRef, Snapshot } from 'xstate';
import type { components } from '../../api/schema';
import type { NotifyEvent } from '../notify';

/** What the order and tour lists share with the actors around them (bulk status, edits, panel). */
export type ListKind = 'orders' | 'tours';
export type Order = components['schemas']['Order'];
export type Tour = components['schemas']['Tour'];
export type ListItem = Order | Tour;

/** A row of the grouped list as the selection sees it: a date header (`id` = `YYYY-MM-DD`) or an item. */
export interface RowKey {
  id: string;
  /** The row's day, `YYYY-MM-DD` in the team's timezone. */
  date: string;
  header: boolean;
}

/** Events any actor may send to a list to keep what it shows true. */
export type ListPatchEvent =
  /** Merge these fields into loaded rows (order fields or tour fields); rows that no longer belong to the view leave it. */
  | { type: 'list.patch'; rows: Array<{ id: string } & (Partial<Order> | Partial<Tour>)> }
  | { type: 'list.remove'; ids: string[] }
  /** Reload from page 1 (and the day counts). */
  | { type: 'list.refresh' }
  /** Re-fetch the day counts only. */
  | { type: 'list.refreshCounts' };

export type ListSnapshotLike = Snapshot<unknown> & { context: { items: ListItem[] } };

/** A list actor as the others see it; it may emit `notify` (the day counts failing). */
export type ListHandle = ActorRef<ListSnapshotLike, ListPatchEvent, NotifyEvent>;
