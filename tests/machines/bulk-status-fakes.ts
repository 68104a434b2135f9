import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { StatusBatchInput, StatusBatchOutput, StatusUndoOutput } from '../../src/api/services/status';
import { bulkStatusMachines } from '../../src/machines/bulk-status/bulk-status.machine';
import type { SelectedRow } from '../../src/machines/bulk-status/types';
import type { ListKind } from '../../src/machines/list/types';
import type { NotifyCloseEvent, NotifyEvent } from '../../src/machines/notify';
import { underParent } from './shared-fakes';

/** The selection as the screen tells it: o1 and o2 with the versions they were loaded at, o9 not loaded. */
export const SELECTED: SelectedRow[] = [{ id: 'o1', version: 3 }, { id: 'o2', version: 0 }, { id: 'o9' }];

/** The same rows with what they were loaded as: o1 a Tour Completed order (a move out of it asks first). */
export const SELECTED_DONE: SelectedRow[] = [
  { id: 'o1', version: 3, statusV2: 'completed', displayId: 'KH-000251' },
  { id: 'o2', version: 0, statusV2: 'new', displayId: 'KH-000252' },
  { id: 'o9' },
];

type Settle = { resolve: (v: never) => void; reject: (e: unknown) => void };

/**
 * The bulk machine of a kind under a parent standing in for its screen, with a save that waits
 * until the test settles it: what it requests, reports and toasts is recorded.
 */
export function bulkHarness(kind: ListKind) {
  const calls: StatusBatchInput[] = [];
  /** Which service each call went to, in order. */
  const services: Array<'save' | 'undo'> = [];
  let pending: Settle | null = null;
  const waiting =
    <T>(service: 'save' | 'undo') =>
    ({ input }: { input: StatusBatchInput }) =>
      new Promise<T>((resolve, reject) => {
        calls.push(input);
        services.push(service);
        pending = { resolve: resolve as (v: never) => void, reject };
      });
  const saveStatus = fromPromise<StatusBatchOutput, StatusBatchInput>(waiting<StatusBatchOutput>('save'));
  const undoStatus = fromPromise<StatusUndoOutput, StatusBatchInput>(waiting<StatusUndoOutput>('undo'));
  const screen = underParent(bulkStatusMachines[kind].provide({ actors: { saveStatus, undoStatus } }), { kind });
  /** The toasts shown and closed, in order. */
  const notices: Array<NotifyEvent | NotifyCloseEvent> = [];
  screen.child.on('notify', (notice) => notices.push(notice));
  screen.child.on('notify.close', (close) => notices.push(close));

  const flush = () => new Promise((r) => setTimeout(r, 0));
  async function settle(outcome: { output: StatusBatchOutput | StatusUndoOutput } | { error: unknown }) {
    const waiting = pending;
    if (!waiting) throw new Error('no save or undo is running');
    pending = null;
    if ('output' in outcome) waiting.resolve(outcome.output as never);
    else waiting.reject(outcome.error);
    await flush();
  }
  return { ...screen, actor: screen.child, calls, services, notices, settle, flush };
}

export function silenceLogs() {
  return {
    warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
  };
}
