import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { isLive, type Ad } from '../../domain/ads';
import type { groupItemsMachine } from './group-items.machine';

/** Narrow reads of one group's items for its view (use with `useSelector`). */
export type GroupItemsActorRef = ActorRefFrom<typeof groupItemsMachine>;
type Snapshot = SnapshotFrom<typeof groupItemsMachine>;

export const selectGroup = (s: Snapshot) => s.context.group;
export const selectItems = (s: Snapshot) => s.context.group.items;
/** The role may change the items (add, move, remove); else the list is read-only. */
export const selectMayEdit = (s: Snapshot) => !s.matches('readOnly');
export const selectSaving = (s: Snapshot) => s.hasTag('saving');
/** The ads that may be added: live ones not in the group yet. */
export const selectAddable = (s: Snapshot): Ad[] => {
  const inGroup = new Set(s.context.group.items.map((i) => i.id));
  return s.context.ads.filter((a) => isLive(a) && !inGroup.has(a.id));
};
export const selectCanRemove = (s: Snapshot, adId: string) => s.can({ type: 'items.remove', adId });
export const selectCanMove = (s: Snapshot, adId: string, delta: -1 | 1) => s.can({ type: 'items.move', adId, delta });
