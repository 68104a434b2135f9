import { assign, emit, sendParent, setup } from 'xstate';
import {
  updateOrderStatusBatch,
  updateTourStatusBatch,
  type StatusBatchInput,
  type StatusBatchOutput,
  type StatusChange,
  type StatusItem,
  type StatusV2,
} from '../../api/services/status';
import type { ListKind } from '../list/types';
import type { NotifyEvent } from '../notify';
import { KINDS, movedMessage, type BulkStatusEvent, type BulkStatusReport, type SelectedRow } from './types';

/**
 * Moves the selected orders or tours to one status (SPEC sections 4, 5 and 8). The screen keeps
 * it told what is selected (`bulk.select`, with the version each row was loaded at); the menu
 * sends `bulk.move`. One move at a time: while one saves, `bulk.move` is not accepted (the menu
 * is disabled by `state.can`), so two moves never race on the same rows' versions. A move that
 * saved is reported to the screen (`bulk.moved`), which patches the list and the panel.
 */
export interface BulkStatusInput {
  kind: ListKind;
}

export interface BulkStatusContext extends BulkStatusInput {
  selected: SelectedRow[];
  /** The rows being moved (the last move's once done). */
  items: StatusItem[];
  status: StatusV2 | null;
  error: string | null;
}

export const bulkStatusMachine = setup({
  types: {
    context: {} as BulkStatusContext,
    events: {} as BulkStatusEvent,
    input: {} as BulkStatusInput,
    emitted: {} as NotifyEvent,
  },
  actors: { saveStatus: updateOrderStatusBatch },
  guards: {
    isEmpty: ({ context }) => context.selected.length === 0,
    saved: (_, params: { changes: StatusBatchOutput }) => params.changes !== null,
  },
  actions: {
    select: assign((_, params: { rows: SelectedRow[] }) => ({ selected: params.rows })),
    /** SPEC section 5: orders warn, tours log an error; nothing is sent. */
    refuseEmpty: ({ context }) => {
      const { noun, log } = KINDS[context.kind];
      console[log](`[bulk-status] status update refused: no ${noun} selected`);
    },
    remember: assign(({ context }, params: { status: StatusV2 }) => ({
      items: context.selected.map(({ id, version }) =>
        version === undefined ? { id, statusV2: params.status } : { id, statusV2: params.status, version },
      ),
      status: params.status,
      error: null,
    })),
    report: sendParent((_, params: { changes: StatusChange[] }): BulkStatusReport => ({
      type: 'bulk.moved',
      changes: params.changes,
    })),
    notifyMoved: emit(({ context }, params: { changes: StatusChange[] }) => ({
      type: 'notify' as const,
      kind: 'success' as const,
      message: movedMessage(context.kind, params.changes.length, context.status ?? ''),
    })),
    fail: assign(({ context }) => ({ error: KINDS[context.kind].failed })),
    notifyFailed: emit(({ context }) => ({
      type: 'notify' as const,
      kind: 'error' as const,
      message: KINDS[context.kind].failed,
    })),
  },
}).createMachine({
  id: 'bulkStatus',
  context: ({ input }) => ({ ...input, selected: [], items: [], status: null, error: null }),
  on: {
    'bulk.select': { actions: { type: 'select', params: ({ event }) => ({ rows: event.rows }) } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'bulk.move': [
          { guard: 'isEmpty', actions: 'refuseEmpty' },
          { target: 'saving', actions: { type: 'remember', params: ({ event }) => ({ status: event.status }) } },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'saveStatus',
        src: 'saveStatus',
        input: ({ context }): StatusBatchInput => ({ items: context.items }),
        onDone: [
          {
            guard: { type: 'saved', params: ({ event }) => ({ changes: event.output }) },
            target: 'idle',
            actions: [
              { type: 'report', params: ({ event }) => ({ changes: event.output ?? [] }) },
              { type: 'notifyMoved', params: ({ event }) => ({ changes: event.output ?? [] }) },
            ],
          },
          { target: 'idle', actions: ['fail', 'notifyFailed'] },
        ],
        onError: { target: 'idle', actions: ['fail', 'notifyFailed'] },
      },
    },
  },
});

/** The bulk status machine of each kind: the same machine with its kind's service. */
export const bulkStatusMachines = {
  orders: bulkStatusMachine,
  tours: bulkStatusMachine.provide({ actors: { saveStatus: updateTourStatusBatch } }),
} as const satisfies Record<ListKind, typeof bulkStatusMachine>;
