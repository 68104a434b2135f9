import { assign, enqueueActions, setup } from 'xstate';
import { can } from '../../../shared/permissions';
import { deleteOrder, deleteTour } from '../../api/services/details';
import { restoreRecord, type RecordRef } from '../../api/services/deleted';
import { isApiError } from '../../api/errors';
import type { Role } from '../../domain/statuses';
import type { ListKind } from '../list/types';
import type { NotifyEvent } from '../notify';

/**
 * Deleting the panel's order or tour, and taking it back: the panel asks (`delete.ask` with what it
 * shows), the person confirms in a dialog that names it, the record is deleted and a toast says so
 * with an Undo that restores it (the server keeps it 30 days). The two run side by side: an Undo
 * may come while the next deletion is being confirmed. Only a role that may delete is asked at all.
 */
export interface RecordDeleteInput {
  kind: ListKind;
  /** The person's role in the screen's team (the role matrix decides who deletes). */
  role: Role | null;
}

/** What is deleted, as the dialog and the toasts name it. */
export interface DeleteTarget {
  id: string;
  displayId: string;
  /** The order's customer or the tour's name. */
  name: string;
  /** A tour's orders, which its deletion unlinks. */
  orderCount?: number;
}

export interface RecordDeleteContext {
  kind: ListKind;
  /** The role may delete this kind of record (deleteOrder / deleteTour). */
  allowed: boolean;
  target: DeleteTarget | null;
  restoring: RecordRef | null;
}

export type RecordDeleteEvent =
  /** From the panel: the person asked to delete what it shows. */
  | { type: 'delete.ask'; target: DeleteTarget }
  /** From the confirmation dialog. */
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  /** From the toast's Undo. */
  | { type: 'delete.undo'; record: RecordRef };

/** What the remover tells its panel. */
export type RecordDeleteReport = { type: 'remover.deleted'; id: string } | { type: 'remover.restored'; id: string };

const NOUN = { orders: 'Order', tours: 'Tour' } as const;
const RECORD_KIND = { orders: 'order', tours: 'tour' } as const;
export const NOT_DELETED = {
  orders: 'The order could not be deleted',
  tours: 'The tour could not be deleted',
} as const;
export const NOT_RESTORED = { orders: 'The order could not be restored', tours: 'The tour could not be restored' };

/** The server's reason when it names one (too old to restore, its id taken), else the kind's text. */
function restoreFailure(kind: ListKind, error: unknown): string {
  return isApiError(error) && (error.status === 404 || error.status === 400) ? error.message : NOT_RESTORED[kind];
}

export const recordDeleteMachine = setup({
  types: {
    context: {} as RecordDeleteContext,
    events: {} as RecordDeleteEvent,
    input: {} as RecordDeleteInput,
    emitted: {} as NotifyEvent,
    tags: {} as 'busy' | 'asking',
  },
  actors: { deleteRecord: deleteOrder, restoreRecord },
  guards: {
    allowed: ({ context }) => context.allowed,
  },
  actions: {
    ask: assign((_, p: { target: DeleteTarget }) => ({ target: p.target })),
    forget: assign({ target: null }),
    deleted: enqueueActions(({ context, enqueue }) => {
      const target = context.target;
      if (!target) return;
      const record: RecordRef = { kind: RECORD_KIND[context.kind], id: target.id, displayId: target.displayId };
      enqueue.sendParent({ type: 'remover.deleted', id: target.id } satisfies RecordDeleteReport);
      enqueue.emit({
        type: 'notify',
        kind: 'success',
        message: `${NOUN[context.kind]} ${target.displayId} deleted`,
        action: { label: 'Undo', event: { type: 'delete.undo', record } },
      });
      enqueue.assign({ target: null });
    }),
    failDelete: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'notify', kind: 'error', message: NOT_DELETED[context.kind] });
      enqueue.assign({ target: null });
    }),
    startRestore: assign((_, p: { record: RecordRef }) => ({ restoring: p.record })),
    restored: enqueueActions(({ context, enqueue }) => {
      const record = context.restoring;
      if (!record) return;
      enqueue.sendParent({ type: 'remover.restored', id: record.id } satisfies RecordDeleteReport);
      enqueue.emit({ type: 'notify', kind: 'success', message: `${NOUN[context.kind]} ${record.displayId} restored` });
      enqueue.assign({ restoring: null });
    }),
    failRestore: enqueueActions(({ context, enqueue }, p: { error: unknown }) => {
      enqueue.emit({ type: 'notify', kind: 'error', message: restoreFailure(context.kind, p.error) });
      enqueue.assign({ restoring: null });
    }),
  },
}).createMachine({
  id: 'recordDelete',
  context: ({ input }) => ({
    kind: input.kind,
    allowed: can(input.role, input.kind === 'orders' ? 'deleteOrder' : 'deleteTour'),
    target: null,
    restoring: null,
  }),
  type: 'parallel',
  states: {
    remove: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'delete.ask': {
              guard: 'allowed',
              target: 'confirming',
              actions: { type: 'ask', params: ({ event }) => event },
            },
          },
        },
        confirming: {
          tags: ['asking'],
          on: { 'delete.confirm': { target: 'deleting' }, 'delete.cancel': { target: 'idle', actions: 'forget' } },
        },
        deleting: {
          tags: ['asking', 'busy'],
          invoke: {
            id: 'deleteRecord',
            src: 'deleteRecord',
            input: ({ context }) => ({ id: context.target?.id ?? '' }),
            onDone: { target: 'idle', actions: 'deleted' },
            onError: { target: 'idle', actions: 'failDelete' },
          },
        },
      },
    },
    restore: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'delete.undo': { target: 'restoring', actions: { type: 'startRestore', params: ({ event }) => event } },
          },
        },
        restoring: {
          invoke: {
            id: 'restoreRecord',
            src: 'restoreRecord',
            input: ({ context }) => context.restoring!,
            onDone: { target: 'idle', actions: 'restored' },
            onError: {
              target: 'idle',
              actions: { type: 'failRestore', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

/** The remover of each kind: the same machine with its kind's delete. */
export const recordDeleteMachines = {
  orders: recordDeleteMachine,
  tours: recordDeleteMachine.provide({ actors: { deleteRecord: deleteTour } }),
} as const satisfies Record<ListKind, typeof recordDeleteMachine>;
