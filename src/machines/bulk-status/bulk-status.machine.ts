import { assign, emit, enqueueActions, sendParent, setup } from 'xstate';
import {
  undoOrderStatusBatch,
  undoTourStatusBatch,
  updateOrderStatusBatch,
  updateTourStatusBatch,
  type StatusBatchInput,
  type StatusBatchOutput,
  type StatusChange,
  type StatusUndoOutput,
  type StatusV2,
} from '../../api/services/status';
import type { ListKind } from '../list/types';
import type { NotifyCloseEvent, NotifyEvent } from '../notify';
import {
  KINDS,
  movedMessage,
  undoLabel,
  undoneMessage,
  type BulkStatusEvent,
  type BulkStatusReport,
  type SelectedRow,
} from './types';
import { leaving, toastId, undoOf, type UndoableMove } from './undo';

/**
 * Moves the selected orders or tours to one status (SPEC sections 4, 5 and 8). The screen keeps
 * it told what is selected (`bulk.select`, with the version, status and display id each row was
 * loaded at); the menu sends `bulk.move`. One move at a time: while one saves (or is asked about,
 * or undone), `bulk.move` is not accepted (the menu is disabled by `state.can`), so two moves never
 * race on the same rows' versions. A move taking rows out of Tour Completed or Canceled asks first
 * (`confirming`, which names them). A move that saved is reported to the screen (`bulk.moved`),
 * which patches the list and the panel, and its toast offers Undo: the rows go back to their
 * previous statuses in one request based on the versions the move answered, so a row someone
 * changed since is left as it is and named, never overwritten.
 */
export interface BulkStatusInput {
  kind: ListKind;
}

export interface BulkStatusContext extends BulkStatusInput {
  selected: SelectedRow[];
  /** The rows being moved, as they were (the last move's once done). */
  moving: SelectedRow[];
  status: StatusV2 | null;
  /** The rows the move takes out of Tour Completed or Canceled (what the question names). */
  asking: SelectedRow[];
  /** The last saved move that can be put back; null once undone (or when nothing changed). */
  undoable: UndoableMove | null;
  /** Counts the saved moves: names each move's toast. */
  moves: number;
  error: string | null;
}

type Changes = { changes: StatusChange[] };

export const bulkStatusMachine = setup({
  types: {
    context: {} as BulkStatusContext,
    events: {} as BulkStatusEvent,
    input: {} as BulkStatusInput,
    emitted: {} as NotifyEvent | NotifyCloseEvent,
    tags: {} as 'saving' | 'confirming',
  },
  actors: { saveStatus: updateOrderStatusBatch, undoStatus: undoOrderStatusBatch },
  guards: {
    isEmpty: ({ context }) => context.selected.length === 0,
    leavesDone: ({ context }, params: { status: StatusV2 }) => leaving(context.selected, params.status).length > 0,
    saved: (_, params: { changes: StatusBatchOutput }) => params.changes !== null,
    undone: (_, params: { output: StatusUndoOutput }) => params.output !== null,
    isLatest: ({ context }, params: { key: number }) => context.undoable?.key === params.key,
  },
  actions: {
    select: assign((_, params: { rows: SelectedRow[] }) => ({ selected: params.rows })),
    /** SPEC section 5: orders warn, tours log an error; nothing is sent. */
    refuseEmpty: ({ context }) => {
      const { noun, log } = KINDS[context.kind];
      console[log](`[bulk-status] status update refused: no ${noun} selected`);
    },
    remember: assign(({ context }, params: { status: StatusV2 }) => ({
      moving: context.selected,
      status: params.status,
      asking: leaving(context.selected, params.status),
      error: null,
    })),
    forgetQuestion: assign({ asking: [] }),
    report: sendParent((_, params: Changes): BulkStatusReport => ({ type: 'bulk.moved', changes: params.changes })),
    /** The toast of the move, with its Undo; the previous move's toast goes (its Undo no longer applies). */
    notifyMoved: enqueueActions(({ context, enqueue }, params: Changes) => {
      const key = context.moves + 1;
      const undoable = undoOf(key, context.moving, params.changes);
      if (context.undoable) enqueue.emit({ type: 'notify.close', id: toastId(context.undoable.key) });
      enqueue.assign({ moves: key, asking: [], undoable: undoable.items.length ? undoable : null });
      const n = undoable.items.length;
      enqueue.emit({
        type: 'notify',
        kind: 'success',
        message: movedMessage(context.kind, params.changes.length, context.status ?? ''),
        id: toastId(key),
        ...(n ? { action: { label: undoLabel(context.kind, n), event: { type: 'bulk.undo', key } } } : {}),
      });
    }),
    /** The rows put back go to the screen like a move; those changed since are named. */
    notifyUndone: enqueueActions(({ context, enqueue }, params: { output: StatusUndoOutput }) => {
      const undoable = context.undoable;
      if (!params.output || !undoable) return;
      const kept = params.output.skipped.map((id) => undoable.names[id] ?? id);
      enqueue.emit({ type: 'notify.close', id: toastId(undoable.key) });
      enqueue.emit({
        type: 'notify',
        kind: kept.length ? 'info' : 'success',
        message: undoneMessage(context.kind, params.output.changes.length, kept),
      });
      enqueue.assign({ undoable: null });
    }),
    fail: assign(({ context }) => ({ error: KINDS[context.kind].failed, asking: [] })),
    notifyFailed: emit(({ context }) => ({
      type: 'notify' as const,
      kind: 'error' as const,
      message: KINDS[context.kind].failed,
    })),
    failUndo: enqueueActions(({ context, enqueue }) => {
      const message = KINDS[context.kind].undoFailed;
      enqueue.assign({ error: message, undoable: null });
      enqueue.emit({ type: 'notify', kind: 'error', message });
    }),
  },
}).createMachine({
  id: 'bulkStatus',
  context: ({ input }) => ({
    ...input,
    selected: [],
    moving: [],
    status: null,
    asking: [],
    undoable: null,
    moves: 0,
    error: null,
  }),
  on: {
    'bulk.select': { actions: { type: 'select', params: ({ event }) => ({ rows: event.rows }) } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'bulk.move': [
          { guard: 'isEmpty', actions: 'refuseEmpty' },
          {
            guard: { type: 'leavesDone', params: ({ event }) => ({ status: event.status }) },
            target: 'confirming',
            actions: { type: 'remember', params: ({ event }) => ({ status: event.status }) },
          },
          { target: 'saving', actions: { type: 'remember', params: ({ event }) => ({ status: event.status }) } },
        ],
        'bulk.undo': {
          guard: { type: 'isLatest', params: ({ event }) => ({ key: event.key }) },
          target: 'undoing',
        },
      },
    },
    /** "Move 2 orders out of Tour Completed or Canceled?": nothing is sent until the answer. */
    confirming: {
      tags: ['confirming'],
      on: {
        'bulk.confirm': { target: 'saving' },
        'bulk.cancel': { target: 'idle', actions: 'forgetQuestion' },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'saveStatus',
        src: 'saveStatus',
        input: ({ context }): StatusBatchInput => ({
          items: context.moving.map(({ id, version }) =>
            version === undefined ? { id, statusV2: context.status! } : { id, statusV2: context.status!, version },
          ),
        }),
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
    /** The last move's rows going back, in one request. */
    undoing: {
      tags: ['saving'],
      invoke: {
        id: 'undoStatus',
        src: 'undoStatus',
        input: ({ context }): StatusBatchInput => ({ items: context.undoable?.items ?? [] }),
        onDone: [
          {
            guard: { type: 'undone', params: ({ event }) => ({ output: event.output }) },
            target: 'idle',
            actions: [
              { type: 'report', params: ({ event }) => ({ changes: event.output?.changes ?? [] }) },
              { type: 'notifyUndone', params: ({ event }) => ({ output: event.output }) },
            ],
          },
          { target: 'idle', actions: 'failUndo' },
        ],
        onError: { target: 'idle', actions: 'failUndo' },
      },
    },
  },
});

/** The bulk status machine of each kind: the same machine with its kind's services. */
export const bulkStatusMachines = {
  orders: bulkStatusMachine,
  tours: bulkStatusMachine.provide({ actors: { saveStatus: updateTourStatusBatch, undoStatus: undoTourStatusBatch } }),
} as const satisfies Record<ListKind, typeof bulkStatusMachine>;
