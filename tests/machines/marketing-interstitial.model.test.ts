import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type AnyActorRef, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { can } from '../../shared/permissions';
import type { AdGroup } from '../../src/domain/ads';
import type { Role } from '../../src/domain/statuses';
import { interstitialMachine } from '../../src/machines/interstitial/interstitial.machine';
import {
  selectCanNext,
  selectCanPrev,
  selectCanCreate,
  selectFrequency,
  selectMayChangeFrequency,
  selectShown,
  selectView,
} from '../../src/machines/interstitial/selectors';
import {
  CREATE_FAILED,
  FREQUENCY_FAILED,
  FREQUENCY_SAVED,
  type InterstitialEvent,
} from '../../src/machines/interstitial/types';
import { ad, group, recordingServices, TEAM } from './ads-fakes';
import { flush } from './panel-fakes';
import { done, failed, type Synthetic } from './shared-fakes';

/**
 * Model-based: paths come from the production interstitial screen (xstate/graph; loading, creating
 * and saving the frequency answered by synthetic events, the items' editor a stand-in) and are
 * replayed on a real actor. After each step: the screen shows the team's interstitial group or
 * offers to make one; the editor edits the group shown; the frequency is saved only when it
 * changes, shown as chosen while it saves; the preview steps only through the live ads. Paths are
 * generated for an EDITOR and for a MEMBER, whom the role matrix refuses setting the interstitial
 * up and changing its frequency: they see it all, preview included, and change nothing.
 */
const [A, B, C, X] = [ad('a'), ad('b', 'new'), ad('c'), ad('x', 'archived')];
const ADS = [A, B, C, X];
const INTER = group('g1', 'interstitial', [A, X, B, C]);
const EMAIL = group('g0', 'email', [A]);
const CREATED = group('g2', 'interstitial', []);
const FEWER = group('g1', 'interstitial', [X, C]);

const EVENTS = {
  retry: { type: 'interstitial.retry' },
  create: { type: 'interstitial.create' },
  weekly: { type: 'interstitial.frequency', frequency: 'weekly' },
  daily: { type: 'interstitial.frequency', frequency: 'daily' },
  next: { type: 'preview.next' },
  prev: { type: 'preview.prev' },
  showLast: { type: 'preview.show', index: 2 },
  showNone: { type: 'preview.show', index: 3 },
  itemsChanged: { type: 'items.changed', group: FEWER },
  loaded: done('load', { ads: ADS, groups: [EMAIL, INTER] }),
  loadedNone: done('load', { ads: ADS, groups: [EMAIL] }),
  loadFailed: failed('load'),
  created: done('createGroup', { group: CREATED }),
  createRefused: done('createGroup', { refused: 'The team already has a group tagged interstitial' }),
  createFailed: failed('createGroup'),
  frequencySaved: done('saveFrequency', { ...INTER, frequency: 'weekly' }),
  frequencyFailed: failed('saveFrequency'),
} satisfies Record<string, InterstitialEvent | Synthetic>;
type Name = keyof typeof EVENTS;
// every event the screen takes is tried: a new one fails to compile until it is listed here
const TRIED = {
  'interstitial.retry': ['retry'],
  'interstitial.create': ['create'],
  'interstitial.frequency': ['weekly', 'daily'],
  'preview.next': ['next'],
  'preview.prev': ['prev'],
  'preview.show': ['showLast', 'showNone'],
  'items.changed': ['itemsChanged'],
} satisfies Record<InterstitialEvent['type'], Name[]>;
const ANSWERS: Name[] = [
  'loaded',
  'loadedNone',
  'loadFailed',
  'created',
  'createRefused',
  'createFailed',
  'frequencySaved',
  'frequencyFailed',
];
const RUNNING: Record<string, Name[]> = {
  load: ['loaded', 'loadedNone', 'loadFailed'],
  createGroup: ['created', 'createRefused', 'createFailed'],
  saveFrequency: ['frequencySaved', 'frequencyFailed'],
};
const NAMES: Name[] = [...Object.values(TRIED).flat(), ...ANSWERS];
const nameOf = (e: AnyEventObject) => NAMES.find((n) => EVENTS[n] === e)!;

/** The items' editor: remembers its input. */
const standIn = createMachine({
  types: {} as { context: { input: unknown }; input: unknown },
  context: ({ input }) => ({ input }),
});
const never = recordingServices(['load', 'createGroup', 'saveFrequency']).actors;

type Snapshot = ReturnType<(typeof interstitialMachine)['getInitialSnapshot']>;
const key = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    group: s.context.group && `${s.context.group.id}:${s.context.group.items.length}:${s.context.group.frequency}`,
    slide: s.context.slide,
    frequency: s.context.frequency,
  });
const ROLES = ['EDITOR', 'MEMBER'] as const satisfies Role[];
const pathsOf = (role: Role) =>
  getShortestPaths(interstitialMachine.provide({ actors: { ...never, groupItems: standIn } as never }), {
    input: { teamId: TEAM, role },
    events: Object.values(EVENTS) as InterstitialEvent[],
    serializeState: (s) => key(s as Snapshot),
  });
const paths = Object.fromEntries(ROLES.map((role) => [role, pathsOf(role)])) as Record<
  Role,
  ReturnType<typeof pathsOf>
>;
const stepsOf = (p: ReturnType<typeof pathsOf>[number]) =>
  p.steps.filter((s) => (s.event as AnyEventObject).type !== 'xstate.init').map((s) => nameOf(s.event));
const running = (s: Snapshot) =>
  Object.keys(RUNNING).filter((id) => s.children[id as keyof typeof s.children] !== undefined);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

async function replay(role: Role, steps: Name[]) {
  const may = { create: can(role, 'createAdGroup'), frequency: can(role, 'updateAdGroup') };
  const services = recordingServices(['load', 'createGroup', 'saveFrequency']);
  const actor = createActor(
    interstitialMachine.provide({ actors: { ...services.actors, groupItems: standIn } as never }),
    { input: { teamId: TEAM, role } },
  ).start();
  const notices: AnyEventObject[] = [];
  actor.on('notify', (e) => notices.push(e));
  const editorOf = (s: Snapshot) => s.children.groupItems as AnyActorRef | undefined;
  // the first request: the screen loads at once
  expect(services.calls).toEqual([{ service: 'load', input: { teamId: TEAM } }]);
  for (const name of steps) {
    const before = actor.getSnapshot();
    const counts = { calls: services.calls.length, notices: notices.length };
    const event = EVENTS[name];
    if (ANSWERS.includes(name)) {
      if (!(await services.settle(event, flush))) throw new Error(`${name} is not an answer`);
    } else {
      actor.send(event as InterstitialEvent);
      await flush();
    }
    const after = actor.getSnapshot();
    const calls = services.calls.slice(counts.calls);
    const news = notices.slice(counts.notices);
    const configured = before.matches({ ready: 'configured' });
    const unchanged = () => {
      expect(after.value).toEqual(before.value);
      expect(after.context).toEqual(before.context);
      expect([calls, news]).toEqual([[], []]);
    };
    const editing = (g: AdGroup) => {
      expect(selectView(after)).toBe('configured');
      expect(editorOf(after)!.getSnapshot().context.input).toEqual({ teamId: TEAM, group: g, ads: ADS, role });
    };
    const live = selectShown(before).length;
    expect(selectCanNext(before)).toBe(configured && before.context.slide < live - 1);
    expect(selectCanPrev(before)).toBe(configured && before.context.slide > 0);
    expect(selectCanCreate(before)).toBe(before.matches({ ready: 'missing' }) && may.create);
    if (configured) expect(selectMayChangeFrequency(before)).toBe(may.frequency);
    switch (name) {
      case 'retry':
        if (!before.matches('failed')) unchanged();
        else expect(calls).toEqual([{ service: 'load', input: { teamId: TEAM } }]);
        break;
      case 'create':
        if (!before.matches({ ready: 'missing' }) || !may.create) unchanged();
        else expect(calls).toEqual([{ service: 'createGroup', input: { teamId: TEAM, tag: 'interstitial' } }]);
        break;
      case 'weekly':
      case 'daily': {
        const frequency = (event as { frequency: string }).frequency;
        const idle = before.matches({ ready: { configured: { frequency: 'idle' } } });
        if (!idle || before.context.group!.frequency === frequency) unchanged();
        else {
          expect(calls).toEqual([
            { service: 'saveFrequency', input: { teamId: TEAM, id: before.context.group!.id, frequency } },
          ]);
          // shown as chosen while it saves
          expect(selectFrequency(after)).toBe(frequency);
        }
        break;
      }
      case 'next':
      case 'prev':
      case 'showLast':
      case 'showNone': {
        const target =
          name === 'next'
            ? before.context.slide + 1
            : name === 'prev'
              ? before.context.slide - 1
              : (event as { index: number }).index;
        if (!configured || target < 0 || target >= live) unchanged();
        else expect(after.context.slide).toBe(target);
        break;
      }
      case 'itemsChanged':
        if (!configured) unchanged();
        else {
          // the preview shows what customers get now: the one live ad left
          expect(after.context.group).toEqual(FEWER);
          expect(selectShown(after).map((a) => a.id)).toEqual(['c']);
          expect(after.context.slide).toBe(0);
          expect(editorOf(after)).toBe(editorOf(before));
        }
        break;
      case 'loaded':
        editing(INTER);
        expect(selectShown(after).map((a) => a.id)).toEqual(['a', 'b', 'c']);
        expect(after.context.slide).toBe(0);
        break;
      case 'loadedNone':
        expect(selectView(after)).toBe('missing');
        expect(editorOf(after)).toBeUndefined();
        break;
      case 'loadFailed':
        expect(selectView(after)).toBe('failed');
        break;
      case 'created':
        editing(CREATED);
        break;
      case 'createRefused':
        // made meanwhile elsewhere: load it
        expect(calls).toEqual([{ service: 'load', input: { teamId: TEAM } }]);
        expect(selectView(after)).toBe('loading');
        break;
      case 'createFailed':
        expect(selectView(after)).toBe('missing');
        expect(news).toEqual([{ type: 'notify', kind: 'error', message: CREATE_FAILED }]);
        break;
      case 'frequencySaved':
        expect(after.context.group!.frequency).toBe('weekly');
        expect(selectFrequency(after)).toBe('weekly');
        expect(news).toEqual([{ type: 'notify', kind: 'success', message: FREQUENCY_SAVED }]);
        expect(editorOf(after)).toBe(editorOf(before));
        break;
      case 'frequencyFailed':
        expect(selectFrequency(after)).toBe(before.context.group!.frequency);
        expect(news).toEqual([{ type: 'notify', kind: 'error', message: FREQUENCY_FAILED }]);
        break;
    }
  }
  actor.stop();
  return actor.getSnapshot();
}

describe('the interstitial screen, generated from its machine', () => {
  it('reaches the group missing, made, configured with several ads, and saving the frequency', () => {
    const states = paths.EDITOR.map((p) => p.state as Snapshot);
    expect(new Set(states.map(selectView))).toEqual(new Set(['loading', 'failed', 'missing', 'configured']));
    expect(states.some((s) => s.context.group?.id === 'g2')).toBe(true);
    expect(states.some((s) => s.context.slide === 2)).toBe(true);
    expect(states.some((s) => s.hasTag('savingFrequency'))).toBe(true);
  });

  it('lets a MEMBER see the interstitial and step through its preview, and change nothing', () => {
    const states = paths.MEMBER.map((p) => p.state as Snapshot);
    expect(new Set(states.map(selectView))).toEqual(new Set(['loading', 'failed', 'missing', 'configured']));
    expect(states.some((s) => s.context.slide === 2)).toBe(true);
    expect(states.some((s) => s.hasTag('creating') || s.hasTag('savingFrequency'))).toBe(false);
    const configured = states.filter((s) => s.matches({ ready: 'configured' }));
    expect(configured.every((s) => s.matches({ ready: { configured: { frequency: 'readOnly' } } }))).toBe(true);
  });

  describe.each(
    ROLES.flatMap((role) =>
      paths[role].map((p) => [`${role}: ${stepsOf(p).join(' → ') || '(start)'}`, role, p] as const),
    ),
  )('%s', (_, role, path) => {
    it('replays on a real actor to the same state', async () => {
      expect(key(await replay(role, stepsOf(path)))).toBe(key(path.state as Snapshot));
    });
    const answers = running(path.state as Snapshot).flatMap((id) => RUNNING[id]);
    const next = NAMES.filter((n) => !ANSWERS.includes(n) || answers.includes(n));
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay(role, [...stepsOf(path), name]);
    });
  });
});
