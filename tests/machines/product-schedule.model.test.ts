import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { can } from '../../shared/permissions';
import type { ProductSchedule } from '../../shared/schedule';
import { isCalendarDate, scheduleErrors, type FieldError } from '../../shared/schedule-rules';
import type { Role } from '../../src/domain/statuses';
import { applyEdit, newSchedule, sameSchedule, withClosedDate } from '../../src/machines/product-schedule/draft';
import { productScheduleMachine } from '../../src/machines/product-schedule/product-schedule.machine';
import {
  selectCanAddClosed,
  selectCanDiscard,
  selectCanEdit,
  selectCanSave,
  selectCanStart,
  selectCanStop,
  selectFieldError,
  selectReadOnly,
  type ProductScheduleSnapshot,
} from '../../src/machines/product-schedule/selectors';
import { scheduleMessages, type ProductScheduleEvent } from '../../src/machines/product-schedule/types';
import type { NotifyEvent } from '../../src/machines/notify';
import { allTransitions, recordingActor } from './onboarding-harness';
import { graphUnderParent } from './graph-under-parent';
import { done, failed, underParent, type Synthetic } from './shared-fakes';

/**
 * Model-based: paths generated from the production schedule editor (xstate/graph, its services'
 * answers as synthetic events), for an EDITOR and for a MEMBER. Each path is replayed on a real
 * editor under a stand-in products screen, then every event is tried from its end, and each step's
 * effects are checked: the requests, the draft (each edit exactly as the pure edit makes it), its
 * live errors (shared/schedule-rules.ts, on their fields), the server's refusal on its fields, what
 * Save, Discard, Start and Stop allow (Save never with an error or nothing to save), the toasts,
 * and the "unsaved" reports that let the screen ask before another product is chosen. A MEMBER
 * reads the schedule and changes nothing.
 */
const INPUT = { teamId: 'team-kh', productId: 'REP-ANGKOR', currency: 'KHR' };
const SCHEDULE: ProductSchedule = {
  availabilityType: 'START_TIME',
  startTimes: { mon: ['08:00'], sat: ['08:00', '14:00'] },
  capacity: 12,
  durationMinutes: 240,
  bookingCutoffMinutes: 60,
  cancellationCutoffMinutes: 1440,
  closedDates: ['2026-12-24'],
  options: [
    {
      id: 'standard',
      name: 'Standard',
      default: true,
      units: [
        {
          id: 'adult',
          type: 'ADULT',
          name: 'Adult',
          minAge: 12,
          maxAge: 99,
          prices: [{ currency: 'USD', retail: 45 }],
        },
        { id: 'child', type: 'CHILD', name: 'Child', minAge: 3, maxAge: 11, prices: [{ currency: 'USD', retail: 25 }] },
      ],
    },
  ],
};
const SAVED_ANSWER: ProductSchedule = { ...SCHEDULE, capacity: 30 };
const REFUSAL: FieldError[] = [{ field: 'capacity', message: 'Too many places for this product' }];

const EVENTS = {
  loaded: done('loadSchedule', SCHEDULE),
  loadedNone: done('loadSchedule', null),
  loadFailed: failed('loadSchedule'),
  retry: { type: 'schedule.retry' },
  start: { type: 'schedule.start' },
  stop: { type: 'schedule.stop' },
  discard: { type: 'schedule.discard' },
  capacity: { type: 'schedule.edit', edit: { kind: 'number', field: 'capacity', value: 30 } },
  childOlder: { type: 'schedule.edit', edit: { kind: 'unitSet', option: 0, unit: 1, patch: { minAge: 14 } } },
  childFixed: { type: 'schedule.edit', edit: { kind: 'unitSet', option: 0, unit: 1, patch: { minAge: 4 } } },
  pickDay: { type: 'schedule.pickClosed', date: '2026-12-25' },
  pickNoDay: { type: 'schedule.pickClosed', date: '2026-02-30' },
  addClosed: { type: 'schedule.addClosed' },
  save: { type: 'schedule.save' },
  saved: done('saveSchedule', { saved: SAVED_ANSWER }),
  savedNone: done('saveSchedule', { saved: null }),
  refused: done('saveSchedule', { refused: REFUSAL }),
  saveFailed: failed('saveSchedule'),
} satisfies Record<string, ProductScheduleEvent | Synthetic>;
type Name = keyof typeof EVENTS;
const NAMES = Object.keys(EVENTS) as Name[];
// every event the editor takes is tried: a new one fails to compile until it is listed here
const TRIED = {
  'schedule.retry': ['retry'],
  'schedule.start': ['start'],
  'schedule.stop': ['stop'],
  'schedule.discard': ['discard'],
  'schedule.edit': ['capacity', 'childOlder', 'childFixed'],
  'schedule.pickClosed': ['pickDay', 'pickNoDay'],
  'schedule.addClosed': ['addClosed'],
  'schedule.save': ['save'],
} satisfies Record<ProductScheduleEvent['type'], Name[]>;
const nameOf = (event: { type: string }) => NAMES.find((n) => EVENTS[n] === event)!;
const isAnswer = (n: Name) => /^xstate\.(done|error)\./.test(EVENTS[n].type);
const possible = (s: ProductScheduleSnapshot, n: Name) =>
  !isAnswer(n) || (EVENTS[n].type.endsWith('loadSchedule') ? s.hasTag('loading') : s.hasTag('saving'));

const dirty = (s: ProductScheduleSnapshot) => !sameSchedule(s.context.draft, s.context.saved);
const key = (s: ProductScheduleSnapshot) =>
  JSON.stringify({
    value: s.value,
    sold: s.context.draft !== null,
    savedSold: s.context.saved !== null,
    dirty: dirty(s),
    valid: s.context.errors.length === 0,
    refused: s.context.refused.length > 0,
    pick: s.context.closedPick,
  });

const ROLES = ['EDITOR', 'MEMBER'] as const satisfies Role[];
const pathsOf = (role: Role) =>
  getShortestPaths(graphUnderParent(productScheduleMachine), {
    input: { ...INPUT, role },
    events: (s) => NAMES.filter((n) => possible(s as ProductScheduleSnapshot, n)).map((n) => EVENTS[n]) as never,
    serializeState: (s) => key(s as ProductScheduleSnapshot),
  });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** A real editor under a stand-in screen; its services wait until a step answers them. */
function harness(role: Role) {
  const calls: {
    src: 'loadSchedule' | 'saveSchedule';
    input: unknown;
    resolve: (v: unknown) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const service = (src: 'loadSchedule' | 'saveSchedule') =>
    fromPromise<unknown, unknown>(
      ({ input }) => new Promise((resolve, reject) => calls.push({ src, input, resolve, reject })),
    );
  const logic = productScheduleMachine.provide({
    actors: { loadSchedule: service('loadSchedule'), saveSchedule: service('saveSchedule') } as never,
  });
  const screen = underParent(logic, { ...INPUT, role });
  const notices: NotifyEvent[] = [];
  screen.child.on('notify', (e) => void notices.push(e));
  return { ...screen, editor: screen.child, calls, notices };
}
type Harness = ReturnType<typeof harness>;
const flush = () => new Promise((r) => setTimeout(r, 0));

async function step(h: Harness, name: Name) {
  const before = h.editor.getSnapshot();
  const c = before.context;
  const editing = before.matches({ ready: 'editing' });
  const seen = { calls: h.calls.length, notices: h.notices.length, reports: h.reports.length };
  // what the views may offer, from the machine alone
  expect(selectReadOnly(before), 'read-only').toBe(before.matches('ready') && !can(c.role, 'updateProductSchedule'));
  expect(selectCanEdit(before), 'fields editable').toBe(editing && c.draft !== null);
  expect(selectCanSave(before), 'Save').toBe(editing && c.errors.length === 0 && dirty(before));
  expect(selectCanDiscard(before), 'Discard').toBe(editing && dirty(before));
  expect(selectCanStart(before), 'Start').toBe(editing && c.draft === null);
  expect(selectCanStop(before), 'Stop').toBe(editing && c.draft !== null);
  expect(selectCanAddClosed(before), 'Add closed date').toBe(
    editing && c.draft !== null && isCalendarDate(c.closedPick) && !c.draft.closedDates.includes(c.closedPick),
  );
  // the live errors are the shared rules' on the draft, each shown on its field
  expect(c.errors).toEqual(c.draft ? scheduleErrors(c.draft) : []);
  for (const e of c.errors) expect(selectFieldError(e.field)(before)).toBe(e.message);

  const event = EVENTS[name];
  if (isAnswer(name)) {
    const src = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
    const call = h.calls.filter((x) => x.src === src).at(-1)!;
    if ('output' in event) call.resolve(event.output);
    else call.reject((event as { error: unknown }).error);
  } else h.editor.send(event as ProductScheduleEvent);
  await flush();
  const after = h.editor.getSnapshot();
  const a = after.context;
  const calls = h.calls.slice(seen.calls).map((x) => [x.src, x.input]);
  const notices = h.notices.slice(seen.notices).map((n) => `${n.kind}: ${n.message}`);
  const reports = h.reports.slice(seen.reports);
  const report = [{ type: 'schedule.dirty', dirty: dirty(after) }];
  const unchanged = () => expect([a, calls, reports], `${name}: nothing happens`).toEqual([c, [], []]);
  const draftBecomes = (draft: ProductSchedule | null) => {
    expect(a.draft).toEqual(draft);
    expect(a.errors).toEqual(draft ? scheduleErrors(draft) : []);
    expect(a.refused, `${name}: a changed draft drops the refusal`).toEqual([]);
    expect(a.saved).toBe(c.saved);
    expect(reports).toEqual(report);
  };

  switch (name) {
    case 'loaded':
    case 'loadedNone': {
      const schedule = name === 'loaded' ? SCHEDULE : null;
      expect(a).toMatchObject({ saved: schedule, draft: schedule, error: null, refused: [] });
      expect(after.matches({ ready: can(c.role, 'updateProductSchedule') ? 'editing' : 'readOnly' })).toBe(true);
      break;
    }
    case 'loadFailed':
      expect(a.error).toBe(scheduleMessages.loadFailed);
      expect(after.matches('failed')).toBe(true);
      break;
    case 'retry':
      if (before.matches('failed'))
        expect(calls).toEqual([['loadSchedule', { teamId: INPUT.teamId, productId: INPUT.productId }]]);
      else unchanged();
      break;
    case 'start':
      // a product not sold yet starts from a schedule in the team's currency and USD, prices to fill in
      if (editing && c.draft === null) draftBecomes(newSchedule('KHR'));
      else unchanged();
      break;
    case 'stop':
      if (editing && c.draft !== null) draftBecomes(null);
      else unchanged();
      break;
    case 'discard':
      if (editing && dirty(before)) draftBecomes(c.saved);
      else unchanged();
      break;
    case 'capacity':
    case 'childOlder':
    case 'childFixed': {
      const edit = (event as Extract<ProductScheduleEvent, { type: 'schedule.edit' }>).edit;
      if (!editing || c.draft === null) {
        unchanged();
        break;
      }
      const draft = applyEdit(c.draft, edit);
      draftBecomes(draft);
      if (name === 'childOlder' && c.draft.options[0].units[1]?.maxAge === 11)
        expect(selectFieldError('options[0].units[1].maxAge')(after)).toBe('Must be at least the minimum age');
      break;
    }
    case 'pickDay':
    case 'pickNoDay':
      // the day to add (picked only where dates can be added)
      if (!editing) unchanged();
      else {
        expect(a.closedPick).toBe((event as { date: string }).date);
        expect([a.draft, calls, reports]).toEqual([c.draft, [], []]);
      }
      break;
    case 'addClosed':
      if (selectCanAddClosed(before)) {
        draftBecomes(withClosedDate(c.draft!, c.closedPick));
        expect(a.closedPick).toBe('');
      } else unchanged();
      break;
    case 'save':
      if (selectCanSave(before)) {
        expect(after.hasTag('saving')).toBe(true);
        expect(calls).toEqual([
          ['saveSchedule', { teamId: INPUT.teamId, productId: INPUT.productId, schedule: c.draft }],
        ]);
        // nothing is typed meanwhile
        expect(after.can(EVENTS.capacity as ProductScheduleEvent)).toBe(false);
      } else unchanged();
      break;
    case 'saved':
    case 'savedNone': {
      const schedule = name === 'saved' ? SAVED_ANSWER : null;
      expect(a).toMatchObject({ saved: schedule, draft: schedule, refused: [] });
      expect(reports).toEqual([{ type: 'schedule.dirty', dirty: false }]);
      expect(notices).toEqual([`success: ${schedule ? scheduleMessages.saved : scheduleMessages.stopped}`]);
      expect(after.matches({ ready: 'editing' })).toBe(true);
      break;
    }
    case 'refused':
      // on the field the server named; nothing saved, the draft as typed
      expect([a.saved, a.draft]).toEqual([c.saved, c.draft]);
      expect(a.refused).toEqual(REFUSAL);
      expect(selectFieldError('capacity')(after)).toBe(
        c.errors.find((e) => e.field === 'capacity')?.message ?? REFUSAL[0].message,
      );
      expect(notices).toEqual([`error: ${scheduleMessages.refused}`]);
      expect(reports).toEqual([]);
      break;
    case 'saveFailed':
      expect([a.saved, a.draft, a.refused]).toEqual([c.saved, c.draft, c.refused]);
      expect(notices).toEqual([`error: ${scheduleMessages.saveFailed}`]);
      expect(after.matches({ ready: 'editing' })).toBe(true);
      break;
  }
  if (name !== 'save')
    expect(
      calls.filter(([src]) => src === 'saveSchedule'),
      `${name}: nothing saved`,
    ).toEqual([]);
}

const taken = new Set<string>();

describe.each(ROLES)('product schedule editor model, as %s', (role) => {
  const paths = pathsOf(role);
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps.filter((s) => (s.event as { type: string }).type !== 'xstate.init').map((s) => nameOf(s.event));

  async function replay(names: Name[]) {
    const h = harness(role);
    // the schedule loads at once
    expect(h.calls.map((x) => [x.src, x.input])).toEqual([
      ['loadSchedule', { teamId: INPUT.teamId, productId: INPUT.productId }],
    ]);
    for (const name of names) await step(h, name);
    const end = h.editor.getSnapshot();
    h.stop();
    return end;
  }

  describe.each(paths.map((p) => [stepsOf(p).join(' → ') || '(start)', p] as const))('%s', (_, path) => {
    it('replays on a real editor to the same state', async () => {
      const end = await replay(stepsOf(path));
      expect(key(end)).toBe(key(path.state as ProductScheduleSnapshot));
    });
    const next = NAMES.filter((n) => possible(path.state as ProductScheduleSnapshot, n));
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay([...stepsOf(path), name]);
    });
  });

  it('reaches what the role may', () => {
    const states = paths.map((p) => p.state as ProductScheduleSnapshot);
    if (role === 'MEMBER') {
      expect(states.some((s) => s.matches({ ready: 'readOnly' }))).toBe(true);
      expect(states.every((s) => !s.matches({ ready: 'editing' }) && !s.hasTag('saving'))).toBe(true);
    } else {
      // an invalid draft, a saving, a refusal, a stop waiting to be saved
      expect(states.some((s) => s.context.errors.length > 0 && dirty(s))).toBe(true);
      expect(states.some((s) => s.context.refused.length > 0)).toBe(true);
      expect(states.some((s) => s.context.draft === null && s.context.saved !== null)).toBe(true);
      expect(states.some((s) => s.hasTag('saving'))).toBe(true);
    }
  });

  it('takes the transitions of its role on a recording actor', async () => {
    const runs = paths.flatMap((path) =>
      NAMES.filter((n) => possible(path.state as ProductScheduleSnapshot, n)).map((n) => [...stepsOf(path), n]),
    );
    for (const names of runs) {
      const fakes: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }> = {};
      const service = (id: string) =>
        fromPromise(() => new Promise((resolve, reject) => (fakes[id] = { resolve, reject })));
      const logic = productScheduleMachine.provide({
        actors: { loadSchedule: service('loadSchedule'), saveSchedule: service('saveSchedule') } as never,
        actions: { reportDirty: () => undefined } as never,
      });
      const { actor, taken: seen } = recordingActor(logic, { input: { ...INPUT, role } });
      actor.start();
      for (const name of names) {
        const event = EVENTS[name];
        if (isAnswer(name)) {
          const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
          if ('output' in event) fakes[id].resolve(event.output);
          else fakes[id].reject((event as { error: unknown }).error);
        } else actor.send(event as ProductScheduleEvent);
        await flush();
      }
      seen.forEach((t) => taken.add(t));
      actor.stop();
    }
  });
});

describe('product schedule editor model: coverage', () => {
  it('tries every event, and the walks together take every transition', () => {
    expect(new Set(Object.values(TRIED).flat())).toEqual(new Set(NAMES.filter((n) => !isAnswer(n))));
    expect([...taken].sort()).toEqual([...new Set(allTransitions(productScheduleMachine.root))].sort());
  });
});
