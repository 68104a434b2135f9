/** The global look of SPEC section 1, in one place for the system and its tests. */
export const THEME = {
  primary: '#0081A7',
  primaryHover: '#006685',
  base: '#FCFCFD',
  fontStack: 'Inter, system-ui, sans-serif',
  baseSize: '13px',
  strongWeight: 700,
  tableBorder: '#E1F4FF',
  menuItemHeight: '1.7rem',
} as const;
