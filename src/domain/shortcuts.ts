/** Every keyboard shortcut of the app, listed once: the `?` sheet reads this list (SPEC section 5, issue 11). */

export type ShortcutScope = 'list' | 'panel' | 'global';

export interface Shortcut {
  /** Keys pressed together, as shown on the keycaps (`Ctrl/Cmd`: Ctrl, or Cmd on a Mac). */
  keys: string[];
  description: string;
  scope: ShortcutScope;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['↑'], description: 'Move to the previous row', scope: 'list' },
  { keys: ['↓'], description: 'Move to the next row', scope: 'list' },
  { keys: ['Shift', '↑'], description: 'Extend the selection up', scope: 'list' },
  { keys: ['Shift', '↓'], description: 'Extend the selection down', scope: 'list' },
  { keys: ['Home'], description: 'Move to the first row', scope: 'list' },
  { keys: ['End'], description: 'Move to the last row', scope: 'list' },
  { keys: ['Page Up'], description: 'Move up a page', scope: 'list' },
  { keys: ['Page Down'], description: 'Move down a page', scope: 'list' },
  { keys: ['Ctrl/Cmd', 'A'], description: 'Select the loaded rows', scope: 'list' },
  { keys: ['Space'], description: 'Select or unselect the row', scope: 'list' },
  { keys: ['Enter'], description: 'Open the row in the panel', scope: 'list' },
  { keys: ['Esc'], description: 'Clear the selection, then close the panel', scope: 'list' },
  { keys: ['Ctrl/Cmd', 'Enter'], description: 'Send the comment', scope: 'panel' },
  { keys: ['/'], description: 'Focus the search', scope: 'global' },
  { keys: ['?'], description: 'Show the keyboard shortcuts', scope: 'global' },
];

export const SHORTCUT_SCOPES: readonly { scope: ShortcutScope; label: string }[] = [
  { scope: 'global', label: 'Everywhere' },
  { scope: 'list', label: 'Lists' },
  { scope: 'panel', label: 'Panel' },
];

/** The shortcuts of one scope, in the order above. */
export function shortcutsOf(scope: ShortcutScope): Shortcut[] {
  return SHORTCUTS.filter((s) => s.scope === scope);
}

/** A key press as far as the shortcuts care. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** `?` opens the sheet, unless it is typed into a field (or is part of another chord). */
export function opensShortcutSheet(press: KeyPress, typing: boolean): boolean {
  return press.key === '?' && !typing && !press.ctrlKey && !press.metaKey && !press.altKey;
}

/** `/` focuses the list's search box, unless it is typed into a field. */
export function focusesSearch(press: KeyPress, typing: boolean): boolean {
  return press.key === '/' && !typing && !press.ctrlKey && !press.metaKey && !press.altKey;
}

/** Where the skip link leads: the list on the order and tour lists, else the page's content. */
export function skipLinkTarget(pathname: string): 'list' | 'content' {
  return /^\/(orders|tours)(\/|$)/.test(pathname) ? 'list' : 'content';
}
