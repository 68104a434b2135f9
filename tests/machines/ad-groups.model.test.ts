import { describe, expect, it } from 'vitest';
import { assign, createMachine, type AnyActorRef, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { can } from '../../shared/permissions';
import { groupTagOf, groupTagRefusal, type AdGroup } from '../../src/domain/ads';
import type { Role } from '../../src/domain/statuses';
import { adGroupsMachine } from '../../src/machines/ad-groups/ad-groups.machine';
import {
  selectCanCreate,
  selectCreateRefusal,
  selectMayCreate,
  selectMayDelete,
  selectOpenId,
} from '../../src/machines/ad-groups/selectors';
import { CREATE_FAILED, DELETE_FAILED, type AdGroupsEvent } from '../../src/machines/ad-groups/types';
import { ad, group, recordingServices, TEAM } from './ads-fakes';
import { graphUnderParent } from './graph-under-parent';
import { flush } from './panel-fakes';
import { done, failed, underParent, type Synthetic } from './shared-fakes';

/**
 * Model-based: paths come from the production groups machine (xstate/graph; create and delete
 * answered by synthetic events, the open group's editor a stand-in), opened on nothing and on a
 * group from the URL, and are replayed on a real actor under a stand-in screen. After each step:
 * a group is created only with a tag the team may still use, and opens; the editor open is the
 * group chosen, a new one each time; a deletion is asked first; every change of the groups is
 * reported; the open editor hears of changed ads. Paths are generated for an EDITOR and for a
 * MEMBER, whom the role matrix refuses creating and deleting groups (opening one is reading it).
 */
const [A, B] = [ad('a'), ad('b', 'new')];
const EMAIL = group('g1', 'email', [A]);
const PLAIN = group('g2', null, []);
const CREATED = group('g3', 'autumn', []);
const EMAIL_AFTER = group('g1', 'email', [A, B]);
const NEW_ADS = [A, { ...B, tag: 'active' as const }];

const EVENTS = {
  tagEmail: { type: 'groups.tag', text: 'Email' },
  tagNone: { type: 'groups.tag', text: '' },
  create: { type: 'groups.create' },
  openEmail: { type: 'groups.open', id: 'g1' },
  openPlain: { type: 'groups.open', id: 'g2' },
  openUnknown: { type: 'groups.open', id: 'nope' },
  close: { type: 'groups.close' },
  deleteEmail: { type: 'groups.delete', id: 'g1' },
  confirm: { type: 'groups.deleteConfirm' },
  cancel: { type: 'groups.deleteCancel' },
  ads: { type: 'groups.ads', ads: NEW_ADS },
  itemsChanged: { type: 'items.changed', group: EMAIL_AFTER },
  goneEmail: { type: 'groups.gone', id: 'g1' },
  created: done('createGroup', { group: CREATED }),
  createRefused: done('createGroup', { refused: 'The team already has a group tagged autumn' }),
  createFailed: failed('createGroup'),
  deleted: done('deleteGroup', undefined),
  deleteFailed: failed('deleteGroup'),
} satisfies Record<string, AdGroupsEvent | Synthetic>;
type Name = keyof typeof EVENTS;
// every event the machine takes is tried: a new one fails to compile until it is listed here
const TRIED = {
  'groups.tag': ['tagEmail', 'tagNone'],
  'groups.create': ['create'],
  'groups.open': ['openEmail', 'openPlain', 'openUnknown'],
  'groups.close': ['close'],
  'groups.delete': ['deleteEmail'],
  'groups.deleteConfirm': ['confirm'],
  'groups.deleteCancel': ['cancel'],
  'groups.ads': ['ads'],
  'groups.gone': ['goneEmail'],
  'items.changed': ['itemsChanged'],
} satisfies Record<AdGroupsEvent['type'], Name[]>;
const ANSWERS: Name[] = ['created', 'createRefused', 'createFailed', 'deleted', 'deleteFailed'];
const NAMES: Name[] = [...Object.values(TRIED).flat(), ...ANSWERS];
const nameOf = (e: AnyEventObject) => NAMES.find((n) => EVENTS[n] === e)!;

/** The open group's editor: remembers its input and what it is told. */
const standIn = createMachine({
  types: {} as { context: { input: unknown; heard: AnyEventObject[] }; input: unknown },
  context: ({ input }) => ({ input, heard: [] }),
  on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
});

type Snapshot = ReturnType<(typeof adGroupsMachine)['getInitialSnapshot']>;
const key = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    groups: s.context.groups.map((g: AdGroup) => `${g.id}:${g.items.length}`),
    openId: s.context.openId,
    tag: s.context.tagDraft,
    refusal: s.context.createRefusal,
    deleteId: s.context.deleteId,
  });

const ROLES = ['EDITOR', 'MEMBER'] as const satisfies Role[];

describe.each(ROLES)('advertisement groups of a %s, generated from the groups machine', (role) => {
  const input = { teamId: TEAM, groups: [EMAIL, PLAIN], ads: [A, B], openId: null, role };
  const may = { create: can(role, 'createAdGroup'), delete: can(role, 'deleteAdGroup') };
  const logic = adGroupsMachine.provide({ actors: { groupItems: standIn } as never });
  const paths = getShortestPaths(graphUnderParent(logic), {
    input,
    events: Object.values(EVENTS) as AdGroupsEvent[],
    serializeState: (s) => key(s as Snapshot),
    // a creation or a deletion is followed one step (each adds or takes a group)
    stopWhen: (s) => (s as Snapshot).context.groups.map((g: AdGroup) => g.id).join() !== 'g1,g2',
  });
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps.filter((s) => (s.event as AnyEventObject).type !== 'xstate.init').map((s) => nameOf(s.event));

  it('opens the URL’s group at once, when it exists', () => {
    for (const [openId, open] of [
      ['g2', 'g2'],
      ['nope', null],
    ] as const) {
      const h = underParent(logic, { ...input, openId });
      expect(selectOpenId(h.child.getSnapshot())).toBe(open);
      h.stop();
    }
  });

  it(`reaches what a ${role} may: creating, deleting and their answers for an EDITOR, only opening for a MEMBER`, () => {
    const states = paths.map((p) => p.state as Snapshot);
    if (may.create && may.delete) {
      expect(states.some((s) => s.hasTag('creating'))).toBe(true);
      expect(states.some((s) => s.hasTag('deleting'))).toBe(true);
      expect(states.some((s) => s.matches({ remove: 'confirming' }))).toBe(true);
      expect(states.some((s) => selectOpenId(s) === 'g3')).toBe(true);
      expect(states.some((s) => selectCreateRefusal(s) === 'The team already has a group tagged email.')).toBe(true);
    } else {
      expect(states.every((s) => s.matches({ create: 'readOnly', remove: 'readOnly' }))).toBe(true);
      expect(states.every((s) => s.context.groups.length === 2)).toBe(true);
      expect(states.some((s) => selectOpenId(s) === 'g1')).toBe(true);
    }
  });

  async function replay(steps: Name[]) {
    const services = recordingServices(['createGroup', 'deleteGroup']);
    const h = underParent(
      adGroupsMachine.provide({ actors: { ...services.actors, groupItems: standIn } as never }),
      input,
    );
    const notices: AnyEventObject[] = [];
    h.child.on('notify', (e) => notices.push(e));
    const editorOf = (s: Snapshot) => s.children.groupItems as AnyActorRef | undefined;
    for (const name of steps) {
      const before = h.child.getSnapshot();
      const editor = editorOf(before);
      const counts = { calls: services.calls.length, reports: h.reports.length, notices: notices.length };
      const creatable =
        before.matches({ create: 'idle' }) && groupTagRefusal(before.context.tagDraft, before.context.groups) === null;
      expect(selectCanCreate(before)).toBe(creatable);
      expect([selectMayCreate(before), selectMayDelete(before)]).toEqual([may.create, may.delete]);
      if (!may.create) expect(before.matches({ create: 'readOnly' })).toBe(true);
      if (!may.delete) expect(before.matches({ remove: 'readOnly' })).toBe(true);
      const event = EVENTS[name];
      if (ANSWERS.includes(name)) {
        if (!(await services.settle(event, flush))) throw new Error(`${name} is not an answer`);
      } else {
        h.child.send(event as AdGroupsEvent);
        await flush();
      }
      const after = h.child.getSnapshot();
      const calls = services.calls.slice(counts.calls);
      const reports = h.reports.slice(counts.reports);
      const news = notices.slice(counts.notices);
      const reported = () => expect(reports).toEqual([{ type: 'groups.changed', groups: after.context.groups }]);
      const sameEditor = () => expect(editorOf(after)).toBe(editor);
      const openedOn = (g: AdGroup) => {
        // a new editor for that group, with the team's ads
        expect(editorOf(after)).toBeDefined();
        expect(editorOf(after)).not.toBe(editor);
        expect(editorOf(after)!.getSnapshot().context.input).toEqual({
          teamId: TEAM,
          group: g,
          ads: after.context.ads,
          role,
        });
        expect(selectOpenId(after)).toBe(g.id);
      };
      const unchanged = () => {
        expect(after.value).toEqual(before.value);
        expect(after.context).toEqual(before.context);
        sameEditor();
        expect([calls, reports, news]).toEqual([[], [], []]);
      };
      switch (name) {
        case 'tagEmail':
        case 'tagNone':
          if (!before.matches({ create: 'idle' })) unchanged();
          else {
            expect(after.context).toMatchObject({ tagDraft: (event as { text: string }).text, createRefusal: null });
            expect([calls, reports]).toEqual([[], []]);
          }
          break;
        case 'create':
          if (!creatable) unchanged();
          else {
            expect(calls).toEqual([
              { service: 'createGroup', input: { teamId: TEAM, tag: groupTagOf(before.context.tagDraft) } },
            ]);
            expect(after.hasTag('creating')).toBe(true);
          }
          break;
        case 'openEmail':
        case 'openPlain': {
          const chosen = before.context.groups.find((g: AdGroup) => g.id === (event as { id: string }).id);
          // a deleted group cannot be opened
          if (!chosen) unchanged();
          else {
            openedOn(chosen);
            expect([calls, reports]).toEqual([[], []]);
          }
          break;
        }
        case 'openUnknown':
          unchanged();
          break;
        case 'close':
          if (!editor) unchanged();
          else {
            expect([editorOf(after), selectOpenId(after), after.context.openId]).toEqual([undefined, null, null]);
            expect(reports).toEqual([]);
          }
          break;
        case 'deleteEmail':
          if (!before.matches({ remove: 'idle' }) || !before.context.groups.some((g: AdGroup) => g.id === 'g1'))
            unchanged();
          else expect(after.matches({ remove: 'confirming' }) && after.context.deleteId === 'g1').toBe(true);
          break;
        case 'confirm':
          if (!before.matches({ remove: 'confirming' })) unchanged();
          else expect(calls).toEqual([{ service: 'deleteGroup', input: { teamId: TEAM, id: 'g1' } }]);
          break;
        case 'cancel':
          if (!before.matches({ remove: 'confirming' })) unchanged();
          else expect(after.matches({ remove: 'idle' }) && after.context.deleteId === null).toBe(true);
          break;
        case 'ads':
          expect(after.context.ads).toBe(NEW_ADS);
          sameEditor();
          if (editor) expect(editor.getSnapshot().context.heard.at(-1)).toEqual({ type: 'items.ads', ads: NEW_ADS });
          expect([calls, reports]).toEqual([[], []]);
          break;
        case 'itemsChanged':
          if (!editor) unchanged();
          else {
            // the editor's group, as the server has it, replaces the old one in place
            expect(after.context.groups).toEqual(
              before.context.groups.map((g: AdGroup) => (g.id === 'g1' ? EMAIL_AFTER : g)),
            );
            reported();
            sameEditor();
          }
          break;
        case 'goneEmail':
          if (editor && before.context.openId === 'g1') expect(editorOf(after)).toBeUndefined();
          else unchanged();
          break;
        case 'created':
          expect(after.context.groups).toEqual([...before.context.groups, CREATED]);
          expect(after.context.tagDraft).toBe('');
          reported();
          openedOn(CREATED);
          break;
        case 'createRefused':
          expect(after.context.groups).toEqual(before.context.groups);
          expect(selectCreateRefusal(after)).toBe('The team already has a group tagged autumn');
          expect([reports, news]).toEqual([[], []]);
          break;
        case 'createFailed':
        case 'deleteFailed':
          expect(after.context.groups).toEqual(before.context.groups);
          expect(reports).toEqual([]);
          expect(news).toEqual([
            { type: 'notify', kind: 'error', message: name === 'createFailed' ? CREATE_FAILED : DELETE_FAILED },
          ]);
          break;
        case 'deleted':
          expect(after.context.groups).toEqual(before.context.groups.filter((g: AdGroup) => g.id !== 'g1'));
          reported();
          // the deleted group's editor closes; another stays
          if (before.context.openId === 'g1' && editor) expect(editorOf(after)).toBeUndefined();
          else sameEditor();
          break;
      }
    }
    h.stop();
    return h.child.getSnapshot();
  }

  describe.each(paths.map((p) => [stepsOf(p).join(' → ') || '(start)', p] as const))('%s', (_, path) => {
    it('replays on a real actor to the same state', async () => {
      expect(key(await replay(stepsOf(path)))).toBe(key(path.state as Snapshot));
    });
    const s = path.state as Snapshot;
    const running = [
      ...(s.hasTag('creating') ? ['created', 'createRefused', 'createFailed'] : []),
      ...(s.hasTag('deleting') ? ['deleted', 'deleteFailed'] : []),
    ];
    const next = NAMES.filter((n) => !ANSWERS.includes(n) || running.includes(n));
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay([...stepsOf(path), name]);
    });
  });
});
