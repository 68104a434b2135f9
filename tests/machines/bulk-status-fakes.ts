import { vi } from 'vitest';
import { createActor, fromPromise, fromTransition } from 'xstate';
import type { StatusBatchInput, StatusBatchOutput } from '../../src/api/services/status';
import { bulkStatusMachine, type CountsRefresher } from '../../src/machines/bulk-status/bulk-status.machine';
import type { ListHandle, ListItem, ListKind, ListPatchEvent } from '../../src/machines/list/types';
import type { NotifyEvent } from '../../src/machines/notify';

/** Rows the fake list has loaded: o1 and o2 with their versions (o9, moved too, is not loaded). */
export const LOADED = [
  { id: 'o1', version: 3, statusV2: 'new' },
  { id: 'o2', version: 0, statusV2: 'pending' },
  { id: 'x1', version: 7, statusV2: 'new' },
] as unknown as ListItem[];

/** A list that records what it is told. */
export function fakeList() {
  const logic = fromTransition(
    (state: { items: ListItem[]; received: ListPatchEvent[] }, event: ListPatchEvent) => ({
      ...state,
      received: [...state.received, event],
    }),
    { items: LOADED, received: [] },
  );
  const actor = createActor(logic).start();
  return { handle: actor as unknown as ListHandle, received: () => actor.getSnapshot().context.received };
}

/** The navigation totals: counts its refreshes. */
export function fakeCounts() {
  const actor = createActor(fromTransition((n: number) => n + 1, 0)).start();
  return { handle: actor as unknown as CountsRefresher, refreshes: () => actor.getSnapshot().context };
}

type Settle = { resolve: (v: StatusBatchOutput) => void; reject: (e: unknown) => void };

/** The bulk machine with controllable services: each call waits until the test settles it. */
export function bulkHarness(kind: ListKind) {
  const list = fakeList();
  const counts = fakeCounts();
  const calls: Array<{ id: string; input: StatusBatchInput }> = [];
  const pending = new Map<string, Settle>();
  const deferred = (id: string) =>
    fromPromise<StatusBatchOutput, StatusBatchInput>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          calls.push({ id, input });
          pending.set(id, { resolve, reject });
        }),
    );
  const machine = bulkStatusMachine.provide({
    actors: {
      updateOrderStatusBatch: deferred('updateOrderStatusBatch'),
      updateTourStatusBatch: deferred('updateTourStatusBatch'),
    },
  });
  const actor = createActor(machine, { input: { kind, list: list.handle, counts: counts.handle } });
  const notices: NotifyEvent[] = [];
  actor.on('notify', (notice) => notices.push(notice));
  actor.start();

  const flush = () => new Promise((r) => setTimeout(r, 0));
  async function settle(id: string, outcome: { output: StatusBatchOutput } | { error: unknown }) {
    const waiting = pending.get(id);
    if (!waiting) throw new Error(`${id} is not running`);
    pending.delete(id);
    if ('output' in outcome) waiting.resolve(outcome.output);
    else waiting.reject(outcome.error);
    await flush();
  }
  return { actor, list, counts, calls, notices, settle, flush, running: (id: string) => pending.has(id) };
}

export function silenceLogs() {
  return {
    warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
  };
}
