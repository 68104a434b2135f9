import type { EditChange } from './edits';

/**
 * Edits that were refused (a time that is not 24-hour `HH:mm`, a price that is not a number):
 * one message per field, kept while the field holds what was typed, gone once the field is
 * corrected or the typing is given up (Escape). Keyed by record and field.
 */
export type InvalidEdits = Readonly<Record<string, string>>;

/** The fields an edit is typed in, as the panel names them. */
export const FIELDS = {
  departure: 'departure',
  name: 'name',
  price: (type: string) => `price:${type}`,
} as const;

/** The field a change is typed in. */
export function fieldOf(change: EditChange): string {
  switch (change.field) {
    case 'departureTime':
    case 'departureAt':
      return FIELDS.departure;
    case 'price':
    case 'priceText':
      return FIELDS.price(change.priceType);
    case 'displayName':
      return FIELDS.name;
  }
}

const keyOf = (id: string, field: string) => `${id}/${field}`;

/** The message a record's field shows, or null. */
export function invalidMessage(invalid: InvalidEdits, id: string, field: string): string | null {
  return invalid[keyOf(id, field)] ?? null;
}

export function withInvalid(invalid: InvalidEdits, id: string, change: EditChange, message: string): InvalidEdits {
  return { ...invalid, [keyOf(id, fieldOf(change))]: message };
}

/** Without the field's message (unchanged, the same object, when it had none). */
export function withoutInvalid(invalid: InvalidEdits, id: string, field: string): InvalidEdits {
  const key = keyOf(id, field);
  if (!(key in invalid)) return invalid;
  const { [key]: _gone, ...rest } = invalid;
  return rest;
}
