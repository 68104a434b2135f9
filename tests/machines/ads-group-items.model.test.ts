import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { can } from '../../shared/permissions';
import { LINK_FAILED, moveId, type Ad, type AdGroup } from '../../src/domain/ads';
import type { Role } from '../../src/domain/statuses';
import { groupItemsMachine } from '../../src/machines/group-items/group-items.machine';
import { selectAddable, selectCanMove, selectCanRemove, selectMayEdit } from '../../src/machines/group-items/selectors';
import { ITEMS_FAILED, type GroupItemsEvent } from '../../src/machines/group-items/types';
import { graphUnderParent } from './graph-under-parent';
import { ad, group, recordingServices, TEAM } from './ads-fakes';
import { flush } from './panel-fakes';
import { done, failed, underParent, type Synthetic } from './shared-fakes';

/**
 * Model-based: paths come from the production group-items machine (xstate/graph, with the server's
 * answers as synthetic events) and are replayed on a real actor under a stand-in screen. After
 * each step: a request is made exactly when the gesture is allowed (one at a time; only a live ad
 * not in the group is added; a move past either end is none), with the order the server is to
 * keep; the list shows what the server answered and the screen hears of it; a failure changes
 * nothing and says why. Paths are generated for an EDITOR and for a MEMBER, whom the role matrix
 * refuses every change: the list is read-only and no gesture asks the server anything.
 */
const [A, B, C, X] = [ad('a'), ad('b', 'new'), ad('c'), ad('x', 'archived')];
const ADS = [A, B, C, X];
const inGroup = (items: Ad[]) => group('g1', 'email', items);
const START = inGroup([A, B]);
// what the server answers (its group as it now is)
const AFTER_ADD = inGroup([A, B, C]);
const AFTER_SAVE = inGroup([B, A]);
const RENAMED = ADS.map((x) => (x.id === 'a' ? { ...x, title: 'Sunset cruise' } : x));

const EVENTS = {
  addC: { type: 'items.add', adId: 'c' },
  addArchived: { type: 'items.add', adId: 'x' },
  addPresent: { type: 'items.add', adId: 'a' },
  removeA: { type: 'items.remove', adId: 'a' },
  removeC: { type: 'items.remove', adId: 'c' },
  upA: { type: 'items.move', adId: 'a', delta: -1 },
  downA: { type: 'items.move', adId: 'a', delta: 1 },
  upC: { type: 'items.move', adId: 'c', delta: -1 },
  renameA: { type: 'items.ads', ads: RENAMED },
  added: done('addItems', AFTER_ADD),
  addFailed: failed('addItems'),
  saved: done('setItems', AFTER_SAVE),
  saveFailed: failed('setItems'),
} satisfies Record<string, GroupItemsEvent | Synthetic>;
type Name = keyof typeof EVENTS;
// every event the machine takes is tried: a new one fails to compile until it is listed here
const TRIED = {
  'items.add': ['addC', 'addArchived', 'addPresent'],
  'items.remove': ['removeA', 'removeC'],
  'items.move': ['upA', 'downA', 'upC'],
  'items.ads': ['renameA'],
} satisfies Record<GroupItemsEvent['type'], Name[]>;
const ANSWERS: Name[] = ['added', 'addFailed', 'saved', 'saveFailed'];
const NAMES: Name[] = [...Object.values(TRIED).flat(), ...ANSWERS];
const nameOf = (e: AnyEventObject) => NAMES.find((n) => EVENTS[n] === e)!;
const ROLES = ['EDITOR', 'MEMBER'] as const satisfies Role[];
const inputOf = (role: Role) => ({ teamId: TEAM, group: START, ads: ADS, role });

const pathsOf = (role: Role) =>
  getShortestPaths(graphUnderParent(groupItemsMachine), {
    input: inputOf(role),
    events: Object.values(EVENTS) as GroupItemsEvent[],
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        items: s.context.group.items.map((i: Ad) => `${i.id}:${i.title}`),
        pending: s.context.pendingIds,
        adding: s.context.adding,
        ads: s.context.ads === RENAMED,
      }),
  });
const paths = Object.fromEntries(ROLES.map((role) => [role, pathsOf(role)])) as Record<
  Role,
  ReturnType<typeof pathsOf>
>;
const stepsOf = (p: ReturnType<typeof pathsOf>[number]) =>
  p.steps.filter((s) => (s.event as AnyEventObject).type !== 'xstate.init').map((s) => nameOf(s.event));
const ids = (g: AdGroup) => g.items.map((i) => i.id);

function harness(role: Role) {
  const services = recordingServices(['addItems', 'setItems']);
  const h = underParent(groupItemsMachine.provide({ actors: services.actors as never }), inputOf(role));
  const notices: AnyEventObject[] = [];
  h.child.on('notify', (e) => notices.push(e));
  return { ...h, services, calls: services.calls, notices };
}

async function replay(role: Role, steps: Name[]) {
  const h = harness(role);
  const may = can(role, 'addAdGroupItems') && can(role, 'setAdGroupItems');
  for (const name of steps) {
    const before = h.child.getSnapshot();
    const counts = { calls: h.calls.length, reports: h.reports.length, notices: h.notices.length };
    const event = EVENTS[name];
    // a role the matrix refuses is as busy as can be: it never changes anything
    const saving = before.hasTag('saving') || !may;
    expect(selectMayEdit(before)).toBe(may);
    if (ANSWERS.includes(name)) {
      if (!(await h.services.settle(event, flush))) throw new Error(`${name} is not an answer`);
    } else {
      // the view's enablement is the machine's own
      if (event.type === 'items.remove')
        expect(selectCanRemove(before, event.adId)).toBe(!saving && ids(before.context.group).includes(event.adId));
      if (event.type === 'items.move') {
        const current = ids(before.context.group);
        expect(selectCanMove(before, event.adId, event.delta)).toBe(
          !saving && moveId(current, event.adId, event.delta) !== current,
        );
      }
      h.child.send(event as GroupItemsEvent);
      await flush();
    }
    const after = h.child.getSnapshot();
    const calls = h.calls.slice(counts.calls);
    const reports = h.reports.slice(counts.reports);
    const notices = h.notices.slice(counts.notices);
    const unchanged = () => {
      expect(after.context.group).toEqual(before.context.group);
      expect([calls, reports, notices]).toEqual([[], [], []]);
    };
    const request = (service: string, advertisementIds: string[]) => {
      expect(calls).toEqual([{ service, input: { teamId: TEAM, id: 'g1', advertisementIds } }]);
      expect(after.hasTag('saving')).toBe(true);
      // the list shows what the server has until it answers
      expect(after.context.group).toEqual(before.context.group);
      expect([reports, notices]).toEqual([[], []]);
    };
    switch (event.type) {
      case 'items.add': {
        const addable = selectAddable(before).some((a) => a.id === event.adId);
        if (!saving && addable) request('addItems', [event.adId]);
        else unchanged();
        break;
      }
      case 'items.remove':
        if (!saving && ids(before.context.group).includes(event.adId))
          request(
            'setItems',
            ids(before.context.group).filter((id) => id !== event.adId),
          );
        else unchanged();
        break;
      case 'items.move': {
        const current = ids(before.context.group);
        const moved = moveId(current, event.adId, event.delta);
        if (!saving && moved !== current) request('setItems', moved);
        else unchanged();
        break;
      }
      case 'items.ads':
        // the items show the ads as they are now (same order), nothing is asked or reported
        expect(ids(after.context.group)).toEqual(ids(before.context.group));
        expect(after.context.group.items.find((i) => i.id === 'a')?.title).toBe(
          ids(before.context.group).includes('a') ? 'Sunset cruise' : undefined,
        );
        expect([calls, reports, notices]).toEqual([[], [], []]);
        break;
      default: {
        expect(after.hasTag('saving')).toBe(false);
        if (name === 'added' || name === 'saved') {
          const answer = (event as { output: AdGroup }).output;
          expect(after.context.group).toEqual(answer);
          expect(reports).toEqual([{ type: 'items.changed', group: answer }]);
          expect(notices).toEqual([]);
        } else {
          expect(after.context.group).toEqual(before.context.group);
          expect(reports).toEqual([]);
          expect(notices).toEqual([
            { type: 'notify', kind: 'error', message: name === 'addFailed' ? LINK_FAILED : ITEMS_FAILED },
          ]);
        }
      }
    }
  }
  h.stop();
  return h.child.getSnapshot();
}

describe('group items, generated from the group-items machine', () => {
  it('reaches adding and saving, and the groups the server answers', () => {
    const states = paths.EDITOR.map((p) => p.state);
    expect(new Set(states.map((s) => s.value))).toEqual(new Set(['idle', 'adding', 'saving']));
    expect(states.some((s) => ids(s.context.group).join() === 'a,b,c')).toBe(true);
    expect(states.some((s) => ids(s.context.group).join() === 'b,a')).toBe(true);
  });

  it('keeps a MEMBER read-only: the group as it was, whatever the gesture', () => {
    const states = paths.MEMBER.map((p) => p.state);
    expect(new Set(states.map((s) => s.value))).toEqual(new Set(['readOnly']));
    expect(new Set(states.map((s) => ids(s.context.group).join()))).toEqual(new Set(['a,b']));
  });

  describe.each(
    ROLES.flatMap((role) =>
      paths[role].map((p) => [`${role}: ${stepsOf(p).join(' → ') || '(start)'}`, role, p] as const),
    ),
  )('%s', (_, role, path) => {
    it('replays on a real actor to the same state', async () => {
      const end = await replay(role, stepsOf(path));
      expect(end.value).toEqual(path.state.value);
      expect(end.context).toEqual(path.state.context);
    });
    const running =
      path.state.value === 'adding'
        ? ['added', 'addFailed']
        : path.state.value === 'saving'
          ? ['saved', 'saveFailed']
          : [];
    const next = NAMES.filter((n) => !ANSWERS.includes(n) || running.includes(n));
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay(role, [...stepsOf(path), name]);
    });
  });
});
