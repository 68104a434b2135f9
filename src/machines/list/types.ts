import type { components } from '../../api/schema';
import type { ListItem } from '../../api/services/lists';
import type { GroupedRow } from '../../domain/date-groups';

/** What the order and tour lists share with the actors of their screen (one name each). */
export type ListKind = 'orders' | 'tours';
export type Order = components['schemas']['Order'];
export type Tour = components['schemas']['Tour'];
export type { ListItem };

/** A row of the grouped list: a date header (`id` = `YYYY-MM-DD`) or an item. */
export type ListRow = GroupedRow<ListItem>;

/** A row as the selection sees it (`id`, `date` in the team's timezone, `header`). */
export interface RowKey {
  id: string;
  date: string;
  header: boolean;
}

/** Fields merged into a loaded row (order fields or tour fields). */
export type PatchRow = { id: string } & (Partial<Order> | Partial<Tour>);

/** What the screen tells its list to keep what it shows true. */
export type ListPatchEvent =
  /** Merge these fields into loaded rows; rows that no longer belong to the view leave it. With
   *  `insert` (whole rows, a live change), rows not loaded join it where its sort and filters put them. */
  | { type: 'list.patch'; rows: PatchRow[]; insert?: boolean }
  | { type: 'list.remove'; ids: string[] }
  /** Reload from page 1 (and the day counts). */
  | { type: 'list.refresh' };

/** What a list reports to its screen whenever its rows change (a page, a patch, a removal, counts). */
export type ListReport = { type: 'list.changed'; items: ListItem[]; rows: ListRow[] };
