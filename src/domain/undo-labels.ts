import type { EditChange } from './edits';

/** What an edit changed, as its toast's Undo says it. */
const FIELD_WORDS: Record<EditChange['field'], string> = {
  departureTime: 'departure',
  departureAt: 'departure',
  price: 'price',
  priceText: 'price',
  displayName: 'name',
};

/**
 * An Undo button says what it undoes: "Undo price of KH-000251" for one record, "Undo edit of
 * 3 tours" for several.
 */
export function undoEditLabel(edits: ReadonlyArray<{ change: EditChange; displayId: string }>, noun: string): string {
  if (edits.length === 1) return `Undo ${FIELD_WORDS[edits[0].change.field]} of ${edits[0].displayId}`;
  return `Undo edit of ${edits.length} ${noun}`;
}
