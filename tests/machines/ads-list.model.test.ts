import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, type AnyActorRef, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { can } from '../../shared/permissions';
import type { Ad } from '../../src/domain/ads';
import type { Role } from '../../src/domain/statuses';
import { adsListMachine } from '../../src/machines/ads-list/ads-list.machine';
import { selectCanMove, selectMayEdit, selectMayMove, selectShownAds } from '../../src/machines/ads-list/selectors';
import { MOVE_FAILED, type AdsListEvent } from '../../src/machines/ads-list/types';
import { ad, group, recordingServices, TEAM } from './ads-fakes';
import { flush } from './panel-fakes';
import { done, failed, type Synthetic } from './shared-fakes';

/**
 * Model-based: paths come from the production ads list screen (xstate/graph; loading and tag moves
 * answered by synthetic events; the editor and the groups are stand-ins) and are replayed on a
 * real screen. After each step: the editor open is for the ad chosen (a new one each time); a
 * saved or moved ad replaces the old one in the list and the groups hear of it; a move is asked
 * only to another tag, one at a time; the filter goes into the URL; the groups' changes come back.
 * Paths are generated for an EDITOR and for a MEMBER, whom the role matrix refuses every change of
 * an ad: no editor opens, no move is asked; filtering and the groups (with the role) go on.
 */
const [A, B] = [ad('a', 'new'), ad('b')];
const EMAIL = group('g1', 'email', [A]);
const CREATED: Ad = ad('c', 'new', 'Cooking class');
const EDITED: Ad = { ...A, title: 'Sunset cruise' };
const ARCHIVED: Ad = { ...A, tag: 'archived' };

const EVENTS = {
  retry: { type: 'ads.retry' },
  all: { type: 'ads.filter', tag: null },
  archivedOnly: { type: 'ads.filter', tag: 'archived' },
  create: { type: 'ad.create' },
  editA: { type: 'ad.edit', id: 'a' },
  editUnknown: { type: 'ad.edit', id: 'nope' },
  archiveA: { type: 'ad.move', id: 'a', tag: 'archived' },
  keepB: { type: 'ad.move', id: 'b', tag: 'active' },
  savedNew: { type: 'editor.saved', ad: CREATED, created: true },
  savedA: { type: 'editor.saved', ad: EDITED, created: false },
  closed: { type: 'editor.closed' },
  groupsChanged: { type: 'groups.changed', groups: [EMAIL, group('g2', null, [B])] },
  loaded: done('load', { ads: [A, B], groups: [EMAIL] }),
  loadFailed: failed('load'),
  moved: done('moveAd', ARCHIVED),
  moveFailed: failed('moveAd'),
} satisfies Record<string, AdsListEvent | Synthetic>;
type Name = keyof typeof EVENTS;
// every event the screen takes is tried: a new one fails to compile until it is listed here
const TRIED = {
  'ads.retry': ['retry'],
  'ads.filter': ['all', 'archivedOnly'],
  'ad.create': ['create'],
  'ad.edit': ['editA', 'editUnknown'],
  'ad.move': ['archiveA', 'keepB'],
  'editor.saved': ['savedNew', 'savedA'],
  'editor.closed': ['closed'],
  'groups.changed': ['groupsChanged'],
} satisfies Record<AdsListEvent['type'], Name[]>;
const RUNNING: Record<string, Name[]> = { load: ['loaded', 'loadFailed'], moveAd: ['moved', 'moveFailed'] };
const ANSWERS = Object.values(RUNNING).flat();
const NAMES: Name[] = [...Object.values(TRIED).flat(), ...ANSWERS];
const nameOf = (e: AnyEventObject) => NAMES.find((n) => EVENTS[n] === e)!;

/** A child that remembers its input and what it hears (a new actor each time it starts). */
const standIn = createMachine({
  types: {} as { context: { input: unknown; heard: AnyEventObject[] }; input: unknown },
  context: ({ input }) => ({ input, heard: [] }),
  on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
});
const ROLES = ['EDITOR', 'MEMBER'] as const satisfies Role[];
const inputOf = (role: Role) => ({ teamId: TEAM, tag: null, groupId: 'g1', role });

type Snapshot = ReturnType<(typeof adsListMachine)['getInitialSnapshot']>;
const key = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    ads: s.context.ads.map((a: Ad) => `${a.id}:${a.tag}:${a.title}`),
    groups: s.context.groups.length,
    editing: s.context.editing?.id ?? null,
  });
const pathsOf = (role: Role) =>
  getShortestPaths(
    adsListMachine.provide({
      actors: { ...recordingServices(['load', 'moveAd']).actors, adGroups: standIn, adEditor: standIn } as never,
      actions: { navigate: () => undefined },
    }),
    {
      input: inputOf(role),
      events: Object.values(EVENTS) as AdsListEvent[],
      serializeState: (s) => key(s as Snapshot),
      // a created ad is followed one step further: each one adds to the list
      stopWhen: (s) => (s as Snapshot).context.ads.length > 2,
    },
  );
const paths = Object.fromEntries(ROLES.map((role) => [role, pathsOf(role)])) as Record<
  Role,
  ReturnType<typeof pathsOf>
>;
const stepsOf = (p: ReturnType<typeof pathsOf>[number]) =>
  p.steps.filter((s) => (s.event as AnyEventObject).type !== 'xstate.init').map((s) => nameOf(s.event));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

async function replay(role: Role, steps: Name[]) {
  const may = { edit: can(role, 'createAd') && can(role, 'updateAd'), move: can(role, 'updateAd') };
  const services = recordingServices(['load', 'moveAd']);
  const searches: string[] = [];
  const actor = createActor(
    adsListMachine.provide({
      actors: { ...services.actors, adGroups: standIn, adEditor: standIn } as never,
      actions: { navigate: (_, params) => void searches.push(params.search) },
    }),
    { input: inputOf(role) },
  ).start();
  const notices: AnyEventObject[] = [];
  actor.on('notify', (e) => notices.push(e));
  const child = (s: Snapshot, id: 'adGroups' | 'adEditor') => s.children[id] as AnyActorRef | undefined;
  for (const name of steps) {
    const before = actor.getSnapshot();
    const counts = { calls: services.calls.length, notices: notices.length, searches: searches.length };
    const groups = child(before, 'adGroups');
    const heard = groups?.getSnapshot().context.heard.length ?? 0;
    const event = EVENTS[name];
    if (ANSWERS.includes(name)) {
      if (!(await services.settle(event, flush))) throw new Error(`${name} is not an answer`);
    } else {
      actor.send(event as AdsListEvent);
      await flush();
    }
    const after = actor.getSnapshot();
    const calls = services.calls.slice(counts.calls);
    const news = notices.slice(counts.notices);
    const newSearches = searches.slice(counts.searches);
    const ready = before.matches('ready');
    const editorOpen = before.matches({ ready: { editor: 'open' } });
    if (ready) expect([selectMayEdit(before), selectMayMove(before)]).toEqual([may.edit, may.move]);
    // the groups are one child for the whole screen once loaded
    if (ready) expect(child(after, 'adGroups')).toBe(groups);
    const groupsHeard = () => groups!.getSnapshot().context.heard.slice(heard);
    const toldGroups = () => expect(groupsHeard()).toEqual([{ type: 'groups.ads', ads: after.context.ads }]);
    const unchanged = () => {
      expect(after.value).toEqual(before.value);
      expect(after.context).toEqual(before.context);
      expect(child(after, 'adEditor')).toBe(child(before, 'adEditor'));
      expect([calls, news]).toEqual([[], []]);
    };
    const editorFor = (a: Ad | null) => {
      const editor = child(after, 'adEditor');
      expect(editor).toBeDefined();
      expect(editor).not.toBe(child(before, 'adEditor'));
      expect(editor!.getSnapshot().context.input).toEqual({ teamId: TEAM, ad: a });
    };
    const replaced = (a: Ad) =>
      expect(after.context.ads).toEqual(
        before.context.ads.some((x: Ad) => x.id === a.id)
          ? before.context.ads.map((x: Ad) => (x.id === a.id ? a : x))
          : [...before.context.ads, a],
      );
    switch (name) {
      case 'retry':
        if (!before.matches('failed')) unchanged();
        else expect(calls).toEqual([{ service: 'load', input: { teamId: TEAM } }]);
        break;
      case 'all':
      case 'archivedOnly': {
        const tag = (event as { tag: string | null }).tag;
        // anywhere: the filter is the URL's
        expect(after.context.tag).toBe(tag);
        expect(newSearches).toEqual([tag ? `?tag=${tag}` : '']);
        if (ready) expect(selectShownAds(after).every((a) => !tag || a.tag === tag)).toBe(true);
        break;
      }
      case 'create':
        if (!ready || editorOpen || !may.edit) unchanged();
        else editorFor(null);
        break;
      case 'editA':
      case 'editUnknown': {
        const chosen = before.context.ads.find((a: Ad) => a.id === (event as { id: string }).id);
        if (!ready || editorOpen || !chosen || !may.edit) unchanged();
        else editorFor(chosen);
        break;
      }
      case 'archiveA':
      case 'keepB': {
        const { id, tag } = event as { id: string; tag: Ad['tag'] };
        const movable =
          before.matches({ ready: { moves: 'idle' } }) &&
          before.context.ads.some((a: Ad) => a.id === id && a.tag !== tag);
        expect(selectCanMove(before, id, tag)).toBe(movable);
        if (!movable) unchanged();
        else expect(calls).toEqual([{ service: 'moveAd', input: { teamId: TEAM, id, tag } }]);
        break;
      }
      case 'savedNew':
      case 'savedA': {
        if (!editorOpen) {
          unchanged();
          break;
        }
        const saved = (event as { ad: Ad }).ad;
        replaced(saved);
        expect(child(after, 'adEditor')).toBeUndefined();
        toldGroups();
        expect(news).toEqual([
          {
            type: 'notify',
            kind: 'success',
            message: name === 'savedNew' ? 'Advertisement created' : 'Advertisement saved',
          },
        ]);
        break;
      }
      case 'closed':
        if (!editorOpen) unchanged();
        else expect([child(after, 'adEditor'), after.context.ads]).toEqual([undefined, before.context.ads]);
        break;
      case 'groupsChanged':
        if (!ready) unchanged();
        else expect(after.context.groups).toEqual((event as { groups: unknown }).groups);
        break;
      case 'loaded':
        expect(after.context).toMatchObject({ ads: [A, B], groups: [EMAIL] });
        expect(child(after, 'adGroups')!.getSnapshot().context.input).toEqual({
          teamId: TEAM,
          groups: [EMAIL],
          ads: [A, B],
          openId: 'g1',
          role,
        });
        break;
      case 'loadFailed':
        expect(after.matches('failed')).toBe(true);
        break;
      case 'moved':
        replaced(ARCHIVED);
        toldGroups();
        expect(news).toEqual([{ type: 'notify', kind: 'success', message: '“Ad a” moved to Archived' }]);
        break;
      case 'moveFailed':
        expect(after.context.ads).toEqual(before.context.ads);
        expect(groupsHeard()).toEqual([]);
        expect(news).toEqual([{ type: 'notify', kind: 'error', message: MOVE_FAILED }]);
        break;
    }
  }
  actor.stop();
  return actor.getSnapshot();
}

describe('the ads list screen, generated from its machine', () => {
  it('reaches the editor on a new and a saved ad, a move under way, and a failure', () => {
    const states = paths.EDITOR.map((p) => p.state as Snapshot);
    expect(states.some((s) => s.matches({ ready: { editor: 'open' } }) && s.context.editing === null)).toBe(true);
    expect(states.some((s) => s.context.editing?.id === 'a')).toBe(true);
    expect(states.some((s) => s.hasTag('moving'))).toBe(true);
    expect(states.some((s) => s.matches('failed'))).toBe(true);
  });

  it('opens no editor and moves nothing for a MEMBER, who still hears of the groups', () => {
    const states = paths.MEMBER.map((p) => p.state as Snapshot);
    const ready = states.filter((s) => s.matches('ready'));
    expect(ready.length).toBeGreaterThan(0);
    expect(ready.every((s) => s.matches({ ready: { editor: 'readOnly', moves: 'readOnly' } }))).toBe(true);
    expect(states.some((s) => s.context.groups.length === 2)).toBe(true);
  });

  describe.each(
    ROLES.flatMap((role) =>
      paths[role].map((p) => [`${role}: ${stepsOf(p).join(' → ') || '(start)'}`, role, p] as const),
    ),
  )('%s', (_, role, path) => {
    it('replays on a real actor to the same state', async () => {
      expect(key(await replay(role, stepsOf(path)))).toBe(key(path.state as Snapshot));
    });
    const s = path.state as Snapshot;
    const answers = [...(s.hasTag('loading') ? RUNNING.load : []), ...(s.hasTag('moving') ? RUNNING.moveAd : [])];
    const next = NAMES.filter((n) => !ANSWERS.includes(n) || answers.includes(n));
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay(role, [...stepsOf(path), name]);
    });
  });
});
