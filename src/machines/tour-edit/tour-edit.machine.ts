import { assign, enqueueActions, setup } from 'xstate';
import { getTour, type Loaded, type TourDetail } from '../../api/services/details';
import { updateTours, type SaveResult } from '../../api/services/edits';
import { applyEdit, type EditChange } from '../../domain/edits';
import { fieldOf, withInvalid, withoutInvalid, type InvalidEdits } from '../../domain/invalid-edits';
import type { Tour } from '../list/types';
import type { NotifyEvent } from '../notify';
import { listFields, type EditsReport } from '../detail/types';
import { undoEditLabel } from '../../domain/undo-labels';

/**
 * Tour edits (departure, prices, name) of one or several tours, saved as one batch. The change
 * shows at once; a failed write puts the screen back as it was ('Failed to update tour'); a stale
 * one (409) keeps what the person typed next to the fresh tour. The last saved batch can be undone.
 * A change that cannot apply (a time that is not `HH:mm`, a price that is not a number, an empty
 * name) changes nothing and puts one message on its field until it is corrected or given up.
 */
export interface TourEditInput {
  timezone: string;
}

export interface TourChange {
  id: string;
  change: EditChange;
}

interface PendingItem {
  before: Tour;
  after: Tour;
  typed: EditChange;
  inverse: EditChange;
  payload: { departureAt?: string; prices?: Tour['prices']; displayName?: string };
}

export interface TourConflict {
  id: string;
  typed: EditChange;
  fresh: Tour | null;
}

export interface TourEditContext {
  timezone: string;
  records: Record<string, Tour>;
  /** The batch being saved, and whether it is an undo. */
  pending: { items: PendingItem[]; undo: boolean } | null;
  /** What undoes the last saved batch. */
  undo: TourChange[] | null;
  conflict: TourConflict | null;
  error: string | null;
  invalid: InvalidEdits;
}

export type TourEditEvent =
  | { type: 'tour.loaded'; tour: Tour }
  | { type: 'tour.edit'; changes: TourChange[] }
  | { type: 'history.undo' }
  | { type: 'conflict.reapply' }
  | { type: 'conflict.dismiss' }
  /** The person gave up what they typed in a refused field (Escape, or the saved value typed again). */
  | { type: 'edit.discard'; id: string; field: string };

type Plan = { ok: true; items: PendingItem[] } | { ok: false; error: string };

/** Applies every change to the tours on screen (several changes of one tour build on each other). */
function plan(context: TourEditContext, changes: TourChange[]): Plan {
  const current: Record<string, Tour> = { ...context.records };
  const items = new Map<string, PendingItem>();
  for (const { id, change } of changes) {
    const record = current[id];
    if (!record) return { ok: false, error: 'Tour not found' };
    const result = applyEdit(record, change, context.timezone);
    if (!result.ok) return result;
    const earlier = items.get(id);
    current[id] = result.record;
    items.set(id, {
      before: earlier?.before ?? record,
      after: result.record,
      typed: change,
      inverse: earlier?.inverse ?? result.inverse,
      payload: { ...earlier?.payload, ...result.payload },
    });
  }
  return items.size > 0 ? { ok: true, items: [...items.values()] } : { ok: false, error: 'Nothing to save' };
}

export const tourEditMachine = setup({
  types: {
    context: {} as TourEditContext,
    events: {} as TourEditEvent,
    input: {} as TourEditInput,
    emitted: {} as NotifyEvent,
    tags: {} as 'saving',
  },
  actors: { updateTours, getTour },
  guards: {
    applies: ({ context }, p: { changes: TourChange[] }) => plan(context, p.changes).ok,
    canUndo: ({ context }) => context.undo !== null && plan(context, context.undo).ok,
    canReapply: ({ context }) =>
      context.conflict?.fresh != null &&
      plan(context, [{ id: context.conflict.id, change: context.conflict.typed }]).ok,
    hasConflict: ({ context }) => context.conflict !== null,
    isSaved: (_, p: { result: SaveResult<Tour> }) => p.result.status === 'saved',
  },
  actions: {
    load: assign(({ context }, p: { tour: Tour }) =>
      context.pending?.items.some((i) => i.after.id === p.tour.id)
        ? {}
        : { records: { ...context.records, [p.tour.id]: listFields(p.tour) as Tour } },
    ),
    apply: enqueueActions(({ context, enqueue }, p: { changes: TourChange[]; undo: boolean }) => {
      const result = plan(context, p.changes);
      if (!result.ok) return;
      const records = { ...context.records };
      let invalid = context.invalid;
      for (const item of result.items) {
        records[item.after.id] = item.after;
        invalid = withoutInvalid(invalid, item.after.id, fieldOf(item.typed));
      }
      enqueue.assign({ records, pending: { items: result.items, undo: p.undo }, conflict: null, error: null, invalid });
      enqueue.sendParent({
        type: 'edits.changed',
        rows: result.items.map((i) => i.after),
        saved: false,
      } satisfies EditsReport);
    }),
    /** One message on each refused field, however often the same value is committed; a tour gone is a toast. */
    reject: enqueueActions(({ context, enqueue }, p: { changes: TourChange[] }) => {
      let invalid = context.invalid;
      for (const { id, change } of p.changes) {
        const record = context.records[id];
        const result = record ? applyEdit(record, change, context.timezone) : null;
        if (!record) enqueue.emit({ type: 'notify', kind: 'error', message: 'Tour not found' });
        else if (result && !result.ok) invalid = withInvalid(invalid, id, change, result.error);
      }
      enqueue.assign({ invalid });
    }),
    discardInvalid: assign(({ context }, p: { id: string; field: string }) => ({
      invalid: withoutInvalid(context.invalid, p.id, p.field),
    })),
    markSaved: enqueueActions(({ context, enqueue }, p: { result: SaveResult<Tour> }) => {
      const pending = context.pending;
      if (!pending || p.result.status !== 'saved') return;
      const records = { ...context.records };
      for (const tour of p.result.records) records[tour.id] = { ...records[tour.id], ...tour };
      const undo = pending.undo ? null : pending.items.map((i) => ({ id: i.after.id, change: i.inverse }));
      enqueue.assign({ records, pending: null, undo });
      enqueue.sendParent({ type: 'edits.changed', rows: p.result.records, saved: true } satisfies EditsReport);
      if (!pending.undo) {
        const message = pending.items.length > 1 ? 'Tours updated' : 'Tour updated';
        enqueue.emit({
          type: 'notify',
          kind: 'success',
          message,
          action: {
            label: undoEditLabel(
              pending.items.map((i) => ({ change: i.typed, displayId: i.after.displayId })),
              'tours',
            ),
            event: { type: 'history.undo' },
          },
        });
      }
    }),
    /** Failure: the screen is put back as it was before the batch. */
    rollBack: enqueueActions(({ context, enqueue }) => {
      const pending = context.pending;
      if (!pending) return;
      const records = { ...context.records };
      for (const item of pending.items) records[item.before.id] = item.before;
      enqueue.assign({ records, pending: null, error: 'Failed to update tour' });
      enqueue.sendParent({
        type: 'edits.changed',
        rows: pending.items.map((i) => i.before),
        saved: false,
      } satisfies EditsReport);
      enqueue.emit({ type: 'notify', kind: 'error', message: 'Failed to update tour' });
    }),
    keepConflict: assign(({ context }) => {
      const first = context.pending?.items[0];
      if (!first) return {};
      return { conflict: { id: first.after.id, typed: first.typed, fresh: null }, undo: null };
    }),
    showFresh: enqueueActions(({ context, enqueue }, p: { loaded: Loaded<TourDetail> }) => {
      const conflict = context.conflict;
      const pending = context.pending;
      const fresh = p.loaded?.found ? (listFields(p.loaded.record) as Tour) : null;
      const records = { ...context.records };
      // without the fresh record, the screen goes back to what was there before the write
      for (const item of pending?.items ?? []) records[item.before.id] = item.before;
      if (fresh) records[fresh.id] = fresh;
      enqueue.assign({ records, pending: null, conflict: conflict ? { ...conflict, fresh } : null });
      const rows = Object.values(records).filter((r) => pending?.items.some((i) => i.before.id === r.id));
      enqueue.sendParent({ type: 'edits.changed', rows, saved: false } satisfies EditsReport);
    }),
    dismissConflict: assign({ conflict: null }),
    logError: (_, p: { error: unknown }) => {
      console.error('[tour edits]', p.error);
    },
  },
}).createMachine({
  id: 'tourEdit',
  context: ({ input }) => ({
    timezone: input.timezone,
    records: {},
    pending: null,
    undo: null,
    conflict: null,
    error: null,
    invalid: {},
  }),
  on: {
    'tour.loaded': { actions: { type: 'load', params: ({ event }) => ({ tour: event.tour }) } },
    'edit.discard': { actions: { type: 'discardInvalid', params: ({ event }) => event } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'tour.edit': [
          {
            guard: { type: 'applies', params: ({ event }) => event },
            target: 'saving',
            actions: { type: 'apply', params: ({ event }) => ({ changes: event.changes, undo: false }) },
          },
          { actions: { type: 'reject', params: ({ event }) => event } },
        ],
        'history.undo': {
          guard: 'canUndo',
          target: 'saving',
          actions: { type: 'apply', params: ({ context }) => ({ changes: context.undo ?? [], undo: true }) },
        },
        'conflict.reapply': {
          guard: 'canReapply',
          target: 'saving',
          actions: {
            type: 'apply',
            params: ({ context }) => ({
              changes: context.conflict ? [{ id: context.conflict.id, change: context.conflict.typed }] : [],
              undo: false,
            }),
          },
        },
        'conflict.dismiss': { guard: 'hasConflict', actions: 'dismissConflict' },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'updateTours',
        src: 'updateTours',
        input: ({ context }) => ({
          tours: (context.pending?.items ?? []).map((i) => ({
            id: i.before.id,
            version: i.before.version,
            ...i.payload,
          })),
        }),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: { type: 'markSaved', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'loadingFresh', actions: 'keepConflict' },
        ],
        onError: {
          target: 'idle',
          actions: ['rollBack', { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    /** A write was stale: the fresh tour is loaded next to what the person typed. */
    loadingFresh: {
      tags: ['saving'],
      invoke: {
        id: 'getFreshTour',
        src: 'getTour',
        input: ({ context }) => ({ id: context.conflict?.id ?? '' }),
        onDone: { target: 'idle', actions: { type: 'showFresh', params: ({ event }) => ({ loaded: event.output }) } },
        onError: {
          target: 'idle',
          actions: [
            { type: 'showFresh', params: { loaded: null } },
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});
