import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { can } from '../../shared/permissions';
import { insertVariable, sameDraft } from '../../src/domain/mail-content';
import type { Ota, Role } from '../../src/domain/statuses';
import { mailContentMachine, PREVIEW_DELAY_MS } from '../../src/machines/mail-content/mail-content.machine';
import {
  selectCanEdit,
  selectCanReset,
  selectCanSave,
  selectFault,
  selectPreview,
  selectReadOnly,
  selectSwitchable,
  type MailContentSnapshot,
} from '../../src/machines/mail-content/selectors';
import { mailMessages, type MailContentEvent } from '../../src/machines/mail-content/types';
import { graphUnderParent } from './graph-under-parent';
import {
  BODY_FAULT,
  BUILT_IN,
  CUSTOM,
  EDITED,
  editorHarness,
  INPUT,
  PREVIEW,
  SAVED,
  SERVICE_OF,
  SUBJECT_FAULT,
} from './mail-content-fakes';
import { done, failed, type Synthetic } from './shared-fakes';

/**
 * Model-based: paths generated from the production editor (xstate/graph) with its services' answers
 * as synthetic `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events and the preview's pause as
 * its `xstate.after` event, in three walks (tabs, saving and resetting, the preview), each keyed by
 * what that walk is about. Every path is replayed on a real editor under a stand-in screen, then
 * each event is tried from its end; every step's effects are checked: the requests, the drafts
 * (nothing typed is lost), the error on the field the server named, the toasts and reports, what
 * Save and Reset allow, and that an answer the editor gave up on (an older draft's preview, an
 * older tab's load) changes nothing: the newest preview wins. The walks run for an EDITOR; a fourth
 * runs for a MEMBER, whom the role matrix refuses changing mail content: every tab reads its
 * template and previews it, and nothing is typed, saved or reset.
 */
const WAITED = { type: 'xstate.after.previewDelay.mailContent.preview.waiting' } as const;
type ModelEvent = MailContentEvent | Synthetic | typeof WAITED;

const EVENTS = {
  toKkday: { type: 'mail.ota', ota: 'KKDAY' },
  toKlook: { type: 'mail.ota', ota: 'KLOOK' },
  editSubject: { type: 'mail.edit', field: 'subject', value: EDITED.subject },
  editBody: { type: 'mail.edit', field: 'body', value: EDITED.body },
  caretSubject: { type: 'mail.caret', caret: { field: 'subject', start: 0, end: 0 } },
  insert: { type: 'mail.insert', name: 'displayId' },
  save: { type: 'mail.save' },
  reset: { type: 'mail.reset' },
  resetConfirm: { type: 'mail.resetConfirm' },
  resetCancel: { type: 'mail.resetCancel' },
  retry: { type: 'mail.retry' },
  refresh: { type: 'preview.refresh' },
  loadedCustom: done('loadContent', CUSTOM),
  loadedBuiltIn: done('loadContent', BUILT_IN),
  loadFailed: failed('loadContent'),
  saved: done('saveContent', { saved: SAVED }),
  refused: done('saveContent', { refused: BODY_FAULT }),
  saveFailed: failed('saveContent'),
  resetDone: done('resetContent', { saved: BUILT_IN }),
  resetFailed: failed('resetContent'),
  waited: WAITED,
  rendered: done('renderPreview', { preview: PREVIEW }),
  noOrder: done('renderPreview', { noOrder: true }),
  invalid: done('renderPreview', { refused: SUBJECT_FAULT }),
  previewFailed: failed('renderPreview'),
} satisfies Record<string, ModelEvent>;
type Name = keyof typeof EVENTS;
const NAMES = Object.keys(EVENTS) as Name[];
// every event the editor takes is tried: a new one fails to compile until it is listed here
const TRIED = {
  'mail.ota': ['toKkday', 'toKlook'],
  'mail.edit': ['editSubject', 'editBody'],
  'mail.caret': ['caretSubject'],
  'mail.insert': ['insert'],
  'mail.save': ['save'],
  'mail.reset': ['reset'],
  'mail.resetConfirm': ['resetConfirm'],
  'mail.resetCancel': ['resetCancel'],
  'mail.retry': ['retry'],
  'preview.refresh': ['refresh'],
} satisfies Record<MailContentEvent['type'], Name[]>;
const nameOf = (event: { type: string }) => NAMES.find((n) => EVENTS[n] === event)!;
const isAnswer = (name: Name) =>
  EVENTS[name].type.startsWith('xstate.done') || EVENTS[name].type.startsWith('xstate.error');
/** An answer comes only while its request runs; the pause ends only while the preview waits. */
const possible = (s: MailContentSnapshot, name: Name) => {
  if (name === 'waited') return s.matches({ preview: 'waiting' });
  if (!isAnswer(name)) return true;
  const id = EVENTS[name].type.replace(/^xstate\.(done|error)\.actor\./, '') as keyof typeof SERVICE_OF;
  return {
    loadContent: s.hasTag('loading'),
    saveContent: s.hasTag('saving'),
    resetContent: s.hasTag('resetting'),
    renderPreview: s.matches({ preview: 'rendering' }),
  }[id];
};

const dirty = (s: MailContentSnapshot, ota: Ota) =>
  s.context.drafts[ota] !== undefined && !sameDraft(s.context.drafts[ota], s.context.saved[ota]);

/** The walks: their events, what tells their states apart (coarse, to keep the paths few), the role. */
const OTAS_WALKED = ['KLOOK', 'KKDAY'] as const;
const WALKS = {
  'tabs and loading': {
    events: ['toKkday', 'toKlook', 'loadedCustom', 'loadFailed', 'retry', 'editSubject', 'save', 'saved'],
    key: (s: MailContentSnapshot) => ({
      content: (s.value as { content: unknown }).content,
      ota: s.context.ota,
      loaded: OTAS_WALKED.filter((o) => s.context.saved[o]),
      dirty: OTAS_WALKED.filter((o) => dirty(s, o)),
    }),
  },
  'saving and resetting': {
    events: [
      'loadedCustom',
      'loadedBuiltIn',
      'editSubject',
      'editBody',
      'caretSubject',
      'insert',
      'save',
      'saved',
      'refused',
      'saveFailed',
      'reset',
      'resetCancel',
      'resetConfirm',
      'resetDone',
      'resetFailed',
    ],
    key: (s: MailContentSnapshot) => ({
      content: (s.value as { content: unknown }).content,
      custom: s.context.saved.KLOOK?.custom ?? '-',
      dirty: dirty(s, 'KLOOK'),
      fault: s.context.faults.KLOOK?.field ?? '-',
    }),
  },
  'reading only, as a MEMBER': {
    role: 'MEMBER',
    events: [
      'loadedCustom',
      'loadedBuiltIn',
      'loadFailed',
      'retry',
      'toKkday',
      'toKlook',
      'editSubject',
      'caretSubject',
      'insert',
      'save',
      'reset',
      'waited',
      'rendered',
    ],
    key: (s: MailContentSnapshot) => ({
      value: s.value,
      ota: s.context.ota,
      loaded: OTAS_WALKED.filter((o) => s.context.saved[o]),
      preview: selectPreview(s)?.kind ?? '-',
    }),
  },
  preview: {
    events: [
      'loadedCustom',
      'loadFailed',
      'editSubject',
      'refresh',
      'waited',
      'rendered',
      'noOrder',
      'invalid',
      'previewFailed',
      'toKkday',
      'toKlook',
    ],
    key: (s: MailContentSnapshot) => {
      const shown = selectPreview(s);
      return {
        value: s.value,
        ota: s.context.ota,
        // the tab's preview: rendered, something else, or none; of the draft as it is now or older
        preview: shown
          ? `${shown.kind === 'rendered' ? 'R' : 'X'}${sameDraft(s.context.preview!.draft, s.context.drafts[s.context.ota]) ? '' : '(old)'}`
          : '-',
      };
    },
  },
} satisfies Record<string, { role?: Role; events: Name[]; key: (s: MailContentSnapshot) => object }>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type Harness = ReturnType<typeof editorHarness>;

/** One step on the real editor, and exactly its effects. */
async function step(h: Harness, name: Name) {
  const before = h.editor.getSnapshot();
  const c = before.context;
  const ota = c.ota;
  const calls = {
    load: h.calls.loadContent.length,
    save: h.calls.saveContent.length,
    preview: h.calls.renderPreview.length,
  };
  const seen = { notices: h.notices.length, reports: h.reports.length };
  const idle = before.matches({ content: { ready: 'idle' } });
  const asking = before.matches({ content: { ready: 'confirmingReset' } }) || before.hasTag('resetting');
  const mayEdit = can(c.role, 'updateMailContent');
  const editable = before.matches({ content: 'ready' }) && !asking && mayEdit;
  expect(selectReadOnly(before), 'read-only').toBe(before.matches({ content: 'ready' }) && !mayEdit);
  // Save: something to save and nothing running; Reset: a template of its own or changes to drop
  expect(selectCanSave(before), 'Save enabled').toBe(idle && dirty(before, ota));
  expect(selectCanReset(before), 'Reset enabled').toBe(idle && (c.saved[ota]?.custom === true || dirty(before, ota)));
  expect(selectCanEdit(before), 'fields editable').toBe(editable);
  const busy = before.hasTag('saving') || asking;
  expect(selectSwitchable(before), 'tabs').toBe(
    busy ? '' : ['KLOOK', 'KKDAY', 'VIATOR', 'MPG'].filter((o) => o !== ota).join(),
  );

  const event = EVENTS[name];
  if (name === 'waited') await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS);
  else if (isAnswer(name)) await h.settle(event);
  else {
    h.editor.send(event as MailContentEvent);
    await h.flush();
  }
  const after = h.editor.getSnapshot();
  const a = after.context;
  const newCalls = {
    load: h.calls.loadContent.slice(calls.load).map((x) => x.input),
    save: h.calls.saveContent.slice(calls.save).map((x) => x.input),
    preview: h.calls.renderPreview.slice(calls.preview).map((x) => x.input),
  };
  const notices = h.notices.slice(seen.notices).map((n) => `${n.kind}: ${n.message}`);
  const reports = h.reports.slice(seen.reports);
  const none = { load: [], save: [], preview: [] };
  const key = { ...INPUT, ota };
  const waiting = () => expect(after.matches({ preview: 'waiting' }), `${name}: a preview is asked for`).toBe(true);
  const dirtyReport = () => [
    { type: 'mail.dirty', dirty: (['KLOOK', 'KKDAY', 'VIATOR', 'MPG'] as const).some((o) => dirty(after, o)) },
  ];
  // nothing typed is lost: only typing, a first load and a confirmed reset change a draft
  if (!['editSubject', 'editBody', 'insert', 'loadedCustom', 'loadedBuiltIn', 'resetDone'].includes(name)) {
    expect(a.drafts, `${name}: drafts kept`).toEqual(c.drafts);
  }

  switch (name) {
    case 'toKkday':
    case 'toKlook': {
      const to = (event as { ota: Ota }).ota;
      if (busy || to === ota) {
        expect(a, `${name}: refused`).toEqual(c);
        expect(newCalls).toEqual(none);
        break;
      }
      expect(a).toMatchObject({ ota: to, caret: null, error: null });
      expect(after.matches({ content: c.saved[to] ? { ready: mayEdit ? 'idle' : 'readOnly' } : 'loading' })).toBe(true);
      expect(newCalls).toEqual({ ...none, load: c.saved[to] ? [] : [{ ...INPUT, ota: to }] });
      waiting();
      break;
    }
    case 'editSubject':
    case 'editBody':
    case 'insert': {
      if (!editable) {
        expect(a, `${name}: refused`).toEqual(c);
        break;
      }
      const draft = c.drafts[ota]!;
      const edit = event as Extract<MailContentEvent, { type: 'mail.edit' }>;
      const expected =
        name === 'insert' ? insertVariable(draft, c.caret, 'displayId').draft : { ...draft, [edit.field]: edit.value };
      expect(a.drafts).toEqual({ ...c.drafts, [ota]: expected });
      // the server's error leaves its field once that field is edited
      const field = name === 'insert' ? (c.caret?.field ?? 'body') : edit.field;
      expect(a.faults[ota]).toEqual(c.faults[ota]?.field === field ? undefined : c.faults[ota]);
      expect(reports).toEqual(dirtyReport());
      waiting();
      break;
    }
    case 'caretSubject':
      expect(a.caret).toEqual(before.matches({ content: 'ready' }) ? EVENTS.caretSubject.caret : c.caret);
      break;
    case 'save':
      if (idle && dirty(before, ota)) {
        expect(after.hasTag('saving')).toBe(true);
        expect(newCalls).toEqual({ ...none, save: [{ ...key, ...c.drafts[ota] }] });
      } else expect([a, newCalls]).toEqual([c, none]);
      break;
    case 'saved':
      expect(a.saved[ota]).toEqual(SAVED);
      expect(a.faults[ota]).toBeUndefined();
      expect(notices).toEqual([`success: ${mailMessages.saved(ota)}`]);
      expect(reports).toEqual(dirtyReport());
      break;
    case 'refused':
      // shown on the field the server named; nothing saved
      expect(selectFault(after)).toEqual(BODY_FAULT);
      expect(a.saved).toEqual(c.saved);
      expect(notices).toEqual([`error: ${mailMessages.refused(ota, 'body')}`]);
      break;
    case 'saveFailed':
      expect([a.saved, a.faults]).toEqual([c.saved, c.faults]);
      expect(notices).toEqual([`error: ${mailMessages.saveFailed(ota)}`]);
      break;
    case 'reset':
      if (idle && (c.saved[ota]?.custom === true || dirty(before, ota)))
        expect(after.matches({ content: { ready: 'confirmingReset' } })).toBe(true);
      else expect(after.value).toEqual(before.value);
      expect(newCalls).toEqual(none);
      break;
    case 'resetCancel':
    case 'resetConfirm': {
      const confirming = before.matches({ content: { ready: 'confirmingReset' } });
      if (name === 'resetCancel') expect(after.matches({ content: { ready: 'idle' } })).toBe(idle || confirming);
      else expect(after.hasTag('resetting')).toBe(confirming || before.hasTag('resetting'));
      // empty subject and body: back to the built-in template
      expect(newCalls).toEqual({
        ...none,
        save: confirming && name === 'resetConfirm' ? [{ ...key, subject: '', body: '' }] : [],
      });
      break;
    }
    case 'resetDone':
      expect(a.saved[ota]).toEqual(BUILT_IN);
      expect(a.drafts[ota]).toEqual({ subject: BUILT_IN.subject, body: BUILT_IN.body });
      expect(a.faults[ota]).toBeUndefined();
      expect(notices).toEqual([`success: ${mailMessages.reset(ota)}`]);
      expect(reports).toEqual(dirtyReport());
      waiting();
      break;
    case 'resetFailed':
      expect(a.saved).toEqual(c.saved);
      expect(notices).toEqual([`error: ${mailMessages.resetFailed(ota)}`]);
      break;
    case 'loadedCustom':
    case 'loadedBuiltIn': {
      const content = name === 'loadedCustom' ? CUSTOM : BUILT_IN;
      expect(a.saved[ota]).toEqual(content);
      // a draft typed before a failed load stays
      expect(a.drafts).toEqual({
        ...c.drafts,
        [ota]: c.drafts[ota] ?? { subject: content.subject, body: content.body },
      });
      waiting();
      break;
    }
    case 'loadFailed':
      expect(a.error).toBe(mailMessages.loadFailed(ota));
      expect(after.matches({ content: 'failed' })).toBe(true);
      break;
    case 'retry':
      expect(newCalls).toEqual({ ...none, load: before.matches({ content: 'failed' }) ? [key] : [] });
      break;
    case 'refresh':
      waiting();
      break;
    case 'waited':
      // the newest draft, once typing pauses (nothing while the tab has none yet)
      expect(newCalls).toEqual({ ...none, preview: c.drafts[ota] ? [{ ...key, ...c.drafts[ota] }] : [] });
      break;
    case 'rendered':
    case 'noOrder':
    case 'invalid':
    case 'previewFailed': {
      const outcome = {
        rendered: { kind: 'rendered', preview: PREVIEW },
        noOrder: { kind: 'noOrder' },
        invalid: { kind: 'invalid', fault: SUBJECT_FAULT },
        previewFailed: { kind: 'failed' },
      }[name];
      expect(a.preview).toEqual({ ota, draft: c.drafts[ota], outcome });
      expect(selectPreview(after)).toEqual(outcome);
      break;
    }
  }
  if (!['resetConfirm', 'save', 'saved', 'refused', 'saveFailed', 'resetDone', 'resetFailed'].includes(name))
    expect(newCalls.save, `${name}: nothing saved`).toEqual([]);

  // answers the editor gave up on change nothing: the newest preview (and the tab shown) win
  const settled = h.editor.getSnapshot();
  await h.settleStale();
  expect(h.editor.getSnapshot().context, `${name}: a stale answer`).toEqual(settled.context);
}

describe.each(Object.entries(WALKS))('mail content editor model: %s', (_, walk) => {
  const role: Role = 'role' in walk ? walk.role : 'EDITOR';
  const serialize = (s: MailContentSnapshot) => JSON.stringify(walk.key(s));
  const paths = getShortestPaths(graphUnderParent(mailContentMachine), {
    input: { ...INPUT, role },
    events: walk.events.map((n) => EVENTS[n]) as MailContentEvent[],
    serializeState: (s) => serialize(s as MailContentSnapshot),
  });
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps.filter((s) => (s.event as { type: string }).type !== 'xstate.init').map((s) => nameOf(s.event));

  async function replay(names: Name[]) {
    const h = editorHarness(role);
    // the first tab loads at once
    expect(h.calls.loadContent.map((x) => x.input)).toEqual([{ ...INPUT, ota: 'KLOOK' }]);
    for (const name of names) await step(h, name);
    const end = h.editor.getSnapshot();
    h.stop();
    return end;
  }

  describe.each(paths.map((p) => [stepsOf(p).join(' → ') || '(start)', p] as const))('%s', (_, path) => {
    it('replays on a real editor to the same state', async () => {
      const end = await replay(stepsOf(path));
      expect(serialize(end)).toBe(serialize(path.state as MailContentSnapshot));
    });
    const next = walk.events.filter((n) => possible(path.state as MailContentSnapshot, n));
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay([...stepsOf(path), name]);
    });
  });
});

describe('mail content editor model: coverage', () => {
  it('reads a MEMBER each tab and its preview, and nothing else', () => {
    const walk = WALKS['reading only, as a MEMBER'];
    const states = getShortestPaths(graphUnderParent(mailContentMachine), {
      input: { ...INPUT, role: 'MEMBER' },
      events: walk.events.map((n) => EVENTS[n]) as MailContentEvent[],
      serializeState: (s) => JSON.stringify(walk.key(s as MailContentSnapshot)),
    }).map((p) => p.state as MailContentSnapshot);
    expect(states.some((s) => selectReadOnly(s) && s.context.ota === 'KKDAY')).toBe(true);
    expect(states.some((s) => selectReadOnly(s) && selectPreview(s)?.kind === 'rendered')).toBe(true);
    expect(states.some((s) => s.hasTag('saving') || s.hasTag('resetting'))).toBe(false);
    expect(states.every((s) => !s.matches({ content: { ready: 'idle' } }))).toBe(true);
  });

  it('tries every event', () => {
    expect(new Set(Object.values(TRIED).flat())).toEqual(new Set(NAMES.filter((n) => !isAnswer(n) && n !== 'waited')));
  });
});
