import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { AD_TAGS, groupLabel, type Ad, type AdTag } from '../../domain/ads';
import type { adsListMachine } from './ads-list.machine';

/** Narrow reads of the ads list screen for its views (use with `useSelector`). */
export type AdsListActorRef = ActorRefFrom<typeof adsListMachine>;
type Snapshot = SnapshotFrom<typeof adsListMachine>;

export const selectView = (s: Snapshot) => (s.matches('failed') ? 'failed' : s.hasTag('loading') ? 'loading' : 'ready');
export const selectFilter = (s: Snapshot) => s.context.tag;
/** The ads of the tag chosen (all when none), in the order they were created. */
export const selectShownAds = (s: Snapshot): Ad[] =>
  s.context.tag ? s.context.ads.filter((a) => a.tag === s.context.tag) : s.context.ads;
export const selectTagCounts = (s: Snapshot): Record<AdTag, number> =>
  Object.fromEntries(AD_TAGS.map((t) => [t, s.context.ads.filter((a) => a.tag === t).length])) as Record<AdTag, number>;
export const selectTotal = (s: Snapshot) => s.context.ads.length;
/** Where each ad is placed: the names of the groups it is in, by ad id. */
export const selectPlacements = (s: Snapshot): Record<string, string[]> => {
  const placements: Record<string, string[]> = {};
  for (const group of s.context.groups) {
    for (const item of group.items) (placements[item.id] ??= []).push(groupLabel(group));
  }
  return placements;
};
export const selectEditor = (s: Snapshot) => s.children.adEditor;
export const selectGroupsActor = (s: Snapshot) => s.children.adGroups;
/** The role may create and edit ads: New and Edit show. */
export const selectMayEdit = (s: Snapshot) => !s.matches({ ready: { editor: 'readOnly' } });
/** The role may move ads to another tag: Move to shows. */
export const selectMayMove = (s: Snapshot) => !s.matches({ ready: { moves: 'readOnly' } });
export const selectCanCreate = (s: Snapshot) => s.can({ type: 'ad.create' });
export const selectCanEdit = (s: Snapshot, id: string) => s.can({ type: 'ad.edit', id });
export const selectCanMove = (s: Snapshot, id: string, tag: AdTag) => s.can({ type: 'ad.move', id, tag });
export const selectMovingId = (s: Snapshot) => s.context.move?.id ?? null;
