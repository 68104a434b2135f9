import type { ClickMode, KeyOptions, SelectionKey } from '../../domain/selection-rules';
import type { RowKey } from '../list/types';

export type SelectionEvent =
  | { type: 'selection.toggle'; id: string }
  | { type: 'selection.set'; ids: string[] }
  | { type: 'selection.clear' }
  /** Plain click replaces, Shift+click extends a range, Ctrl/Cmd+click toggles; a date header toggles its day. */
  | { type: 'selection.click'; id: string; mode: ClickMode }
  /** A key on the list: moves (Shift: `extend`), Space, Enter, Escape, Ctrl/Cmd+A. */
  | ({ type: 'selection.key'; key: SelectionKey } & KeyOptions)
  | { type: 'selection.close' }
  /** The list as shown now: selected rows no longer among them are dropped. */
  | { type: 'selection.rows'; rows: readonly RowKey[] };

/** What the selection reports to its screen after each change. */
export type SelectionReport = { type: 'selection.changed'; ids: string[]; openId: string | null };
