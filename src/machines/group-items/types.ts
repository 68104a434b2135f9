import type { Ad, AdGroup } from '../../domain/ads';
import type { Role } from '../../domain/statuses';

/** One group's ads in their order: add, remove, move; each change saved at once. */
export interface GroupItemsInput {
  teamId: string;
  group: AdGroup;
  /** The team's ads, to add from. */
  ads: Ad[];
  /** The user's role in the team. */
  role: Role;
}

export interface GroupItemsContext extends GroupItemsInput {
  /** The ids being saved (a removal or a move), in their new order. */
  pendingIds: string[];
  /** The ad being added. */
  adding: string | null;
}

export type GroupItemsEvent =
  | { type: 'items.add'; adId: string }
  | { type: 'items.remove'; adId: string }
  | { type: 'items.move'; adId: string; delta: -1 | 1 }
  /** The parent: the team's ads changed (created, edited, moved to another tag). */
  | { type: 'items.ads'; ads: Ad[] };

/** What the machine tells its parent: the group as the server has it now. */
export type GroupItemsReport = { type: 'items.changed'; group: AdGroup };

export const ITEMS_FAILED = 'Failed to update advertisement group';
