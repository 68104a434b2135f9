import type { Ad, AdFrequency, AdGroup } from '../../domain/ads';
import type { Role } from '../../domain/statuses';
import type { GroupItemsReport } from '../group-items/types';

/** The interstitial screen (`/marketing/interstitial`): the team's group tagged `interstitial`. */
export interface InterstitialInput {
  teamId: string;
  /** The user's role in the team: setting the interstitial up and its frequency need the role matrix's. */
  role: Role;
}

export interface InterstitialContext extends InterstitialInput {
  ads: Ad[];
  /** The interstitial group; null until the team has one. */
  group: AdGroup | null;
  /** The frequency being saved. */
  frequency: AdFrequency | null;
  /** The ad the preview shows, an index into the group's live ads. */
  slide: number;
}

export type InterstitialEvent =
  | { type: 'interstitial.retry' }
  | { type: 'interstitial.create' }
  | { type: 'interstitial.frequency'; frequency: AdFrequency }
  | { type: 'preview.next' }
  | { type: 'preview.prev' }
  | { type: 'preview.show'; index: number }
  | GroupItemsReport;

export const CREATE_FAILED = 'Failed to create the interstitial';
export const FREQUENCY_FAILED = 'Failed to update the interstitial';
export const FREQUENCY_SAVED = 'Interstitial frequency saved';
