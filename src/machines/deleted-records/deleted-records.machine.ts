import { assign, enqueueActions, setup } from 'xstate';
import { can } from '../../../shared/permissions';
import { isApiError } from '../../api/errors';
import { listDeleted, restoreRecord, type RecordRef } from '../../api/services/deleted';
import { recordLink } from '../../domain/record-links';
import type { NotifyEvent } from '../notify';
import type { DeletedRecordsContext, DeletedRecordsEvent, DeletedRecordsInput, RecordKind } from './types';

/**
 * The `/deleted` screen: the team's orders and tours deleted in the last 30 days, newest first,
 * and Restore on each. A restored record leaves the list and a toast offers to open it (the
 * provided `navigate` action). A role that may not see deleted records (below EDITOR) is told so and
 * nothing is asked of the server; a list that fails says so with Retry.
 */
const NOUN = { order: 'Order', tour: 'Tour' } as const;
export const LIST_FAILED = 'The deleted records could not be loaded';

export const deletedRecordsMachine = setup({
  types: {
    context: {} as DeletedRecordsContext,
    events: {} as DeletedRecordsEvent,
    input: {} as DeletedRecordsInput,
    emitted: {} as NotifyEvent,
    tags: {} as 'loading' | 'busy',
  },
  actors: { listDeleted, restoreRecord },
  guards: {
    allowed: ({ context }) => context.allowed,
    isListed: ({ context }, p: { id: string }) => context.records.some((r) => r.id === p.id),
    /** The server no longer has it to restore (too old, or restored elsewhere). */
    isGone: (_, p: { error: unknown }) => isApiError(p.error) && p.error.status === 404,
  },
  actions: {
    /** Provided by the page: goes to a path of the app. */
    navigate: (_, params: { to: string }) => {
      console.error(`[deletedRecords] navigate(${params.to}) was not provided`);
    },
    show: assign((_, p: { records: DeletedRecordsContext['records'] }) => ({ records: p.records })),
    startRestore: assign(({ context }, p: { id: string }) => {
      const record = context.records.find((r) => r.id === p.id)!;
      return { restoring: { kind: record.kind, id: record.id, displayId: record.displayId } };
    }),
    drop: assign(({ context }) => ({
      records: context.records.filter((r) => r.id !== context.restoring?.id),
      restoring: null,
    })),
    restored: enqueueActions(({ context, enqueue }, p: { record: RecordRef }) => {
      const { kind, displayId } = p.record;
      if (context.navCounts) enqueue.sendTo(context.navCounts, { type: 'counts.refresh' });
      enqueue.emit({
        type: 'notify',
        kind: 'success',
        message: `${NOUN[kind]} ${displayId} restored`,
        action: { label: 'Open', event: { type: 'deleted.open', kind, displayId } },
      });
    }),
    failRestore: enqueueActions(({ context, enqueue }, p: { error: unknown }) => {
      const kind: RecordKind = context.restoring?.kind ?? 'order';
      const reason = isApiError(p.error) && p.error.status !== 0 ? `: ${p.error.message}` : '';
      enqueue.emit({ type: 'notify', kind: 'error', message: `The ${kind} could not be restored${reason}` });
    }),
    clear: assign({ restoring: null }),
    logError: (_, p: { error: unknown }) => {
      console.error('[deletedRecords]', p.error);
    },
  },
}).createMachine({
  id: 'deletedRecords',
  context: ({ input }) => ({
    teamId: input.teamId,
    navCounts: input.navCounts,
    allowed: can(input.role, 'listDeleted'),
    records: [],
    restoring: null,
  }),
  initial: 'starting',
  on: {
    'deleted.open': {
      actions: { type: 'navigate', params: ({ event }) => ({ to: recordLink(event.kind, event.displayId) }) },
    },
  },
  states: {
    starting: { always: [{ guard: 'allowed', target: 'loading' }, { target: 'forbidden' }] },
    /** Below EDITOR: the screen says who can see deleted records. */
    forbidden: {},
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'listDeleted',
        src: 'listDeleted',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: { target: 'ready', actions: { type: 'show', params: ({ event }) => ({ records: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'deleted.retry': { target: 'loading' } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'deleted.restore': {
              guard: { type: 'isListed', params: ({ event }) => event },
              target: 'restoring',
              actions: { type: 'startRestore', params: ({ event }) => event },
            },
          },
        },
        restoring: {
          tags: ['busy'],
          invoke: {
            id: 'restoreRecord',
            src: 'restoreRecord',
            input: ({ context }) => context.restoring!,
            onDone: {
              target: 'idle',
              actions: ['drop', { type: 'restored', params: ({ event }) => ({ record: event.output }) }],
            },
            onError: [
              {
                guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                // it can no longer be restored: it leaves the list, and the toast says why
                actions: [{ type: 'failRestore', params: ({ event }) => ({ error: event.error }) }, 'drop'],
              },
              {
                target: 'idle',
                actions: [{ type: 'failRestore', params: ({ event }) => ({ error: event.error }) }, 'clear'],
              },
            ],
          },
        },
      },
    },
  },
});
