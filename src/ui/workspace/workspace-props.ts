import type { ActorRef, Snapshot } from 'xstate';
import type { ListFilters } from '../../domain/list-filters';
import type { SelectionActorRef } from '../../machines/app/selectors';
import type { ListHandle, ListKind } from '../../machines/list/types';

/** Re-fetches the per-view totals shown in the navigation. */
export type CountsHandle = ActorRef<Snapshot<unknown>, { type: 'counts.refresh' }>;

/** What every part of the orders/tours workspace gets from the page. */
export interface WorkspaceProps {
  kind: ListKind;
  /** The view of the path (`new-added`, `today`...), null for all orders or tours. */
  view: string | null;
  list: ListHandle;
  selection: SelectionActorRef;
  counts: CountsHandle;
  filters: ListFilters;
  /** The selected team. */
  teamId: string;
  timezone: string;
}
