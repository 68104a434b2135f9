import { lightSemanticTokens, PALETTES } from './light-tokens';
import { THEME } from './tokens';

/**
 * Colour palettes with a `hover` shade: solid buttons hover to
 * `colorPalette.hover`, so every palette a button may use needs one (CSS
 * variables inherit: a palette without it would hover in the parent's colour).
 */
const STOCK = lightSemanticTokens.colors as Record<string, Record<string, unknown>>;
/** The shade a palette's solid buttons hover to: darker, but for gray's and yellow's scales. */
const HOVER_SHADE: Partial<Record<(typeof PALETTES)[number], string>> = { gray: '800', yellow: '400' };

const withHover = (name: string, shade: string) => ({ ...STOCK[name], hover: { value: `{colors.${name}.${shade}}` } });

export const paletteColors = {
  ...Object.fromEntries(PALETTES.map((name) => [name, withHover(name, HOVER_SHADE[name] ?? '700')])),
  primary: {
    solid: { value: THEME.primaryFill },
    hover: { value: THEME.primaryHover },
    contrast: { value: 'white' },
    // text in the primary colour: its hover shade, which reads at 4.5:1 on white and on `subtle`
    fg: { value: THEME.primaryHover },
    subtle: { value: '#E6F4F8' },
    // the hover fill of subtle buttons, under `fg` text: light enough for 4.5:1 (#B3DDEA gave 4.46)
    muted: { value: '#BDE2EE' },
    emphasized: { value: '#80C7DC' },
    // 4.4:1 on the base colour and on white: focus rings need 3:1 (WCAG 1.4.11)
    focusRing: { value: THEME.primary },
    border: { value: '#80C0D3' },
  },
};
