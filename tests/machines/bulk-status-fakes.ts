import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { StatusBatchInput, StatusBatchOutput } from '../../src/api/services/status';
import { bulkStatusMachines } from '../../src/machines/bulk-status/bulk-status.machine';
import type { SelectedRow } from '../../src/machines/bulk-status/types';
import type { ListKind } from '../../src/machines/list/types';
import type { NotifyEvent } from '../../src/machines/notify';
import { underParent } from './shared-fakes';

/** The selection as the screen tells it: o1 and o2 with the versions they were loaded at, o9 not loaded. */
export const SELECTED: SelectedRow[] = [{ id: 'o1', version: 3 }, { id: 'o2', version: 0 }, { id: 'o9' }];

type Settle = { resolve: (v: StatusBatchOutput) => void; reject: (e: unknown) => void };

/**
 * The bulk machine of a kind under a parent standing in for its screen, with a save that waits
 * until the test settles it: what it requests, reports and toasts is recorded.
 */
export function bulkHarness(kind: ListKind) {
  const calls: StatusBatchInput[] = [];
  let pending: Settle | null = null;
  const saveStatus = fromPromise<StatusBatchOutput, StatusBatchInput>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        calls.push(input);
        pending = { resolve, reject };
      }),
  );
  const screen = underParent(bulkStatusMachines[kind].provide({ actors: { saveStatus } }), { kind });
  const notices: NotifyEvent[] = [];
  screen.child.on('notify', (notice) => notices.push(notice));

  const flush = () => new Promise((r) => setTimeout(r, 0));
  async function settle(outcome: { output: StatusBatchOutput } | { error: unknown }) {
    const waiting = pending;
    if (!waiting) throw new Error('saveStatus is not running');
    pending = null;
    if ('output' in outcome) waiting.resolve(outcome.output);
    else waiting.reject(outcome.error);
    await flush();
  }
  return { ...screen, actor: screen.child, calls, notices, settle, flush };
}

export function silenceLogs() {
  return {
    warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
  };
}
