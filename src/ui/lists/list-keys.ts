import type { KeyboardEvent } from 'react';
import type { SelectionEvent } from '../../machines/selection/types';
import { MOVE_KEYS, type MoveKey } from '../../domain/selection-rules';

type KeyEvent = Extract<SelectionEvent, { type: 'selection.key' }>;

const isMoveKey = (key: string): key is MoveKey => (MOVE_KEYS as readonly string[]).includes(key);

/**
 * The selection event of a key pressed on the list (src/domain/shortcuts.ts lists them), or null
 * for a key the list leaves alone (Ctrl/Cmd+Enter sends a comment, Tab moves on...).
 * `pageSize`: the rows the list shows at once, for PageUp/PageDown.
 */
export function selectionKey(event: KeyboardEvent, pageSize: number): KeyEvent | null {
  const mod = event.ctrlKey || event.metaKey;
  if (mod && !event.altKey && event.key.toLowerCase() === 'a') return { type: 'selection.key', key: 'SelectAll' };
  if (mod || event.altKey) return null;
  if (isMoveKey(event.key)) return { type: 'selection.key', key: event.key, extend: event.shiftKey, pageSize };
  if (event.shiftKey) return null;
  if (event.key === ' ') return { type: 'selection.key', key: 'Space' };
  if (event.key === 'Enter' || event.key === 'Escape') return { type: 'selection.key', key: event.key };
  return null;
}
