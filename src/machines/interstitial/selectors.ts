import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { liveItems } from '../../domain/ads';
import type { interstitialMachine } from './interstitial.machine';

/** Narrow reads of the interstitial screen for its views (use with `useSelector`). */
export type InterstitialActorRef = ActorRefFrom<typeof interstitialMachine>;
type Snapshot = SnapshotFrom<typeof interstitialMachine>;

export const selectView = (s: Snapshot) =>
  s.matches('failed')
    ? 'failed'
    : s.hasTag('loading')
      ? 'loading'
      : s.matches({ ready: 'configured' })
        ? 'configured'
        : 'missing';
export const selectGroupItems = (s: Snapshot) => s.children.groupItems;
/** What customers get: the live ads in order. */
export const selectShown = (s: Snapshot) => liveItems(s.context.group);
export const selectSlide = (s: Snapshot) => s.context.slide;
/** The frequency chosen: the one being saved, else the group's. */
export const selectFrequency = (s: Snapshot) => s.context.frequency ?? s.context.group?.frequency ?? 'daily';
export const selectSavingFrequency = (s: Snapshot) => s.hasTag('savingFrequency');
export const selectCanChangeFrequency = (s: Snapshot) => s.matches({ ready: { configured: { frequency: 'idle' } } });
/** The role may change the frequency: else it shows as text. */
export const selectMayChangeFrequency = (s: Snapshot) =>
  !s.matches({ ready: { configured: { frequency: 'readOnly' } } });
export const selectCreating = (s: Snapshot) => s.hasTag('creating');
export const selectCanCreate = (s: Snapshot) => s.can({ type: 'interstitial.create' });
export const selectCanNext = (s: Snapshot) => s.can({ type: 'preview.next' });
export const selectCanPrev = (s: Snapshot) => s.can({ type: 'preview.prev' });
