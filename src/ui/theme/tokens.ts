/** The global look of SPEC section 1, in one place for the system and its tests. */
export const THEME = {
  primary: '#0081A7',
  /**
   * Fills behind white text (solid buttons): the primary colour one step darker, which reads at
   * 4.53:1 (WCAG AA); #0081A7 itself gives 4.47:1. The two are indistinguishable to the eye.
   */
  primaryFill: '#0080A6',
  primaryHover: '#006685',
  base: '#FCFCFD',
  /** Inter as bundled (./inter.css), then an installed Inter, then the system's sans-serif. */
  fontStack: "'Inter Variable', Inter, system-ui, sans-serif",
  baseSize: '13px',
  strongWeight: 700,
  tableBorder: '#E1F4FF',
  menuItemHeight: '1.7rem',
} as const;
