import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { EmailRequest, EmailSendResult, Guide } from '../../src/api/services/emails';
import type { EmailKind } from '../../src/domain/email-recipients';
import { emailSendMachine } from '../../src/machines/email-send/email-send.machine';
import {
  selectCanStart,
  selectCanSubmit,
  selectDraft,
  selectFailed,
  selectGuides,
  selectInDialog,
  selectKeepPast,
  selectOffReason,
  selectOrders,
  selectPartlyFailed,
  selectPreviewActor,
  selectRecipients,
  selectRefused,
  selectSendAgain,
  selectSending,
} from '../../src/machines/email-send/selectors';
import type { EmailSendEvent } from '../../src/machines/email-send/types';
import { answerTo, emailHarness, flush, FLAGS, GUIDE, INPUT, OPEN, SELECTED, silenceErrors } from './email-send-fakes';
import type { PreviewBase } from '../../src/machines/email-preview/types';
import { graphUnderParent } from './graph-under-parent';
import { done, failed, type Synthetic } from './shared-fakes';

/**
 * Model-based: the paths come from the production e-mail machine (xstate/graph, with the flag
 * read's and the send's results as synthetic `xstate.done.actor.*` / `xstate.error.actor.*`
 * events). Every path is replayed on a real actor under a stand-in screen, with the real guide
 * search inside the send-info dialog, then every event the state offers is tried from its end
 * and its effects checked as the operator and the server would notice them: the flag read, the
 * request (recipients only, the fields of its kind, the Idempotency-Key), the toasts, the report
 * to the screen, the dialog or alert shown and what it enables; the menu's items off with why
 * (the flags read when the screen opens, and at each start); orders that departed left out unless
 * kept; the preview child of the dialog told the recipients and details as they change.
 */
type ModelEvent = EmailSendEvent | Synthetic;
type Snapshot = SnapshotFrom<typeof emailSendMachine>;
type Target = 'selection' | 'open';

const TEXT = {
  message: 'Bring a hat: the sun is strong',
  meetingPoint: 'Hotel lobby',
  meetingTime: '04:30',
  reason: 'The temple is closed for a ceremony',
};

const EVENTS = {
  select: { type: 'email.select', selected: SELECTED, open: OPEN },
  deselect: { type: 'email.select', selected: [], open: null },
  confirm: { type: 'email.start', kind: 'CONFIRMATION', target: 'selection' },
  confirmOpen: { type: 'email.start', kind: 'CONFIRMATION', target: 'open' },
  info: { type: 'email.start', kind: 'INFORMATION', target: 'selection' },
  cancellation: { type: 'email.start', kind: 'CANCELLATION', target: 'open' },
  review: { type: 'email.start', kind: 'REVIEW', target: 'selection' },
  allOn: done('getFeatures', FLAGS.allOn),
  emailOnly: done('getFeatures', FLAGS.emailOnly),
  emailOff: done('getFeatures', FLAGS.emailOff),
  // the service answers null when the flags could not be read
  noFlags: done('getFeatures', null),
  flagsFailed: failed('getFeatures'),
  message: { type: 'email.field', field: 'message', value: TEXT.message },
  blankMessage: { type: 'email.field', field: 'message', value: ' \n ' },
  point: { type: 'email.field', field: 'meetingPoint', value: TEXT.meetingPoint },
  time: { type: 'email.field', field: 'meetingTime', value: TEXT.meetingTime },
  // replayed as the operator's pick in the real guide search, which reports it
  pickGuide: { type: 'guide.picked', guide: GUIDE },
  reason: { type: 'email.field', field: 'reason', value: TEXT.reason },
  blankReason: { type: 'email.field', field: 'reason', value: '   ' },
  againOn: { type: 'email.sendAgain', on: true },
  againOff: { type: 'email.sendAgain', on: false },
  keepOn: { type: 'email.keepPast', on: true },
  keepOff: { type: 'email.keepPast', on: false },
  // the flags read when the screen opens
  menuOn: done('flags', FLAGS.emailOnly),
  menuOff: done('flags', FLAGS.emailOff),
  submit: { type: 'email.submit' },
  retry: { type: 'email.retry' },
  cancel: { type: 'email.cancel' },
  sendFailed: failed('sendEmails'),
} satisfies Record<string, ModelEvent>;
/** The server's answers to a send are made from the request in flight: `sent` queues all, `partly` refuses the last. */
type Answer = 'sent' | 'partly';
type Name = keyof typeof EVENTS | Answer;

const STARTS = ['confirm', 'confirmOpen', 'info', 'cancellation', 'review'] as const;
const FLAG_ANSWERS = ['allOn', 'emailOnly', 'emailOff', 'noFlags', 'flagsFailed'] as const;
const FIELDS: Record<EmailKind, Name[]> = {
  CONFIRMATION: ['againOn', 'againOff', 'keepOn', 'keepOff'],
  REVIEW: ['againOn', 'againOff'],
  INFORMATION: ['message', 'blankMessage', 'point', 'time', 'pickGuide', 'keepOn', 'keepOff'],
  CANCELLATION: ['reason', 'blankReason'],
};

// every event the machine takes is modelled: a new one fails to compile until it is listed here
const TRIED = {
  'email.select': ['select', 'deselect'],
  'email.start': [...STARTS],
  'email.field': ['message', 'blankMessage', 'point', 'time', 'reason', 'blankReason'],
  'email.sendAgain': ['againOn', 'againOff'],
  'email.keepPast': ['keepOn', 'keepOff'],
  'email.submit': ['submit'],
  'email.retry': ['retry'],
  'email.cancel': ['cancel'],
  'guide.picked': ['pickGuide'],
} satisfies Record<EmailSendEvent['type'], Name[]>;

/** What each state offers: the gestures its view allows, the answers of what runs, and a few that must be ignored. */
function namesFor(s: Snapshot): Name[] {
  const opening = s.context.flags === null && s.context.orders.length === 0;
  if (s.matches('idle'))
    return [
      ...(opening ? (['menuOn', 'menuOff'] as const) : []),
      'select',
      'deselect',
      ...STARTS,
      'submit',
      'retry',
      'cancel',
    ];
  if (s.matches('checkingFlags')) return [...FLAG_ANSWERS, 'deselect', 'confirm', 'submit', 'cancel'];
  if (s.matches('dialog')) return [...FIELDS[s.context.kind], 'submit', 'cancel', 'deselect', 'info'];
  if (s.matches('sending')) return ['sent', 'partly', 'sendFailed', 'submit', 'retry', 'cancel'];
  return ['retry', 'cancel', 'submit', 'select'];
}

const nameOf = new Map<object, Name>(Object.entries(EVENTS).map(([name, event]) => [event, name as Name]));
function eventOf(name: Name, s: Snapshot): ModelEvent {
  if (name !== 'sent' && name !== 'partly') return EVENTS[name];
  const event = done('sendEmails', answerTo(s.context.kind, s.context.sending, name === 'sent' ? 'all' : 'partly'));
  nameOf.set(event, name);
  return event;
}

// ---------------------------------------------------------------- the model's expectations

/**
 * Who receives it and who the dialog shows as left out (a: reachable, b: no address, c: canceled,
 * d: sent, e: departed; a review is asked after the tour, so e is no reason to leave it out).
 */
function recipientsOf(kind: EmailKind, target: Target, sendAgain: boolean, keepPast: boolean) {
  if (target === 'open')
    return kind === 'CANCELLATION' ? { to: ['c'], leftOut: [] } : { to: [], leftOut: ['c:CANCELED'] };
  const again = kind === 'INFORMATION' || sendAgain;
  const to = again ? ['a', 'd'] : ['a'];
  const leftOut = again ? ['b:NO_EMAIL', 'c:CANCELED'] : ['b:NO_EMAIL', 'c:CANCELED', 'd:ALREADY_SENT'];
  if (kind === 'REVIEW' || keepPast) to.push('e');
  else leftOut.push('e:DEPARTED');
  return { to, leftOut };
}

type Flags = 'none' | 'allOn' | 'emailOnly' | 'emailOff';
/** What the menu says of each kind, for the flags as last read for the team's country (KH). */
function offReason(flags: Flags, kind: EmailKind): string | null {
  if (flags === 'none' || flags === 'allOn') return null;
  if (flags === 'emailOff') return 'E-mail sending is not enabled for Cambodia';
  return kind === 'INFORMATION' ? 'Information e-mails are not enabled for Cambodia' : null;
}
const KINDS: EmailKind[] = ['CONFIRMATION', 'INFORMATION', 'CANCELLATION', 'REVIEW'];

/** Allowed by the flags for the team's country (KH): information needs INFO_SENDING_V1 as well. */
function allowed(answer: (typeof FLAG_ANSWERS)[number], kind: EmailKind): boolean {
  if (answer === 'allOn') return true;
  return answer === 'emailOnly' && kind !== 'INFORMATION';
}

const EMPTY = { message: '', meetingPoint: '', meetingTime: '', guide: null as Guide | null, reason: '' };
const TOAST: Record<number, string> = { 1: '1 e-mail queued', 2: '2 e-mails queued', 3: '3 e-mails queued' };

/** What the test knows happened: the selection, the dialog's kind and what was typed, the requests' keys. */
interface Shadow {
  selected: boolean;
  kind: EmailKind;
  target: Target;
  sendAgain: boolean;
  keepPast: boolean;
  flags: Flags;
  typed: typeof EMPTY;
  keys: string[];
  last: EmailRequest | null;
  refused: string[];
}

function canSend(m: Shadow): boolean {
  if (recipientsOf(m.kind, m.target, m.sendAgain, m.keepPast).to.length === 0) return false;
  if (m.kind === 'INFORMATION') return m.typed.message.trim() !== '';
  if (m.kind === 'CANCELLATION') return m.typed.reason.trim() !== '';
  return true;
}

/** The kind and the fields of its kind: what a send and its preview carry. */
function expectedDetails(m: Shadow): PreviewBase {
  const { message, meetingPoint, meetingTime, guide, reason } = m.typed;
  return {
    type: m.kind,
    sendAgain: m.sendAgain,
    ...(m.kind === 'INFORMATION'
      ? { info: { message, meetingPoint, meetingTime, ...(guide ? { guideId: guide.id } : {}) } }
      : {}),
    ...(m.kind === 'CANCELLATION' ? { cancel: { reason } } : {}),
  };
}

/** The request a send makes: recipients only, the fields of its kind, and its key. */
function expectedRequest(m: Shadow, key: string): EmailRequest {
  const { type, sendAgain, ...rest } = expectedDetails(m);
  return {
    type,
    orderIds: recipientsOf(m.kind, m.target, m.sendAgain, m.keepPast).to,
    sendAgain,
    ...rest,
    idempotencyKey: key,
  };
}

/** The dialog's preview renders for the recipients as they are now, with the details as typed. */
function expectPreviewFollows(s: Snapshot, m: Shadow) {
  const preview = selectPreviewActor(s);
  if (!preview) throw new Error('the dialog has no preview');
  const { base, orderIds } = preview.getSnapshot().context;
  expect({ base, orderIds }).toEqual({
    base: expectedDetails(m),
    orderIds: recipientsOf(m.kind, m.target, m.sendAgain, m.keepPast).to,
  });
}

const shownRecipients = (s: Snapshot) => {
  const { to, leftOut } = selectRecipients(s);
  return { to: to.map((o) => o.id), leftOut: leftOut.map(({ order, reason }) => `${order.id}:${reason}`) };
};

/**
 * A state as the model tells states apart: the key is random, and what an earlier send left in
 * the context shows nowhere once idle; the draft matters in the dialog only.
 */
function modelState(s: Snapshot) {
  const c = s.context;
  const off = KINDS.map((k) => selectOffReason(k)(s));
  if (s.matches('idle'))
    return { value: s.value, selected: c.selected.length, off, opening: c.flags === null && c.orders.length === 0 };
  const at = {
    value: s.value,
    kind: c.kind,
    orders: c.orders.map((o) => o.id),
    sendAgain: c.sendAgain,
    keepPast: c.keepPast,
  };
  if (s.matches('checkingFlags')) return at;
  if (s.matches('dialog')) return { ...at, draft: c.draft };
  const refused = c.result?.refused.map((r) => r.orderId) ?? null;
  return { ...at, sending: c.sending, refused, error: c.error };
}

let errors: ReturnType<typeof silenceErrors>;
beforeEach(() => {
  errors = silenceErrors();
});
afterEach(() => vi.restoreAllMocks());

describe('e-mail sending model', () => {
  const paths = getShortestPaths(graphUnderParent(emailSendMachine), {
    input: INPUT,
    events: (s: Snapshot) => namesFor(s).map((name) => eventOf(name, s)) as EmailSendEvent[],
    serializeState: (s) => JSON.stringify(modelState(s)),
  });
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps.filter((s) => (s.event as { type: string }).type !== 'xstate.init').map((s) => nameOf.get(s.event)!);

  it('models every event the machine takes, each with the type it names', () => {
    for (const [type, names] of Object.entries(TRIED)) {
      for (const name of names) expect(EVENTS[name as keyof typeof EVENTS].type).toBe(type);
    }
  });

  it('reaches every dialog, the sending of each kind, both alerts and a retry after each', () => {
    const reached = new Set(
      paths.map(({ state: s }) => `${JSON.stringify(s.value)} ${s.matches('idle') ? '' : s.context.kind}`.trim()),
    );
    const kinds = ['CONFIRMATION', 'INFORMATION', 'CANCELLATION', 'REVIEW'];
    expect(reached).toEqual(
      new Set([
        '"idle"',
        ...kinds.map((k) => `"checkingFlags" ${k}`),
        '{"dialog":"information"} INFORMATION',
        ...kinds.filter((k) => k !== 'INFORMATION').map((k) => `{"dialog":"plain"} ${k}`),
        ...kinds.flatMap((k) => [`"sending" ${k}`, `"failed" ${k}`, `"partlyFailed" ${k}`]),
      ]),
    );
    // both retries lie on paths: after a whole failure (its error kept), and of the refused order only (d)
    const retried = paths.filter((p) => p.state.matches('sending') && p.state.context.error !== null);
    expect(retried.length).toBeGreaterThan(0);
    const partRetry = paths.filter((p) => p.state.matches('sending') && p.state.context.sending.length === 1);
    expect(partRetry.some((p) => p.state.context.sending[0] === 'd')).toBe(true);
  });

  /** Replays the names on a real actor; each step's effects are checked. */
  async function replay(steps: Name[]) {
    const h = emailHarness();
    const m: Shadow = {
      selected: false,
      kind: 'CONFIRMATION',
      target: 'selection',
      sendAgain: false,
      keepPast: false,
      flags: 'none',
      typed: EMPTY,
      keys: [],
      last: null,
      refused: [],
    };
    for (const name of steps) {
      const s = h.email.getSnapshot();
      const before = {
        requests: h.requests().length,
        notices: h.notices.length,
        reports: h.reports.length,
        errors: errors.mock.calls.length,
        reads: h.flagReads(),
      };
      // what the views enable: the Email menus in idle with something to send about, Send when it would send
      for (const start of STARTS) {
        const { kind, target } = EVENTS[start];
        expect(selectCanStart(kind, target)(s)).toBe(s.matches('idle') && m.selected);
      }
      expect(selectCanSubmit(s)).toBe(s.matches('dialog') && canSend(m));
      // the menu's items: off, saying why, for the flags as last read
      for (const kind of KINDS) expect(selectOffReason(kind)(s)).toBe(offReason(m.flags, kind));

      const event = eventOf(name, s);
      if (name === 'pickGuide') {
        const guides = selectGuides(s);
        if (!guides) throw new Error('no guide search is open');
        guides.send({ type: 'guide.pick', id: GUIDE.id });
        await flush();
      } else if (FLAG_ANSWERS.includes(name as (typeof FLAG_ANSWERS)[number])) {
        if (!h.running().includes('getFeatures')) throw new Error(`${name} with no flag read running`);
        await h.settle('getFeatures', event as Synthetic);
      } else if (name === 'menuOn' || name === 'menuOff') {
        if (!h.running().includes('flags')) throw new Error(`${name} with no screen flag read running`);
        await h.settle('flags', event as Synthetic);
      } else if (name === 'sent' || name === 'partly' || name === 'sendFailed') {
        if (!h.running().includes('sendEmails')) throw new Error(`${name} with no send running`);
        const answer =
          name === 'sendFailed'
            ? event
            : done('sendEmails', answerTo(m.kind, m.last!.orderIds, name === 'sent' ? 'all' : 'partly'));
        await h.settle('sendEmails', answer as Synthetic);
      } else {
        h.email.send(event as EmailSendEvent);
        await flush();
      }

      const after = h.email.getSnapshot();
      const news = {
        requests: h.requests().slice(before.requests),
        notices: h.notices.slice(before.notices),
        reports: h.reports.slice(before.reports),
        errors: errors.mock.calls.length - before.errors,
        reads: h.flagReads() - before.reads,
      };
      const quiet = { requests: [], notices: [], reports: [], errors: 0, reads: 0 };
      const ignored = () => {
        expect(after.value).toEqual(s.value);
        expect(after.context).toEqual(s.context);
        expect(news).toEqual(quiet);
      };

      if (name === 'menuOn' || name === 'menuOff') {
        // nothing shown but the menu's items: the flags of the team's country
        m.flags = name === 'menuOn' ? 'emailOnly' : 'emailOff';
        for (const kind of KINDS) expect(selectOffReason(kind)(after)).toBe(offReason(m.flags, kind));
        expect(after.value).toEqual(s.value);
        expect(news).toEqual(quiet);
      } else if (name === 'select' || name === 'deselect') {
        // the screen keeps it told; a dialog keeps the orders it opened with
        m.selected = name === 'select';
        expect(after.context.selected).toEqual(m.selected ? SELECTED : []);
        expect(after.context.open).toEqual(m.selected ? OPEN : null);
        expect(after.value).toEqual(s.value);
        expect(after.context.orders).toEqual(s.context.orders);
        expect(news).toEqual(quiet);
      } else if (STARTS.includes(name as (typeof STARTS)[number])) {
        const { kind, target } = EVENTS[name as (typeof STARTS)[number]];
        if (!s.matches('idle') || !m.selected) {
          ignored();
        } else {
          // the flags as they are now: one read, nothing shown yet
          Object.assign(m, { kind, target, sendAgain: false, keepPast: false, typed: EMPTY });
          expect(after.value).toBe('checkingFlags');
          expect(selectInDialog(after)).toBe(false);
          expect(news).toEqual({ ...quiet, reads: 1 });
        }
      } else if (FLAG_ANSWERS.includes(name as (typeof FLAG_ANSWERS)[number])) {
        // the answer is what the menu goes by from now on (a failed read changes nothing)
        if (name === 'noFlags') m.flags = 'none';
        else if (name !== 'flagsFailed') m.flags = name as Flags;
        if (allowed(name as (typeof FLAG_ANSWERS)[number], m.kind)) {
          // the dialog: its orders, who receives it and who is left out and why, nothing typed
          expect(selectInDialog(after)).toBe(true);
          expect(selectOrders(after).map((o) => o.id)).toEqual(m.target === 'open' ? ['c'] : ['a', 'b', 'c', 'd', 'e']);
          expect(shownRecipients(after)).toEqual(recipientsOf(m.kind, m.target, false, false));
          expect(selectKeepPast(after)).toBe(false);
          // the preview renders the first recipient's message at once, as the server would send it
          expectPreviewFollows(after, m);
          const first = recipientsOf(m.kind, m.target, false, false).to[0];
          expect(h.previews.at(-1)).toEqual(first ? { ...expectedDetails(m), orderId: first } : undefined);
          if (first) {
            await flush();
            expect(selectPreviewActor(after)?.getSnapshot().context.preview?.orderId).toBe(first);
          }
          expect(selectDraft(after)).toEqual(EMPTY);
          expect(selectSendAgain(after)).toBe(false);
          // the send-info dialog has its guide search, and only it, over the team's own guides
          expect(selectGuides(after) !== undefined).toBe(m.kind === 'INFORMATION');
          if (m.kind === 'INFORMATION') expect(selectGuides(after)?.getSnapshot().context.teamId).toBe(INPUT.teamId);
          expect(news).toEqual(quiet);
        } else {
          // SPEC section 8: refused before any request, with exactly this toast (a failed read logs too)
          expect(after.value).toBe('idle');
          expect(news).toEqual({
            ...quiet,
            notices: [{ type: 'notify', kind: 'info', message: 'Not Supported' }],
            errors: name === 'flagsFailed' ? 1 : 0,
          });
        }
      } else if (TRIED['email.field'].includes(name as never) || name === 'pickGuide') {
        const e = event as Extract<EmailSendEvent, { type: 'email.field' | 'guide.picked' }>;
        m.typed = e.type === 'guide.picked' ? { ...m.typed, guide: e.guide } : { ...m.typed, [e.field]: e.value };
        expect(selectDraft(after)).toEqual(m.typed);
        expectPreviewFollows(after, m);
        expect(after.value).toEqual(s.value);
        expect(news).toEqual(quiet);
      } else if (name === 'againOn' || name === 'againOff') {
        m.sendAgain = name === 'againOn';
        expect(selectSendAgain(after)).toBe(m.sendAgain);
        expect(shownRecipients(after)).toEqual(recipientsOf(m.kind, m.target, m.sendAgain, m.keepPast));
        expectPreviewFollows(after, m);
        expect(news).toEqual(quiet);
      } else if (name === 'keepOn' || name === 'keepOff') {
        // the departed order joins the recipients only while kept
        m.keepPast = name === 'keepOn';
        expect(selectKeepPast(after)).toBe(m.keepPast);
        expect(shownRecipients(after)).toEqual(recipientsOf(m.kind, m.target, m.sendAgain, m.keepPast));
        expectPreviewFollows(after, m);
        expect(news).toEqual(quiet);
      } else if (name === 'submit') {
        if (!s.matches('dialog') || !canSend(m)) {
          // nobody to send to, a required field blank, or a send in flight (a double click): nothing
          ignored();
        } else {
          // one request to the recipients only, under a key never used before
          expect(news.requests).toHaveLength(1);
          const key = news.requests[0].idempotencyKey;
          expect(key).toMatch(/^[0-9a-f-]{36}$/);
          expect(m.keys).not.toContain(key);
          expect(news.requests).toEqual([expectedRequest(m, key)]);
          m.keys.push(key);
          m.last = news.requests[0];
          // the dialog stays, busy
          expect(selectSending(after)).toBe(true);
          expect(selectInDialog(after)).toBe(true);
          expect({ ...news, requests: [] }).toEqual(quiet);
        }
      } else if (name === 'sent' || name === 'partly') {
        const result: EmailSendResult = answerTo(m.kind, m.last!.orderIds, name === 'sent' ? 'all' : 'partly');
        const queued = result.queued.map((q) => q.orderId);
        // the screen shows the checkpoints of the queued orders, and the toast says how many
        expect(news).toEqual({
          ...quiet,
          reports: queued.length ? [{ type: 'email.queued', kind: m.kind, orderIds: queued }] : [],
          notices: queued.length ? [{ type: 'notify', kind: 'success', message: TOAST[queued.length] }] : [],
        });
        expect(selectInDialog(after)).toBe(false);
        if (name === 'sent') {
          expect(after.value).toBe('idle');
        } else {
          // the partial mail error alert lists the refused orders, with why
          m.refused = result.refused.map((r) => r.orderId);
          expect(selectPartlyFailed(after)).toBe(true);
          expect(selectRefused(after)).toEqual(result.refused);
        }
      } else if (name === 'sendFailed') {
        // the mail error alert; nothing was queued, nothing is reported
        expect(selectFailed(after)).toBe(true);
        expect(selectInDialog(after)).toBe(false);
        expect(news).toEqual(quiet);
      } else if (name === 'retry') {
        if (s.matches('failed')) {
          // the same request under the same key: if the first one did reach the server, nothing is queued twice
          expect(news).toEqual({ ...quiet, requests: [m.last] });
          expect(selectSending(after)).toBe(true);
        } else if (s.matches('partlyFailed')) {
          // the refused orders only, as a new request with a new key
          expect(news.requests).toHaveLength(1);
          const key = news.requests[0].idempotencyKey;
          expect(m.keys).not.toContain(key);
          expect(news.requests).toEqual([{ ...m.last, orderIds: m.refused, idempotencyKey: key }]);
          expect({ ...news, requests: [] }).toEqual(quiet);
          m.keys.push(key);
          m.last = news.requests[0];
          expect(selectSending(after)).toBe(true);
        } else {
          ignored();
        }
      } else if (name === 'cancel') {
        if (s.matches('dialog') || s.matches('failed') || s.matches('partlyFailed')) {
          // closed: nothing sent, nothing shown, the guide search gone with its dialog
          expect(after.value).toBe('idle');
          expect(selectInDialog(after) || selectFailed(after) || selectPartlyFailed(after)).toBe(false);
          expect(selectGuides(after)).toBeUndefined();
          expect(selectPreviewActor(after)).toBeUndefined();
          expect(news).toEqual(quiet);
        } else {
          ignored();
        }
      } else {
        throw new Error(`no expectation for ${name}`);
      }
    }
    h.stop();
    return h.email.getSnapshot();
  }

  describe.each(paths.map((p) => [stepsOf(p).join(' → ') || '(start)', p] as const))('%s', (_, path) => {
    it('replays on a real actor to the same state', async () => {
      const end = await replay(stepsOf(path));
      expect(modelState(end)).toEqual(modelState(path.state));
    });

    it.each(namesFor(path.state))('then %s has exactly its effects', async (name) => {
      await replay([...stepsOf(path), name]);
    });
  });
});
