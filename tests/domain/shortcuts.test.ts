import { describe, expect, it } from 'vitest';
import {
  focusesSearch,
  opensShortcutSheet,
  SHORTCUT_SCOPES,
  SHORTCUTS,
  shortcutsOf,
  skipLinkTarget,
} from '../../src/domain/shortcuts';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('shortcuts (issue 11 item 6)', () => {
  it('lists every shortcut the team agreed on, each once, in a scope the sheet shows', () => {
    const keys = SHORTCUTS.map((s) => s.keys.join('+'));
    expect(keys).toEqual([
      '↑',
      '↓',
      'Shift+↑',
      'Shift+↓',
      'Home',
      'End',
      'Page Up',
      'Page Down',
      'Ctrl/Cmd+A',
      'Space',
      'Enter',
      'Esc',
      'Ctrl/Cmd+Enter',
      '/',
      '?',
    ]);
    expect(new Set(SHORTCUTS.map((s) => s.description)).size).toBe(SHORTCUTS.length);
    const shown = SHORTCUT_SCOPES.flatMap(({ scope }) => shortcutsOf(scope));
    expect(shown).toHaveLength(SHORTCUTS.length);
    expect(shortcutsOf('panel').map((s) => s.description)).toEqual(['Send the comment']);
  });

  it('opens the sheet with ? alone, not while typing, not as part of another chord', () => {
    expect(opensShortcutSheet(press('?'), false)).toBe(true);
    expect(opensShortcutSheet(press('?'), true)).toBe(false);
    expect(opensShortcutSheet(press('/'), false)).toBe(false);
    expect(opensShortcutSheet(press('?', { ctrlKey: true }), false)).toBe(false);
    expect(opensShortcutSheet(press('?', { metaKey: true }), false)).toBe(false);
    expect(opensShortcutSheet(press('?', { altKey: true }), false)).toBe(false);
  });

  it('focuses the search with / alone, not while typing, not as part of another chord', () => {
    expect(focusesSearch(press('/'), false)).toBe(true);
    expect(focusesSearch(press('/'), true)).toBe(false);
    expect(focusesSearch(press('?'), false)).toBe(false);
    expect(focusesSearch(press('/', { ctrlKey: true }), false)).toBe(false);
    expect(focusesSearch(press('/', { metaKey: true }), false)).toBe(false);
  });

  it('skips to the list on the order and tour lists, to the content elsewhere', () => {
    for (const path of ['/orders', '/orders/new-added', '/tours', '/tours/today', '/orders/']) {
      expect(skipLinkTarget(path), path).toBe('list');
    }
    for (const path of ['/export', '/products', '/statistics', '/setting', '/ordersx', '/']) {
      expect(skipLinkTarget(path), path).toBe('content');
    }
  });
});
