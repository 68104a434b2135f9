import { assign, emit, sendParent, setup } from 'xstate';
import { getProductSchedule, saveProductSchedule } from '../../api/services/schedules';
import { can } from '../../../shared/permissions';
import { isCalendarDate, scheduleErrors } from '../../../shared/schedule-rules';
import type { NotifyEvent } from '../notify';
import { applyEdit, newSchedule, sameSchedule, withClosedDate, type ScheduleEdit } from './draft';
import {
  scheduleMessages,
  type ProductSchedule,
  type ProductScheduleContext,
  type ProductScheduleEvent,
  type ProductScheduleInput,
  type ProductScheduleReport,
  type ProductScheduleTag,
  type ScheduleSaveAnswer,
} from './types';

/**
 * What a reseller needs to sell one product: its options and units with prices, when it runs,
 * its places and cut-offs. The draft is checked with the server's own rules on every change
 * (shared/schedule-rules.ts): the errors show on their fields and Save waits until there are none.
 * A save the server refuses shows its fields too. The screen is told whether anything is unsaved,
 * so that choosing another product asks first. A role that may not change schedules (the role
 * matrix) reads it in `readOnly`.
 */
const draftState = (draft: ProductSchedule | null) => ({
  draft,
  errors: draft ? scheduleErrors(draft) : [],
  refused: [],
});

export const productScheduleMachine = setup({
  types: {
    input: {} as ProductScheduleInput,
    context: {} as ProductScheduleContext,
    events: {} as ProductScheduleEvent,
    tags: {} as ProductScheduleTag,
    emitted: {} as NotifyEvent,
  },
  actors: { loadSchedule: getProductSchedule, saveSchedule: saveProductSchedule },
  guards: {
    mayEdit: ({ context }) => can(context.role, 'updateProductSchedule'),
    notSold: ({ context }) => context.draft === null,
    sold: ({ context }) => context.draft !== null,
    dirty: ({ context }) => !sameSchedule(context.draft, context.saved),
    saveable: ({ context }) => context.errors.length === 0 && !sameSchedule(context.draft, context.saved),
    closedAddable: ({ context }) =>
      context.draft !== null &&
      isCalendarDate(context.closedPick) &&
      !context.draft.closedDates.includes(context.closedPick),
    refused: (_, params: { answer: ScheduleSaveAnswer }) => 'refused' in params.answer,
  },
  actions: {
    setLoaded: assign((_, params: { schedule: ProductSchedule | null }) => ({
      saved: params.schedule,
      ...draftState(params.schedule),
      error: null,
    })),
    failLoad: assign({ error: scheduleMessages.loadFailed }),
    start: assign(({ context }) => draftState(newSchedule(context.currency))),
    stop: assign(draftState(null)),
    discard: assign(({ context }) => draftState(context.saved)),
    edit: assign(({ context }, params: { edit: ScheduleEdit }) => draftState(applyEdit(context.draft!, params.edit))),
    pickClosed: assign((_, params: { date: string }) => ({ closedPick: params.date })),
    addClosed: assign(({ context }) => ({
      ...draftState(withClosedDate(context.draft!, context.closedPick)),
      closedPick: '',
    })),
    setSaved: assign((_, params: { answer: ScheduleSaveAnswer }) =>
      'saved' in params.answer ? { saved: params.answer.saved, ...draftState(params.answer.saved) } : {},
    ),
    setRefused: assign((_, params: { answer: ScheduleSaveAnswer }) =>
      'refused' in params.answer ? { refused: params.answer.refused } : {},
    ),
    reportDirty: sendParent(({ context }): ProductScheduleReport => ({
      type: 'schedule.dirty',
      dirty: !sameSchedule(context.draft, context.saved),
    })),
    notify: emit((_, params: { kind: NotifyEvent['kind']; message: string }) => ({
      type: 'notify' as const,
      kind: params.kind,
      message: params.message,
    })),
  },
}).createMachine({
  id: 'productSchedule',
  context: ({ input }) => ({
    ...input,
    saved: null,
    draft: null,
    errors: [],
    refused: [],
    closedPick: '',
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSchedule',
        src: 'loadSchedule',
        input: ({ context }) => ({ teamId: context.teamId, productId: context.productId }),
        onDone: {
          target: 'ready',
          actions: { type: 'setLoaded', params: ({ event }) => ({ schedule: event.output }) },
        },
        onError: { target: 'failed', actions: 'failLoad' },
      },
    },
    failed: { on: { 'schedule.retry': 'loading' } },
    ready: {
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'mayEdit', target: 'editing' }, { target: 'readOnly' }] },
        /** The role may read the schedule only. */
        readOnly: {},
        editing: {
          on: {
            'schedule.start': { guard: 'notSold', actions: ['start', 'reportDirty'] },
            'schedule.stop': { guard: 'sold', actions: ['stop', 'reportDirty'] },
            'schedule.discard': { guard: 'dirty', actions: ['discard', 'reportDirty'] },
            'schedule.edit': {
              guard: 'sold',
              actions: [{ type: 'edit', params: ({ event }) => ({ edit: event.edit }) }, 'reportDirty'],
            },
            'schedule.pickClosed': { actions: { type: 'pickClosed', params: ({ event }) => ({ date: event.date }) } },
            'schedule.addClosed': { guard: 'closedAddable', actions: ['addClosed', 'reportDirty'] },
            'schedule.save': { guard: 'saveable', target: 'saving' },
          },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'saveSchedule',
            src: 'saveSchedule',
            input: ({ context }) => ({ teamId: context.teamId, productId: context.productId, schedule: context.draft }),
            onDone: [
              {
                guard: { type: 'refused', params: ({ event }) => ({ answer: event.output }) },
                target: 'editing',
                actions: [
                  { type: 'setRefused', params: ({ event }) => ({ answer: event.output }) },
                  { type: 'notify', params: { kind: 'error', message: scheduleMessages.refused } },
                ],
              },
              {
                target: 'editing',
                actions: [
                  { type: 'setSaved', params: ({ event }) => ({ answer: event.output }) },
                  'reportDirty',
                  {
                    type: 'notify',
                    params: ({ context }) => ({
                      kind: 'success',
                      message: context.saved ? scheduleMessages.saved : scheduleMessages.stopped,
                    }),
                  },
                ],
              },
            ],
            onError: {
              target: 'editing',
              actions: { type: 'notify', params: { kind: 'error', message: scheduleMessages.saveFailed } },
            },
          },
        },
      },
    },
  },
});
