import type { FeatureFlagRecord } from '../../api/services/features';
import type { Continent } from '../../../shared/countries';

/** Who changed a flag last, when and what it did; null when it was never changed. */
export type LastChange = FeatureFlagRecord['lastChange'];

/** A flag's countries on their way to the server. */
export interface Sending {
  id: string;
  teams: string[];
}

export interface FeatureToggleContext {
  /** The flags as the server last answered: what a refused change rolls back to. */
  flags: FeatureFlagRecord[];
  /** The countries each flag shows as on (by flag id): the server's plus the changes not confirmed yet. */
  shown: Record<string, string[]>;
  /** The one change in flight, if any. */
  sending: Sending | null;
}

export type FeatureToggleEvent =
  /** One country of a flag on or off. */
  | { type: 'flags.toggleCountry'; flagId: string; code: string }
  /** Every country of a continent at once: all on, or all off when all were on. */
  | { type: 'flags.toggleContinent'; flagId: string; continent: Continent }
  /** After a failed load. */
  | { type: 'flags.retry' };
