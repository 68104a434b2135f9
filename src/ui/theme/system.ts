import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { paletteColors } from './palettes';
import { recipes, slotRecipes } from './recipes';
import { THEME } from './tokens';

/**
 * One Chakra system for the app: the base config (utilities, conditions) plus
 * the default tokens and only the recipes in use (see ./recipes), with
 * SPEC section 1's look on top.
 */
const config = defineConfig({
  preflight: true,
  // No cascade layers: Blink restyles and lays out the whole document whenever a rule is inserted
  // into a `@layer` block, and emotion inserts a component's rules the first time it renders (a
  // menu, a spinner, the first toast), so every first use cost a full restyle. Unlayered class
  // rules invalidate only the elements they match. Precedence stays as with layers: an element's
  // recipe and style props are merged into one rule, its props last.
  disableLayers: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    html: { ...globalCss.html, colorPalette: 'primary', fontSize: THEME.baseSize, bg: 'bg' },
    body: { fontFamily: 'body', bg: 'bg' },
    'strong, b': { fontWeight: 'bold' },
  },
  theme: {
    breakpoints,
    keyframes,
    textStyles,
    layerStyles,
    animationStyles,
    tokens: {
      ...tokens,
      fonts: {
        ...tokens.fonts,
        heading: { value: THEME.fontStack },
        body: { value: THEME.fontStack },
      },
      fontWeights: { ...tokens.fontWeights, bold: { value: String(THEME.strongWeight) } },
      colors: {
        ...tokens.colors,
        brand: { value: THEME.primary },
        base: { value: THEME.base },
      },
    },
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...semanticTokens.colors,
        bg: { ...semanticTokens.colors.bg, DEFAULT: { value: THEME.base } },
        ...paletteColors,
        table: { border: { value: THEME.tableBorder } },
      },
    },
    recipes,
    slotRecipes,
  },
});

// Solid buttons hover to the palette's `hover` shade (primary: #006685), see ./palettes.
const solidHover = 'colorPalette.hover';
const menuItem = { h: THEME.menuItemHeight, minH: THEME.menuItemHeight, py: '0' };

/** Adjustments merged over the stock recipes. */
const overrides = defineConfig({
  theme: {
    recipes: {
      button: { variants: { variant: { solid: { _hover: { bg: solidHover }, _expanded: { bg: solidHover } } } } },
    },
    slotRecipes: {
      menu: { slots: slotRecipes.menu.slots, variants: { size: { sm: { item: menuItem }, md: { item: menuItem } } } },
    },
  },
});

export const system = createSystem(defaultBaseConfig, config, overrides);
