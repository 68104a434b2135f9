import type { ExportResult } from '../../api/services/exports';
import type { CheckedInOrder, Manifest, ManifestParty, ManifestSource } from '../../api/services/manifest';
import type { LiveFeedEvent, LiveHandle } from '../live/types';

export type { CheckedInOrder, ExportResult, Manifest, ManifestParty, ManifestSource };

/** The manifest screen: a tour's or a departure's. */
export interface ManifestInput {
  teamId: string;
  source: ManifestSource;
  /** The session's live actor: changes of the orders and tours bring the manifest again. */
  live?: LiveHandle | null;
}

export interface ManifestContext extends ManifestInput {
  manifest: Manifest | null;
  /** Changes heard while the manifest was loading again: one more load follows. */
  stale: boolean;
  /** The last CSV link prepared. */
  link: string | null;
  error: string | null;
}

export type ManifestEvent =
  { type: 'manifest.retry' } | { type: 'manifest.csv' } | { type: 'manifest.print' } | LiveFeedEvent;
