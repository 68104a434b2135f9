import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { animationStyles, breakpoints, globalCss, keyframes, layerStyles, textStyles } from '@chakra-ui/react/theme';
import { lightSemanticTokens as semanticTokens, lightTokens as tokens } from './light-tokens';
import { paletteColors } from './palettes';
import { recipes, slotRecipes } from './recipes';
import { THEME } from './tokens';

/** A phone: below 768 px (src/ui/layouts/viewport.ts). */
const PHONE_MEDIA = '@media (max-width: 47.99em)';
const TOUCH = '44px !important';

/**
 * On a phone, every control is a touch target of at least 44 x 44 px (WCAG 2.5.5), whatever size
 * its screen gave it for a mouse: a floor, so `!important` (a component's own size is a class, which
 * a global rule could not outrank otherwise). Dialogs fit the screen with a margin.
 */
const PHONE_RULES = {
  'button, .chakra-button, select, [role=menuitem], [role=menuitemradio], [role=menuitemcheckbox], [role=option], [role=tab], [role=radio]':
    { minHeight: TOUCH },
  'button, .chakra-button, [role=tab], [role=radio]': { minWidth: TOUCH },
  // a native check box's target is its label
  'label:has(> input[type=checkbox]), label:has(> input[type=radio])': {
    minHeight: TOUCH,
    display: 'inline-flex',
    alignItems: 'center',
  },
  'input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea': { minHeight: TOUCH },
  '[data-scope=checkbox][data-part=root], [data-scope=switch][data-part=root], [data-scope=radio-group][data-part=item]':
    { minHeight: TOUCH },
  '[data-scope=dialog][data-part=content]:not(.chakra-drawer__content)': {
    maxWidth: 'calc(100vw - 16px) !important',
    marginInline: '8px',
  },
  '[data-scope=dialog][data-part=positioner]:not(.chakra-drawer__positioner)': { paddingInline: '0' },
};

/**
 * One Chakra system for the app: the base config (utilities, conditions) plus
 * the default tokens the app uses, light only (see ./light-tokens), and only the recipes in use
 * (see ./recipes), with SPEC section 1's look on top.
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
    [PHONE_MEDIA]: PHONE_RULES,
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
