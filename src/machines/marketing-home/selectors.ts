import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { adsByTag, EMAIL_TAG, groupTagged, INTERSTITIAL_TAG, liveItems } from '../../domain/ads';
import type { marketingHomeMachine } from './marketing-home.machine';

/** Narrow reads of the marketing home for its view (use with `useSelector`). */
export type MarketingHomeActorRef = ActorRefFrom<typeof marketingHomeMachine>;
type Snapshot = SnapshotFrom<typeof marketingHomeMachine>;

export const selectView = (s: Snapshot) => (s.matches('failed') ? 'failed' : s.hasTag('loading') ? 'loading' : 'ready');
/** The role may change ads and groups (the links say "edit"; else "see"). */
export const selectMayEdit = (s: Snapshot) => s.context.mayEdit;
export const selectEmailGroup = (s: Snapshot) => groupTagged(s.context.groups, EMAIL_TAG);
export const selectInterstitialGroup = (s: Snapshot) => groupTagged(s.context.groups, INTERSTITIAL_TAG);
export const selectLiveBanner = (s: Snapshot) => liveItems(selectEmailGroup(s));
export const selectLiveInterstitial = (s: Snapshot) => liveItems(selectInterstitialGroup(s));
export const selectAdsByTag = (s: Snapshot) => adsByTag(s.context.ads);
export const selectGroups = (s: Snapshot) => s.context.groups;
