import { accessRows } from '../auth/access';
import type { Db } from '../db/client';
import { checkUnique, checkVersions } from '../http/validate';
import { appendEvents, subjectOf, type NewEvent } from '../repo/events';
import { updateVersioned, type EditableColumn } from '../repo/versioned';
import type { Caller } from '../types';
import type { RecordKind } from './kinds';

/** What an edit changes: { field: { from, to } } for every given field whose value differs. */
export type Changes = Record<string, { from: unknown; to: unknown }>;

export function changesOf<U, T>(columns: EditableColumn<U, T>[], before: T, item: U): Changes {
  const out: Changes = {};
  for (const { field, type, merge } of columns) {
    const given: unknown = item[field];
    if (given === undefined) continue;
    const from: unknown = before[field];
    let to = given;
    if (type === 'timestamptz') to = new Date(String(given)).toISOString();
    if (merge) to = Object.assign({}, from, given);
    if (JSON.stringify(from) !== JSON.stringify(to)) out[field] = { from, to };
  }
  return out;
}

/**
 * Edits of orders or tours, all or nothing: 404 unless every id is the caller's, 409 for a stale
 * version; each record gets an EDIT event naming what changed. Answers the records as stored after.
 */
export async function editRecords<T extends { id: string }, U extends { id: string; version: number }>(
  db: Db,
  user: Caller,
  kind: RecordKind<T, U>,
  items: U[],
): Promise<T[]> {
  const ids = items.map((i) => i.id);
  checkUnique(ids, `${kind.label.toLowerCase()} ids`);
  for (const i of items) kind.check(i, `${kind.label} ${i.id}`);
  return db.tx(async (tx) => {
    const stored = await accessRows(tx, user, kind.table, ids, { lock: true });
    checkVersions(items, stored);
    const before = new Map((await kind.byIds(tx, ids)).map((r) => [r.id, r]));
    await updateVersioned(tx, kind.table, kind.columns, items);
    const events = items.map((i): NewEvent => {
      const changes = changesOf(kind.columns, before.get(i.id)!, i);
      const names = Object.keys(changes);
      return {
        teamId: stored.get(i.id)!.teamId,
        ...subjectOf(kind.subject(i.id)),
        type: 'EDIT',
        comment: names.length ? `Changed ${names.join(', ')}` : 'Saved without changes',
        data: { changes },
      };
    });
    await appendEvents(tx, user, events);
    return kind.byIds(tx, ids);
  });
}
