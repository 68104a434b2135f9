import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ApiError } from '../../src/api/errors';
import type { DeletedRecord } from '../../src/api/services/deleted';
import type { Role } from '../../src/domain/statuses';
import { deletedRecordsMachine } from '../../src/machines/deleted-records/deleted-records.machine';
import {
  selectCanRestore,
  selectEmpty,
  selectFailed,
  selectForbidden,
  selectLoading,
} from '../../src/machines/deleted-records/selectors';
import type { DeletedRecordsEvent } from '../../src/machines/deleted-records/types';
import type { NotifyEvent } from '../../src/machines/notify';
import { deferredServices, flush } from './panel-fakes';
import { done, failed, type Synthetic } from './shared-fakes';

/**
 * Model-based: the states come from the production Recently deleted screen (xstate/graph, with the
 * list's and the restore's answers as synthetic events), for an EDITOR and a MEMBER. Every path is
 * replayed on a real actor, then every event is tried from its end and its effects checked: the
 * requests, the rows, the toasts (with the link to a restored record), the navigation, and what
 * the screen shows (loading, failed with Retry, empty, forbidden).
 */
type ModelEvent = DeletedRecordsEvent | Synthetic;

const record = (kind: 'order' | 'tour', id: string, displayId: string): DeletedRecord => ({
  kind,
  id,
  displayId,
  name: `Name of ${displayId}`,
  departureAt: '2026-05-01T02:00:00.000Z',
  deletedAt: '2026-04-20T08:00:00.000Z',
  deletedBy: { id: 'u2', name: 'Eddie Editor' },
  restorableUntil: '2026-05-20T08:00:00.000Z',
});
const R1 = record('order', 'o1', 'VN-1');
const R2 = record('tour', 't2', 'T-2');
const TOO_OLD = 'Order VN-1 was deleted more than 30 days ago and can no longer be restored';

const EVENTS = {
  retry: { type: 'deleted.retry' },
  restore: { type: 'deleted.restore', id: 'o1' },
  restoreUnknown: { type: 'deleted.restore', id: 'nope' },
  open: { type: 'deleted.open', kind: 'tour', displayId: 'T-2' },
  listed: done('listDeleted', [R1, R2]),
  listedNone: done('listDeleted', []),
  listFailed: failed('listDeleted'),
  restored: done('restoreRecord', { kind: 'order', id: 'o1', displayId: 'VN-1' }),
  restoreFailed: failed('restoreRecord'),
  restoreTooOld: { type: 'xstate.error.actor.restoreRecord', error: new ApiError(404, 'NOT_FOUND', TOO_OLD) },
} satisfies Record<string, ModelEvent>;
type Name = keyof typeof EVENTS;
// every event the screen takes is tried: a new one fails to compile until it is listed here
const TRIED = {
  'deleted.retry': ['retry'],
  'deleted.restore': ['restore', 'restoreUnknown'],
  'deleted.open': ['open'],
} satisfies Record<DeletedRecordsEvent['type'], Name[]>;
const LIST_ANSWERS: Name[] = ['listed', 'listedNone', 'listFailed'];
const RESTORE_ANSWERS: Name[] = ['restored', 'restoreFailed', 'restoreTooOld'];
const NAMES: Name[] = [...Object.values(TRIED).flat(), ...LIST_ANSWERS, ...RESTORE_ANSWERS];
const nameOf = (e: ModelEvent) => NAMES.find((n) => EVENTS[n] === e)!;

// a failed list is logged; the test reads what the screen shows instead
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe.each(['EDITOR', 'MEMBER'] as const)('Recently deleted model (%s)', (role: Role) => {
  const allowed = role !== 'MEMBER';
  const input = { teamId: 'team-1', role, navCounts: null };
  const walked = deletedRecordsMachine.provide({ actions: { navigate: () => undefined, logError: () => undefined } });
  const paths = getShortestPaths(walked, {
    input,
    events: Object.values(EVENTS) as DeletedRecordsEvent[],
    serializeState: (s) =>
      JSON.stringify({ value: s.value, ids: s.context.records.map((r) => r.id), restoring: s.context.restoring }),
  });
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps
      .filter((s) => !(s.event as { type: string }).type.startsWith('xstate.init'))
      .map((s) => nameOf(s.event as ModelEvent));

  it(allowed ? 'reaches the list, its failure, its emptiness and a restore' : 'asks nothing of the server', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    if (!allowed) {
      expect(values).toEqual(new Set([JSON.stringify('forbidden')]));
      return;
    }
    expect(values).toEqual(
      new Set(['"loading"', '"failed"', '{"ready":"idle"}', '{"ready":"restoring"}'].map((v) => v)),
    );
    // restored, or too old: the list without it
    expect(paths.some((p) => p.state.matches('ready') && p.state.context.records.length === 1)).toBe(true);
  });

  function harness() {
    const services = deferredServices();
    const navigations: string[] = [];
    const logic = deletedRecordsMachine.provide({
      actors: { listDeleted: services.logic(), restoreRecord: services.logic() },
      actions: { navigate: (_, params) => void navigations.push(params.to) },
    });
    const refreshes: AnyEventObject[] = [];
    const totals = createActor(createMachine({ on: { '*': { actions: ({ event }) => refreshes.push(event) } } }));
    totals.start();
    const actor = createActor(logic, { input: { ...input, navCounts: totals } }).start();
    const notices: NotifyEvent[] = [];
    actor.on('notify', (n) => notices.push(n));
    return { actor, totals, services, notices, navigations, refreshes };
  }

  async function replay(steps: Name[]) {
    const h = harness();
    // as it opens: an EDITOR's list is asked for; a MEMBER is told who may see it
    expect(h.services.calls).toEqual(allowed ? [{ id: 'listDeleted', input: { teamId: 'team-1' } }] : []);
    expect(selectForbidden(h.actor.getSnapshot())).toBe(!allowed);
    for (const name of steps) {
      const before = h.actor.getSnapshot();
      const counts = {
        calls: h.services.calls.length,
        notices: h.notices.length,
        navs: h.navigations.length,
        totals: h.refreshes.length,
      };
      const event = EVENTS[name];
      const isList = LIST_ANSWERS.includes(name);
      const isRestore = RESTORE_ANSWERS.includes(name);
      if (isList || isRestore) {
        const id = isList ? 'listDeleted' : 'restoreRecord';
        if (!h.services.running().includes(id)) throw new Error(`${name} with no ${id} running cannot happen`);
        const answer = event as Synthetic;
        h.services.settle(id, 'output' in answer ? { output: answer.output } : { error: answer.error });
        await flush();
      } else h.actor.send(event as DeletedRecordsEvent);

      const after = h.actor.getSnapshot();
      const calls = h.services.calls.slice(counts.calls);
      const notices = h.notices.slice(counts.notices);
      const navs = h.navigations.slice(counts.navs);
      const ids = (s: typeof after) => s.context.records.map((r) => r.id);
      // what the screen shows follows its state
      expect(selectLoading(after)).toBe(after.matches('loading'));
      expect(selectFailed(after)).toBe(after.matches('failed'));
      expect(selectEmpty(after)).toBe(after.matches('ready') && ids(after).length === 0);
      // a Restore button works exactly on a listed row while nothing else is being restored
      expect(selectCanRestore(after, 'o1')).toBe(after.matches({ ready: 'idle' }) && ids(after).includes('o1'));

      switch (name) {
        case 'retry':
          if (before.matches('failed')) {
            expect(after.matches('loading')).toBe(true);
            expect(calls).toEqual([{ id: 'listDeleted', input: { teamId: 'team-1' } }]);
          } else expect([after.value, calls]).toEqual([before.value, []]);
          break;
        case 'restore':
        case 'restoreUnknown':
          if (name === 'restore' && before.matches({ ready: 'idle' }) && ids(before).includes('o1')) {
            expect(calls).toEqual([{ id: 'restoreRecord', input: { kind: 'order', id: 'o1', displayId: 'VN-1' } }]);
            expect(after.matches({ ready: 'restoring' })).toBe(true);
          } else expect([after.value, after.context, calls]).toEqual([before.value, before.context, []]);
          break;
        case 'open':
          // the toast's link: the tours list searched for the record, whatever the screen is doing
          expect(navs).toEqual(['/tours?q=T-2']);
          expect(after.value).toEqual(before.value);
          break;
        case 'listed':
        case 'listedNone':
          expect(after.matches({ ready: 'idle' })).toBe(true);
          expect(ids(after)).toEqual(name === 'listed' ? ['o1', 't2'] : []);
          break;
        case 'listFailed':
          expect(after.matches('failed')).toBe(true);
          break;
        case 'restored':
          expect(ids(after)).toEqual(ids(before).filter((id) => id !== 'o1'));
          expect(notices).toEqual([
            {
              type: 'notify',
              kind: 'success',
              message: 'Order VN-1 restored',
              action: { label: 'Open', event: { type: 'deleted.open', kind: 'order', displayId: 'VN-1' } },
            },
          ]);
          break;
        case 'restoreFailed':
          // the row stays, to try again
          expect(ids(after)).toEqual(ids(before));
          expect(notices).toEqual([{ type: 'notify', kind: 'error', message: 'The order could not be restored' }]);
          break;
        case 'restoreTooOld':
          // it can no longer be restored: it leaves the list, and the toast says why
          expect(ids(after)).toEqual(ids(before).filter((id) => id !== 'o1'));
          expect(notices).toEqual([
            { type: 'notify', kind: 'error', message: `The order could not be restored: ${TOO_OLD}` },
          ]);
          break;
      }
      if (isRestore) expect([after.matches({ ready: 'idle' }), after.context.restoring]).toEqual([true, null]);
      if (!isRestore) expect(notices).toEqual([]);
      if (name !== 'open') expect(navs).toEqual([]);
      // the navigation totals count again after a restore, and only then
      expect(h.refreshes.slice(counts.totals)).toEqual(name === 'restored' ? [{ type: 'counts.refresh' }] : []);
    }
    h.actor.stop();
    h.totals.stop();
    return h.actor.getSnapshot();
  }

  describe.each(paths.map((p) => [stepsOf(p).join(' → ') || '(start)', p] as const))('%s', (_, path) => {
    it('replays on a real actor to the same state', async () => {
      const end = await replay(stepsOf(path));
      expect(end.value).toEqual(path.state.value);
      expect({ ...end.context, navCounts: null }).toEqual(path.state.context);
    });

    const next = NAMES.filter(
      (n) =>
        (!LIST_ANSWERS.includes(n) || path.state.matches('loading')) &&
        (!RESTORE_ANSWERS.includes(n) || path.state.matches({ ready: 'restoring' })),
    );
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay([...stepsOf(path), name]);
    });
  });
});
