import type { StatusChange, StatusItem, StatusV2 } from '../../api/services/status';
import { ASK_BEFORE_LEAVING, type SelectedRow } from './types';

/** A move that saved and can be put back: each row's previous status with the version the move left. */
export interface UndoableMove {
  /** Names the move (and its toast): an Undo of an older toast is not taken. */
  key: number;
  items: StatusItem[];
  /** Display ids by id, to name the rows someone changed since. */
  names: Record<string, string>;
}

/** The selected rows a move to `status` takes out of Tour Completed or Canceled (asked first). */
export function leaving(rows: SelectedRow[], status: StatusV2): SelectedRow[] {
  return rows.filter(
    (r) => r.statusV2 !== undefined && r.statusV2 !== status && ASK_BEFORE_LEAVING.includes(r.statusV2),
  );
}

/**
 * What an undo of a saved move sends: each moved row back to the status it had, based on the
 * version the move answered (so a row changed since is not overwritten). Rows whose previous
 * status is unknown (not loaded) or that did not change have nothing to put back.
 */
export function undoOf(key: number, before: SelectedRow[], changes: StatusChange[]): UndoableMove {
  const was = new Map(before.map((r) => [r.id, r]));
  const items: StatusItem[] = [];
  const names: Record<string, string> = {};
  for (const change of changes) {
    const row = was.get(change.id);
    if (!row?.statusV2 || row.statusV2 === change.statusV2) continue;
    items.push({ id: change.id, statusV2: row.statusV2, version: change.version });
    names[change.id] = row.displayId ?? change.id;
  }
  return { key, items, names };
}

/** The toast of move `key` (closed when undone or superseded). */
export const toastId = (key: number) => `bulk-status-${key}`;
