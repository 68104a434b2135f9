import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { draftChanges, draftRefusals, draftUnsaved, type Ad } from '../../src/domain/ads';
import { UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE } from '../../src/domain/uploads';
import { adEditorMachine } from '../../src/machines/ad-editor/ad-editor.machine';
import { selectCanSave } from '../../src/machines/ad-editor/selectors';
import { selectAsking, selectHoldsDraft } from '../../src/machines/leave-guard/selectors';
import { READ_FAILED, SAVE_FAILED, type AdEditorEvent } from '../../src/machines/ad-editor/types';
import { ad, recordingServices, TEAM } from './ads-fakes';
import { graphUnderParent } from './graph-under-parent';
import { flush } from './panel-fakes';
import { done, failed, underParent, type Synthetic } from './shared-fakes';

/**
 * Model-based: paths come from the production ad editor (xstate/graph; the file read and the save
 * answered by synthetic events), for a new ad and a saved one, and are replayed on a real actor
 * under a stand-in screen. After each step: a picked file is read only when it passes the avatar's
 * checks; Save asks the server exactly when every field is acceptable and something changed,
 * with only what changed; the screen hears of a save or a close; a refusal or a failure keeps
 * the draft as typed.
 */
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const SAVED: Ad = { ...ad('a1'), title: 'Cooking class', linkUrl: 'https://example.test/cook' };
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

const EVENTS = {
  title: { type: 'editor.change', field: 'title', value: 'Sunset cruise' },
  noTitle: { type: 'editor.change', field: 'title', value: '  ' },
  link: { type: 'editor.change', field: 'linkUrl', value: 'https://example.test/cruise' },
  badLink: { type: 'editor.change', field: 'linkUrl', value: 'javascript:alert(1)' },
  address: { type: 'editor.change', field: 'imageUrl', value: 'https://img.example.test/new.png' },
  badAddress: { type: 'editor.change', field: 'imageUrl', value: 'http://img.example.test/new.png' },
  png: { type: 'editor.file', file: file('cruise.png', 'image/png', 2048) },
  tooBig: { type: 'editor.file', file: file('big.jpg', 'image/jpeg', 512_001) },
  gif: { type: 'editor.file', file: file('cruise.gif', 'image/gif', 100) },
  save: { type: 'editor.save' },
  cancel: { type: 'editor.cancel' },
  discarded: { type: 'leave.discarded' },
  read: done('readImage', PNG),
  readFailed: failed('readImage'),
  saved: done('saveAd', { saved: { ...SAVED, title: 'Sunset cruise' } }),
  refused: done('saveAd', { refused: 'imageUrl must be an https URL or an uploaded PNG or JPEG image' }),
  saveFailed: failed('saveAd'),
} satisfies Record<string, AdEditorEvent | Synthetic>;
type Name = keyof typeof EVENTS;
// every event the editor takes is tried: a new one fails to compile until it is listed here
const TRIED = {
  'editor.change': ['title', 'noTitle', 'link', 'badLink', 'address', 'badAddress'],
  'editor.file': ['png', 'tooBig', 'gif'],
  'editor.save': ['save'],
  'editor.cancel': ['cancel'],
  'leave.discarded': ['discarded'],
} satisfies Record<AdEditorEvent['type'], Name[]>;
const ANSWERS: Name[] = ['read', 'readFailed', 'saved', 'refused', 'saveFailed'];
const NAMES: Name[] = [...Object.values(TRIED).flat(), ...ANSWERS];
const nameOf = (e: AnyEventObject) => NAMES.find((n) => EVENTS[n] === e)!;

type Snapshot = ReturnType<(typeof adEditorMachine)['getInitialSnapshot']>;
/** States that differ in what the editor does next (not every draft typed): what Save would do. */
const key = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    valid: Object.keys(draftRefusals(s.context.draft)).length === 0,
    changed: Object.keys(draftChanges(s.context.ad, s.context.draft)).length > 0,
    uploaded: s.context.draft.imageUrl === PNG,
    fileError: s.context.fileError,
    refused: s.context.refusal !== null,
  });

describe.each([
  ['a new ad', null],
  ['a saved ad', SAVED],
] as const)('the ad editor on %s, generated from the machine', (_, saved) => {
  const input = { teamId: TEAM, ad: saved };
  const paths = getShortestPaths(graphUnderParent(adEditorMachine), {
    input,
    events: Object.values(EVENTS) as AdEditorEvent[],
    serializeState: (s) => key(s as Snapshot),
    // by name: a File's JSON is `{}`, so the three picks would look like one event
    serializeEvent: (e) => nameOf(e as AnyEventObject) ?? JSON.stringify(e),
  });
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps.filter((s) => (s.event as AnyEventObject).type !== 'xstate.init').map((s) => nameOf(s.event));

  it('reaches reading, saving, closed, refusals and the avatar’s file messages', () => {
    const states = paths.map((p) => p.state as Snapshot);
    expect(new Set(states.map((s) => s.value))).toEqual(new Set(['editing', 'reading', 'saving', 'closed']));
    expect(new Set(states.map((s) => s.context.fileError))).toEqual(
      new Set([null, UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE, READ_FAILED]),
    );
    expect(states.some((s) => s.context.refusal !== null)).toBe(true);
  });

  async function replay(steps: Name[]) {
    const services = recordingServices(['readImage', 'saveAd']);
    const h = underParent(adEditorMachine.provide({ actors: services.actors as never }), input);
    const notices: AnyEventObject[] = [];
    h.child.on('notify', (e) => notices.push(e));
    for (const name of steps) {
      const before = h.child.getSnapshot();
      const counts = { calls: services.calls.length, reports: h.reports.length, notices: notices.length };
      const editing = before.matches('editing');
      const savable =
        editing &&
        Object.keys(draftRefusals(before.context.draft)).length === 0 &&
        Object.keys(draftChanges(saved, before.context.draft)).length > 0;
      // Save is enabled exactly when a save would be taken
      expect(selectCanSave(before)).toBe(savable);
      const event = EVENTS[name];
      if (ANSWERS.includes(name)) {
        if (!(await services.settle(event, flush))) throw new Error(`${name} is not an answer`);
      } else {
        h.child.send(event as AdEditorEvent);
        await flush();
      }
      const after = h.child.getSnapshot();
      const calls = services.calls.slice(counts.calls);
      const reports = h.reports.slice(counts.reports);
      const news = notices.slice(counts.notices);
      const unchanged = () => {
        expect(after.value).toEqual(before.value);
        expect(after.context).toEqual(before.context);
        expect([calls, reports, news]).toEqual([[], [], []]);
      };
      // the way out is held exactly while an open form differs from the ad
      if (!after.matches('closed') && !after.matches('saving'))
        expect(selectHoldsDraft(after.children.leaveGuard?.getSnapshot())).toBe(
          draftUnsaved(saved, after.context.draft),
        );
      switch (event.type) {
        case 'editor.change':
          if (!editing) unchanged();
          else {
            expect(after.context.draft).toEqual({ ...before.context.draft, [event.field]: event.value });
            expect(after.context.refusal).toBeNull();
            if (event.field === 'imageUrl')
              expect([after.context.fileName, after.context.fileError]).toEqual([null, null]);
            expect([calls, reports, news]).toEqual([[], [], []]);
          }
          break;
        case 'editor.file':
          if (!editing) unchanged();
          else if (name === 'png') {
            // read, then the image is the file's data
            expect(calls).toEqual([{ service: 'readImage', input: { file: event.file } }]);
            expect(after.value).toBe('reading');
            expect(after.context).toMatchObject({ fileName: 'cruise.png', fileError: null });
          } else {
            // the avatar's rules and message: nothing is read, the image stays
            expect(calls).toEqual([]);
            expect(after.context.fileError).toBe(name === 'tooBig' ? UPLOAD_TOO_LARGE : UPLOAD_WRONG_TYPE);
            expect(after.context.draft).toEqual(before.context.draft);
          }
          break;
        case 'editor.save':
          if (!savable) unchanged();
          else {
            expect(calls).toEqual([
              {
                service: 'saveAd',
                input: { teamId: TEAM, id: saved?.id ?? null, changes: draftChanges(saved, before.context.draft) },
              },
            ]);
            expect(after.value).toBe('saving');
          }
          break;
        case 'editor.cancel':
          if (!(before.matches('editing') || before.matches('reading'))) unchanged();
          else if (draftUnsaved(saved, before.context.draft)) {
            // something typed would be lost: the leave guard asks, the form stays open
            expect(after.value).toEqual(before.value);
            expect(selectAsking(after.children.leaveGuard?.getSnapshot())).toBe(true);
            expect(reports).toEqual([]);
          } else {
            expect(reports).toEqual([{ type: 'editor.closed' }]);
            expect(after.value).toBe('closed');
          }
          break;
        case 'leave.discarded':
          // the operator chose to lose the draft: the form closes
          if (before.matches('editing') || before.matches('reading')) {
            expect(reports).toEqual([{ type: 'editor.closed' }]);
            expect(after.value).toBe('closed');
          } else unchanged();
          break;
        default:
          expect(calls).toEqual([]);
          if (name === 'read') expect(after.context.draft.imageUrl).toBe(PNG);
          if (name === 'readFailed') {
            expect(after.context).toMatchObject({ fileError: READ_FAILED, draft: before.context.draft });
          }
          if (name === 'saved') {
            expect(reports).toEqual([
              { type: 'editor.saved', ad: { ...SAVED, title: 'Sunset cruise' }, created: saved === null },
            ]);
            expect(after.value).toBe('closed');
          } else expect(reports).toEqual([]);
          if (name === 'refused') {
            expect(after.context.refusal).toBe('imageUrl must be an https URL or an uploaded PNG or JPEG image');
            expect(after.context.draft).toEqual(before.context.draft);
          }
          expect(news).toEqual(name === 'saveFailed' ? [{ type: 'notify', kind: 'error', message: SAVE_FAILED }] : []);
          if (name !== 'saved') expect(after.value).toBe('editing');
      }
    }
    h.stop();
    return h.child.getSnapshot();
  }

  describe.each(paths.map((p) => [stepsOf(p).join(' → ') || '(start)', p] as const))('%s', (_, path) => {
    it('replays on a real actor to the same state', async () => {
      expect(key(await replay(stepsOf(path)))).toBe(key(path.state as Snapshot));
    });
    const value = (path.state as Snapshot).value;
    const running =
      value === 'reading' ? ['read', 'readFailed'] : value === 'saving' ? ['saved', 'refused', 'saveFailed'] : [];
    const next = NAMES.filter((n) => !ANSWERS.includes(n) || running.includes(n));
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay([...stepsOf(path), name]);
    });
  });
});
