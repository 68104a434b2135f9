import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FeatureFlagRecord } from '../../api/services/features';
import { sameCountries } from '../../../shared/feature-flags';
import type { featureToggleMachine } from './feature-toggle.machine';

/** Narrow reads of the feature toggle page for its views (use with `useSelector`). */
export type FeatureToggleActorRef = ActorRefFrom<typeof featureToggleMachine>;
export type FeatureToggleSnapshot = SnapshotFrom<typeof featureToggleMachine>;

const NONE: string[] = [];

export const selectLoading = (s: FeatureToggleSnapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: FeatureToggleSnapshot) => s.matches('failed');
export const selectCanRetry = (s: FeatureToggleSnapshot) => s.can({ type: 'flags.retry' });
export const selectReady = (s: FeatureToggleSnapshot) => s.matches('ready');
/** The flags as the server last answered (name, description, default state, last change). */
export const selectFlags = (s: FeatureToggleSnapshot): FeatureFlagRecord[] => s.context.flags;
export const selectFlag = (s: FeatureToggleSnapshot, id: string): FeatureFlagRecord | undefined =>
  s.context.flags.find((f) => f.id === id);
/** The countries a flag shows as on, its unconfirmed toggles included. */
export const selectShown = (s: FeatureToggleSnapshot, id: string): string[] => s.context.shown[id] ?? NONE;
/** Whether a flag has changes the server has not confirmed yet (in flight or waiting). */
export function selectUnsaved(s: FeatureToggleSnapshot, id: string): boolean {
  const flag = selectFlag(s, id);
  if (!flag) return false;
  return s.context.sending?.id === id || !sameCountries(selectShown(s, id), flag.teams);
}
