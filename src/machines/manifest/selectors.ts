import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CheckInActorRef } from '../check-in/selectors';
import type { manifestMachine } from './manifest.machine';

export type { CheckInActorRef };

/** Narrow reads of the manifest screen and its check-in queue, for the views. */
export type ManifestActorRef = ActorRefFrom<typeof manifestMachine>;
type ManifestSnapshot = SnapshotFrom<typeof manifestMachine>;

export type ManifestView = 'loading' | 'failed' | 'ready';

export const selectView = (s: ManifestSnapshot): ManifestView =>
  s.matches({ data: 'ready' }) ? 'ready' : s.matches({ data: 'failed' }) ? 'failed' : 'loading';
export const selectManifest = (s: ManifestSnapshot) => s.context.manifest;
export const selectError = (s: ManifestSnapshot) => s.context.error;
export const selectExporting = (s: ManifestSnapshot) => s.hasTag('exporting');
export const selectCheckIn = (s: ManifestSnapshot) => s.children.checkIn as CheckInActorRef | undefined;
