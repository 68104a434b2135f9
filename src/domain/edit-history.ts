import { applyEdit, type EditChange, type EditPayload, type Editable } from './edits';

/**
 * The edit history of the panel as plain data: past/future stacks (top = last element) and the
 * queue of writes not yet saved. The machines keep it in context and change it only through these.
 */
export interface HistoryEntry {
  key: number;
  id: string;
  forward: EditChange;
  backward: EditChange;
}

export type JobMode = 'edit' | 'undo' | 'redo';

export interface SaveJob {
  mode: JobMode;
  entry: HistoryEntry;
  payload: EditPayload;
  /** The change as the person asked for it (kept through a conflict). */
  typed: EditChange;
}

export interface EditHistory<T extends Editable & { id: string }> {
  records: Record<string, T>;
  past: HistoryEntry[];
  future: HistoryEntry[];
  queue: SaveJob[];
  nextKey: number;
}

export type Step<T extends Editable & { id: string }> =
  { ok: true; state: EditHistory<T>; record: T; job: SaveJob } | { ok: false; error: string };

const without = (entries: HistoryEntry[], key: number) => entries.filter((e) => e.key !== key);

/** A new edit: applied on screen, pushed on the past, the future cleared, its write queued. */
export function edit<T extends Editable & { id: string }>(
  state: EditHistory<T>,
  id: string,
  change: EditChange,
  tz: string,
): Step<T> {
  const record = state.records[id];
  if (!record) return { ok: false, error: 'Order not found' };
  const result = applyEdit(record, change, tz);
  if (!result.ok) return result;
  const entry: HistoryEntry = { key: state.nextKey, id, forward: result.forward, backward: result.inverse };
  const job: SaveJob = { mode: 'edit', entry, payload: result.payload, typed: change };
  return {
    ok: true,
    record: result.record,
    job,
    state: {
      records: { ...state.records, [id]: result.record },
      past: [...state.past, entry],
      future: [],
      queue: [...state.queue, job],
      nextKey: state.nextKey + 1,
    },
  };
}

/** Undo (top of the past to the future) or redo (top of the future back to the past), its write queued. */
export function travel<T extends Editable & { id: string }>(
  state: EditHistory<T>,
  mode: 'undo' | 'redo',
  tz: string,
): Step<T> {
  const from = mode === 'undo' ? state.past : state.future;
  const entry = from.at(-1);
  const record = entry && state.records[entry.id];
  if (!entry || !record) return { ok: false, error: `Nothing to ${mode}` };
  const change = mode === 'undo' ? entry.backward : entry.forward;
  const result = applyEdit(record, change, tz);
  if (!result.ok) return result;
  const job: SaveJob = { mode, entry, payload: result.payload, typed: change };
  const rest = from.slice(0, -1);
  return {
    ok: true,
    record: result.record,
    job,
    state: {
      ...state,
      records: { ...state.records, [entry.id]: result.record },
      past: mode === 'undo' ? rest : [...state.past, entry],
      future: mode === 'undo' ? [...state.future, entry] : rest,
      queue: [...state.queue, job],
    },
  };
}

/**
 * Drops every queued write of one record (the first of them failed or was stale) and undoes what
 * they did to the stacks, newest first: the history again matches what the server holds.
 */
export function dropJobs<T extends Editable & { id: string }>(state: EditHistory<T>, id: string): EditHistory<T> {
  const dropped = state.queue.filter((j) => j.entry.id === id);
  let { past, future } = state;
  for (const job of [...dropped].reverse()) {
    const key = job.entry.key;
    if (job.mode === 'edit') past = without(past, key);
    else if (job.mode === 'undo') [past, future] = [[...without(past, key), job.entry], without(future, key)];
    else [past, future] = [without(past, key), [...without(future, key), job.entry]];
  }
  return { ...state, past, future, queue: state.queue.filter((j) => j.entry.id !== id) };
}

/** A write saved: its job leaves the queue; the record takes the server's version (and, with nothing
 * more queued for it, the server's values). */
export function saved<T extends Editable & { id: string; version: number }>(
  state: EditHistory<T>,
  server: T,
): EditHistory<T> {
  const queue = state.queue.slice(1);
  const record = state.records[server.id];
  const settled = !queue.some((j) => j.entry.id === server.id);
  const next = settled ? { ...record, ...server } : { ...record, version: server.version };
  return { ...state, queue, records: { ...state.records, [server.id]: next } };
}

/** The server's record replaces what the screen showed (after a failure, a conflict or a load). */
export function replaceRecord<T extends Editable & { id: string }>(state: EditHistory<T>, record: T): EditHistory<T> {
  return { ...state, records: { ...state.records, [record.id]: record } };
}

export function forget<T extends Editable & { id: string }>(state: EditHistory<T>, id: string): EditHistory<T> {
  const { [id]: _gone, ...records } = state.records;
  const rest = dropJobs(state, id);
  return {
    ...rest,
    records,
    past: rest.past.filter((e) => e.id !== id),
    future: rest.future.filter((e) => e.id !== id),
  };
}
