import { formatAmount } from '../../domain/amounts';
import { priceLabel } from '../../domain/display-names';
import { formatTime } from '../../domain/format';
import { replaceRecord, type EditHistory } from '../../domain/edit-history';
import { FIELDS } from '../../domain/invalid-edits';
import type { Order } from '../list/types';

/**
 * Someone else changed the field the person is editing (a live change): what the field says under
 * it, in the panel's own words. Pure helpers of the order edit history.
 */

/** Who made a change elsewhere: a user or a channel; null when unknown (the system). */
export type Changer = { id: string; name: string } | null;

/** The field that has the focus in the panel. */
export interface EditingField {
  id: string;
  field: string;
}

export interface ElsewhereNote extends EditingField {
  message: string;
}

/** A field as the panel labels it, with its value as the panel shows it (null: the order has none). */
function shown(order: Order, field: string, tz: string): { label: string; text: string } | null {
  if (field === FIELDS.departure) return { label: 'Departure time', text: formatTime(order.departureAt, tz) };
  const price = order.prices.find((p) => FIELDS.price(p.type) === field);
  return price
    ? { label: `${priceLabel(price.type)} price (${price.currency})`, text: formatAmount(price.amount, price.currency) }
    : null;
}

/** "Ann changed Departure time to 10:30" (or "Changed elsewhere to 10:30") when the edited field moved; else null. */
export function changedElsewhere(
  before: Order | undefined,
  after: Order,
  editing: EditingField | null,
  by: Changer,
  tz: string,
): string | null {
  if (!before || !editing || editing.id !== after.id) return null;
  const now = shown(after, editing.field, tz);
  if (!now || shown(before, editing.field, tz)?.text === now.text) return null;
  return by ? `${by.name} changed ${now.label} to ${now.text}` : `Changed elsewhere to ${now.text}`;
}

interface HistoryState extends EditHistory<Order> {
  timezone: string;
  editing?: EditingField | null;
  elsewhere?: ElsewhereNote | null;
}

/**
 * An order the panel loaded (or was told changed, `by`: elsewhere) over the history: its record
 * replaced unless writes of it are still queued (the screen keeps what it shows). When the field
 * the person is typing in moved, it gets a note, and the record keeps the version the person saw,
 * so saving what they typed meets the version check (a conflict to settle) instead of overwriting.
 */
export function loadOrder(state: HistoryState, fresh: Order, by: Changer | undefined) {
  const editing = state.editing ?? null;
  const message =
    by === undefined ? null : changedElsewhere(state.records[fresh.id], fresh, editing, by, state.timezone);
  const elsewhere = message && editing ? { ...editing, message } : (state.elsewhere ?? null);
  if (state.queue.some((j) => j.entry.id === fresh.id)) return { elsewhere };
  const based = message ? { ...fresh, version: state.records[fresh.id].version } : fresh;
  return { ...replaceRecord(state, based), elsewhere };
}

/** Leaving a field (its value committed or not) ends the note about it. */
export function leaveField(state: HistoryState, field: EditingField) {
  const same = (f?: EditingField | null) => f?.id === field.id && f.field === field.field;
  return {
    editing: same(state.editing) ? null : (state.editing ?? null),
    elsewhere: same(state.elsewhere) ? null : (state.elsewhere ?? null),
  };
}
