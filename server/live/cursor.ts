/**
 * A position in the live event log: the (transaction id, row id) of the last change delivered.
 * Serialised as `<tx>-<id>` (the stream's opaque `id:`); tx is an xid8, kept as decimal text
 * (it may pass 2^53), id a bigserial.
 */
export interface Cursor {
  tx: string;
  id: number;
}

export const formatCursor = (c: Cursor): string => `${c.tx}-${c.id}`;

/** The cursor of a Last-Event-ID, or null when it is not one. */
export function parseCursor(text: string | undefined): Cursor | null {
  const m = text === undefined ? null : /^(\d{1,20})-(\d{1,16})$/.exec(text.trim());
  if (!m) return null;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || BigInt(m[1]) >= 2n ** 64n) return null;
  return { tx: BigInt(m[1]).toString(), id };
}

/** Whether transaction `tx` is below `xmin`, i.e. finished (committed or rolled back). */
export const finished = (tx: string, xmin: string): boolean => BigInt(tx) < BigInt(xmin);
