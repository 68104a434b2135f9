import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { ApiError } from '../../src/api/errors';
import type { RecordRef } from '../../src/api/services/deleted';
import type { Role } from '../../src/domain/statuses';
import type { ListKind } from '../../src/machines/list/types';
import type { NotifyEvent } from '../../src/machines/notify';
import {
  NOT_DELETED,
  NOT_RESTORED,
  recordDeleteMachines,
  type DeleteTarget,
  type RecordDeleteEvent,
} from '../../src/machines/record-delete/record-delete.machine';
import { graphUnderParent } from './graph-under-parent';
import { deferredServices, flush } from './panel-fakes';
import { done, failed, underParent, type Synthetic } from './shared-fakes';

/**
 * Model-based: the states come from the production remover (xstate/graph, with the delete's and
 * the restore's answers as synthetic events), for a role that may delete and one that may not.
 * Every path is replayed on a real actor under a stand-in panel, then every event is tried from its
 * end and its effects checked: the requests, the reports to the panel, the toasts (Undo on a
 * deletion) and what the dialog shows.
 */
type ModelEvent = RecordDeleteEvent | Synthetic;

const TOO_OLD = 'Order VN-7 was deleted more than 30 days ago and can no longer be restored';

function model(kind: ListKind) {
  const target: DeleteTarget =
    kind === 'orders'
      ? { id: 'o7', displayId: 'VN-7', name: 'Kim' }
      : { id: 't7', displayId: 'T-7', name: 'Morning walk', orderCount: 2 };
  const record: RecordRef = { kind: kind === 'orders' ? 'order' : 'tour', id: target.id, displayId: target.displayId };
  const events = {
    ask: { type: 'delete.ask', target },
    confirm: { type: 'delete.confirm' },
    cancel: { type: 'delete.cancel' },
    undo: { type: 'delete.undo', record },
    deleted: done('deleteRecord', undefined),
    deleteFailed: failed('deleteRecord'),
    restored: done('restoreRecord', record),
    restoreFailed: failed('restoreRecord'),
    restoreTooOld: { type: 'xstate.error.actor.restoreRecord', error: new ApiError(404, 'NOT_FOUND', TOO_OLD) },
  } satisfies Record<string, ModelEvent>;
  return { target, record, events };
}

type Name = keyof ReturnType<typeof model>['events'];
// every event the remover takes is tried: a new one fails to compile until it is listed here
const TRIED = {
  'delete.ask': ['ask'],
  'delete.confirm': ['confirm'],
  'delete.cancel': ['cancel'],
  'delete.undo': ['undo'],
} satisfies Record<RecordDeleteEvent['type'], Name[]>;
const DELETE_ANSWERS: Name[] = ['deleted', 'deleteFailed'];
const RESTORE_ANSWERS: Name[] = ['restored', 'restoreFailed', 'restoreTooOld'];
const NAMES: Name[] = [...Object.values(TRIED).flat(), ...DELETE_ANSWERS, ...RESTORE_ANSWERS];

describe.each([
  ['orders', 'EDITOR'],
  ['tours', 'ADMIN'],
  ['orders', 'MEMBER'],
] as const)('remover model (%s, %s)', (kind: ListKind, role: Role) => {
  const { target, record, events } = model(kind);
  const allowed = role !== 'MEMBER';
  const noun = kind === 'orders' ? 'Order' : 'Tour';
  const nameOf = (e: ModelEvent) => NAMES.find((n) => events[n] === e)!;
  const paths = getShortestPaths(graphUnderParent(recordDeleteMachines[kind]), {
    input: { kind, role },
    events: Object.values(events) as RecordDeleteEvent[],
    serializeState: (s) => JSON.stringify({ value: s.value, target: s.context.target, restoring: s.context.restoring }),
  });
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps
      .filter((s) => (s.event as { type: string }).type !== 'xstate.init')
      .map((s) => nameOf(s.event as ModelEvent));

  it(
    allowed ? 'reaches the dialog, the deletion and the restore side by side' : 'never asks: the role may not delete',
    () => {
      const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
      if (!allowed) {
        // an Undo can only come from a deletion, which this role never makes; the machine takes it anyway
        expect(values).toEqual(
          new Set([
            JSON.stringify({ remove: 'idle', restore: 'idle' }),
            JSON.stringify({ remove: 'idle', restore: 'restoring' }),
          ]),
        );
        return;
      }
      expect(values.size).toBe(6);
      expect(values).toContain(JSON.stringify({ remove: 'confirming', restore: 'restoring' }));
    },
  );

  function harness() {
    const services = deferredServices();
    const logic = recordDeleteMachines[kind].provide({
      actors: { deleteRecord: services.logic(), restoreRecord: services.logic() },
    });
    const panel = underParent(logic, { kind, role });
    const notices: NotifyEvent[] = [];
    panel.child.on('notify', (n) => notices.push(n));
    return { ...panel, services, notices };
  }

  async function replay(steps: Name[]) {
    const h = harness();
    for (const name of steps) {
      const before = h.child.getSnapshot();
      const counts = { calls: h.services.calls.length, reports: h.reports.length, notices: h.notices.length };
      const event = events[name];
      const isDeleteAnswer = DELETE_ANSWERS.includes(name);
      const isRestoreAnswer = RESTORE_ANSWERS.includes(name);
      if (isDeleteAnswer || isRestoreAnswer) {
        const id = isDeleteAnswer ? 'deleteRecord' : 'restoreRecord';
        if (!h.services.running().includes(id)) throw new Error(`${name} with no ${id} running cannot happen`);
        const answer = event as Synthetic;
        h.services.settle(id, 'output' in answer ? { output: answer.output } : { error: answer.error });
        await flush();
      } else h.child.send(event as RecordDeleteEvent);

      const after = h.child.getSnapshot();
      const calls = h.services.calls.slice(counts.calls);
      const reports = h.reports.slice(counts.reports);
      const notices = h.notices.slice(counts.notices);
      const removing = (s: typeof before) => (s.value as { remove: string }).remove;
      const restoringNow = (s: typeof before) => (s.value as { restore: string }).restore;
      // the dialog shows exactly while asking or deleting, and names the record
      expect(after.hasTag('asking')).toBe(removing(after) !== 'idle');
      if (after.hasTag('asking')) expect(after.context.target).toEqual(target);

      switch (name) {
        case 'ask':
          if (allowed && removing(before) === 'idle') expect(removing(after)).toBe('confirming');
          else expect(after.context).toEqual(before.context);
          expect([calls, reports, notices]).toEqual([[], [], []]);
          break;
        case 'confirm':
          if (removing(before) === 'confirming') {
            expect(removing(after)).toBe('deleting');
            expect(calls).toEqual([{ id: 'deleteRecord', input: { id: target.id } }]);
          } else expect(calls).toEqual([]);
          expect([reports, notices]).toEqual([[], []]);
          break;
        case 'cancel':
          // nothing is deleted; a deletion already sent goes on
          expect(removing(after)).toBe(removing(before) === 'confirming' ? 'idle' : removing(before));
          expect([calls, reports, notices]).toEqual([[], [], []]);
          break;
        case 'undo':
          if (restoringNow(before) === 'idle') expect(calls).toEqual([{ id: 'restoreRecord', input: record }]);
          else expect(calls).toEqual([]);
          expect(restoringNow(after)).toBe('restoring');
          expect([reports, notices]).toEqual([[], []]);
          break;
        case 'deleted':
          expect(reports).toEqual([{ type: 'remover.deleted', id: target.id }]);
          expect(notices).toEqual([
            {
              type: 'notify',
              kind: 'success',
              message: `${noun} ${target.displayId} deleted`,
              action: { label: 'Undo', event: { type: 'delete.undo', record } },
            },
          ]);
          expect([removing(after), after.context.target]).toEqual(['idle', null]);
          break;
        case 'deleteFailed':
          expect(reports).toEqual([]);
          expect(notices).toEqual([{ type: 'notify', kind: 'error', message: NOT_DELETED[kind] }]);
          expect(removing(after)).toBe('idle');
          break;
        case 'restored':
          expect(reports).toEqual([{ type: 'remover.restored', id: target.id }]);
          expect(notices).toEqual([
            { type: 'notify', kind: 'success', message: `${noun} ${target.displayId} restored` },
          ]);
          break;
        case 'restoreFailed':
        case 'restoreTooOld':
          // the server's reason when it gives one, else the kind's text; nothing is reported
          expect(reports).toEqual([]);
          expect(notices).toEqual([
            { type: 'notify', kind: 'error', message: name === 'restoreTooOld' ? TOO_OLD : NOT_RESTORED[kind] },
          ]);
          break;
      }
      if (isRestoreAnswer) expect([restoringNow(after), after.context.restoring]).toEqual(['idle', null]);
      if (!isDeleteAnswer && name !== 'confirm' && name !== 'undo') expect(calls).toEqual([]);
    }
    h.stop();
    return h.child.getSnapshot();
  }

  describe.each(paths.map((p) => [stepsOf(p).join(' → ') || '(start)', p] as const))('%s', (_, path) => {
    it('replays on a real actor to the same state', async () => {
      const end = await replay(stepsOf(path));
      expect(end.value).toEqual(path.state.value);
      expect(end.context).toEqual(path.state.context);
    });

    // an answer only comes while its request runs
    const next = NAMES.filter(
      (n) =>
        (!DELETE_ANSWERS.includes(n) || path.state.matches({ remove: 'deleting' })) &&
        (!RESTORE_ANSWERS.includes(n) || path.state.matches({ restore: 'restoring' })),
    );
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay([...stepsOf(path), name]);
    });
  });
});
