import type { Ota } from '../../domain/statuses';

/**
 * One colour per channel, the same in every chart and legend, and one per kind of passenger.
 * Bars and slices are graphics that carry the figures: each colour reads at 3:1 or more against
 * the cards' white (WCAG 1.4.11), and the four stay apart for the common colour-vision
 * deficiencies (blue, vermilion, bluish green and reddish purple of the Okabe-Ito palette, darkened).
 */
export const CHANNEL_COLORS: Record<Ota, string> = {
  KLOOK: '#C2410C',
  KKDAY: '#0072B2',
  VIATOR: '#047857',
  MPG: '#A23B83',
};

export const PASSENGER_COLORS = { adult: '#0072B2', child: '#B45309' } as const;
