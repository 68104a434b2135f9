import { semanticTokens, tokens } from '@chakra-ui/react/theme';

/**
 * The stock tokens the app uses, in the light scheme only. The system turns every token into a CSS
 * variable as the app starts (createSystem runs before the first render); the app has no dark mode
 * and uses six of the ten colour palettes (gray, red, orange, yellow, green, blue), so the others and
 * every `_dark` value were variables no element reads: 622 variables became 428, and createSystem
 * 50 -> 40 ms cold in Node (more in a browser still compiling the rest of the app).
 */
export const PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'blue'] as const;
/** The stock palettes: the semantic colours' groups but the neutral ones. */
const STOCK_PALETTES = new Set(Object.keys(semanticTokens.colors).filter((k) => !['bg', 'fg', 'border'].includes(k)));
const unused = (name: string) => STOCK_PALETTES.has(name) && !(PALETTES as readonly string[]).includes(name);

type Tree = { [key: string]: unknown };

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A token tree with each `{ _light, _dark }` value replaced by its light one. */
function lightOnly<T>(tree: T): T {
  if (!isTree(tree)) return tree;
  const out: Tree = {};
  for (const [key, v] of Object.entries(tree)) {
    out[key] = key === 'value' && isTree(v) && '_light' in v ? v._light : lightOnly(v);
  }
  return out as T;
}

const withoutUnused = (colors: Tree): Tree =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !unused(name)));

export const lightTokens = {
  ...tokens,
  colors: withoutUnused(tokens.colors as Tree) as typeof tokens.colors,
};

export const lightSemanticTokens = lightOnly({
  ...semanticTokens,
  colors: withoutUnused(semanticTokens.colors as Tree) as typeof semanticTokens.colors,
});
