import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ApiError } from '../../src/api/errors';
import type { EmailPreview, PreviewRequest } from '../../src/api/services/emails';
import { emailPreviewMachine } from '../../src/machines/email-preview/email-preview.machine';
import {
  selectCanNext,
  selectCanPrevious,
  selectPosition,
  selectPreview,
  selectPreviewBusy,
  selectPreviewError,
} from '../../src/machines/email-preview/selectors';
import type { EmailPreviewEvent, EmailPreviewInput, PreviewBase } from '../../src/machines/email-preview/types';
import { previewOf } from './email-send-fakes';
import { done, type Synthetic } from './shared-fakes';

/**
 * Model-based: the paths come from the production preview machine (xstate/graph, with the
 * server's answers and the end of the typing pause as synthetic events). Every path is replayed on
 * a real actor (fake timers, a preview service that waits for its step), then every event the
 * state offers is tried from its end and checked as the operator sees it: which recipient is
 * shown ("2 of 3"), Previous/Next, the message or why it failed, and exactly which previews the
 * server was asked for.
 */
type ModelEvent = EmailPreviewEvent | Synthetic;
type Snapshot = SnapshotFrom<typeof emailPreviewMachine>;

const CONFIRM: PreviewBase = { type: 'CONFIRMATION', sendAgain: false };
const AGAIN: PreviewBase = { type: 'CONFIRMATION', sendAgain: true };
const INPUT: EmailPreviewInput = { base: CONFIRM, orderIds: ['a', 'b', 'c'] };
const TYPING_MS = 300;

const EVENTS = {
  next: { type: 'preview.next' },
  previous: { type: 'preview.previous' },
  // from the send dialog: a detail changed; the first recipient left (sendAgain off, say); nobody left; all back
  typed: { type: 'preview.update', base: AGAIN, orderIds: ['a', 'b', 'c'] },
  fewer: { type: 'preview.update', base: CONFIRM, orderIds: ['b', 'c'] },
  nobody: { type: 'preview.update', base: CONFIRM, orderIds: [] },
  all: { type: 'preview.update', base: CONFIRM, orderIds: ['a', 'b', 'c'] },
  rest: { type: 'xstate.after.typing.emailPreview.waiting' } as unknown as Synthetic,
  failed: { type: 'xstate.error.actor.previewEmail', error: new Error('offline') },
  refusedByServer: {
    type: 'xstate.error.actor.previewEmail',
    error: new ApiError(403, 'FEATURE_DISABLED', 'E-mail sending is not enabled for team Siem Reap'),
  },
} satisfies Record<string, ModelEvent>;
type Name = keyof typeof EVENTS | 'rendered';
const UPDATES = ['typed', 'fewer', 'nobody', 'all'] as const;

// every event the machine takes is modelled: a new one fails to compile until it is listed here
const TRIED = {
  'preview.next': ['next'],
  'preview.previous': ['previous'],
  'preview.update': [...UPDATES],
} satisfies Record<EmailPreviewEvent['type'], Name[]>;

function namesFor(s: Snapshot): Name[] {
  const always: Name[] = ['next', 'previous', ...UPDATES];
  if (s.matches('loading')) return [...always, 'rendered', 'failed', 'refusedByServer'];
  if (s.matches('waiting')) return [...always, 'rest'];
  return always;
}

const nameOf = new Map<object, Name>(Object.entries(EVENTS).map(([name, event]) => [event, name as Name]));
function eventOf(name: Name, s: Snapshot): ModelEvent {
  if (name !== 'rendered') return EVENTS[name];
  const c = s.context;
  const event = done('previewEmail', previewOf({ ...c.base, orderId: c.orderIds[c.index] }));
  nameOf.set(event, name);
  return event;
}

function modelState(s: Snapshot) {
  const c = s.context;
  return {
    value: s.value,
    index: c.index,
    orderIds: c.orderIds,
    again: c.base.sendAgain,
    shown: c.preview?.orderId ?? null,
    error: c.error,
  };
}

/** What the test knows: the recipients and details, who is shown, and what the pane shows. */
interface Shadow {
  base: PreviewBase;
  orderIds: string[];
  index: number;
  shown: EmailPreview | null;
  error: string | null;
  /** The preview asked for and not yet answered. */
  asked: PreviewRequest | null;
}

/** The preview machine with a server that answers when the test says so. */
function harness() {
  const asked: PreviewRequest[] = [];
  let pending: { resolve: (p: EmailPreview) => void; reject: (e: unknown) => void } | null = null;
  const previewEmail = fromPromise<EmailPreview, PreviewRequest>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        asked.push(input);
        pending = { resolve, reject };
      }),
  );
  const actor = createActor(emailPreviewMachine.provide({ actors: { previewEmail } }), { input: INPUT }).start();
  return {
    actor,
    asked,
    answer(outcome: { output: EmailPreview } | { error: unknown }) {
      if (!pending) throw new Error('no preview is being rendered');
      const p = pending;
      pending = null;
      if ('output' in outcome) p.resolve(outcome.output);
      else p.reject(outcome.error);
    },
  };
}
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('e-mail preview model', () => {
  const paths = getShortestPaths(emailPreviewMachine, {
    input: INPUT,
    events: (s: Snapshot) => namesFor(s).map((name) => eventOf(name, s)) as EmailPreviewEvent[],
    serializeState: (s) => JSON.stringify(modelState(s)),
  });
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps.filter((s) => (s.event as { type: string }).type !== 'xstate.init').map((s) => nameOf.get(s.event)!);

  it('models every event the machine takes, and reaches every state with each recipient shown', () => {
    for (const [type, names] of Object.entries(TRIED)) {
      for (const name of names) expect(EVENTS[name as keyof typeof EVENTS].type).toBe(type);
    }
    const reached = new Set(paths.map(({ state: s }) => `${JSON.stringify(s.value)} ${s.context.index}`));
    for (const at of [0, 1, 2]) {
      for (const value of ['loading', 'shown', 'waiting']) expect(reached).toContain(`"${value}" ${at}`);
    }
    expect(reached).toContain('"empty" 0');
  });

  async function replay(steps: Name[]) {
    const h = harness();
    await settle();
    // the first recipient is rendered at once
    const m: Shadow = { ...INPUT, index: 0, shown: null, error: null, asked: { ...CONFIRM, orderId: 'a' } };
    expect(h.asked).toEqual([m.asked]);
    for (const name of steps) {
      const s = h.actor.getSnapshot();
      const before = h.asked.length;
      if (name === 'rendered') h.answer({ output: previewOf(m.asked!) });
      else if (name === 'failed' || name === 'refusedByServer') h.answer({ error: EVENTS[name].error });
      else if (name === 'rest') await vi.advanceTimersByTimeAsync(TYPING_MS);
      else h.actor.send(EVENTS[name] as EmailPreviewEvent);
      await settle();
      const after = h.actor.getSnapshot();
      const asked = h.asked.slice(before);

      /** A new rendering of the recipient now at `index`: asked once, with the details as they are. */
      const expectAsked = () => {
        m.asked = { ...m.base, orderId: m.orderIds[m.index] };
        expect(asked).toEqual([m.asked]);
      };
      if (name === 'next' || name === 'previous') {
        const to = m.index + (name === 'next' ? 1 : -1);
        if (to < 0 || to >= m.orderIds.length || s.matches('empty')) {
          expect(after.context).toEqual(s.context);
          expect(asked).toEqual([]);
        } else {
          // the other recipient at once: nothing of the one before stays on screen
          m.index = to;
          m.shown = null;
          m.error = null;
          expectAsked();
        }
      } else if ((UPDATES as readonly Name[]).includes(name)) {
        const e: EmailPreviewInput = EVENTS[name as (typeof UPDATES)[number]];
        const shownId = m.orderIds[m.index];
        m.index = Math.max(0, e.orderIds.indexOf(shownId));
        if (e.orderIds[m.index] !== shownId) m.shown = null;
        m.base = e.base;
        m.orderIds = e.orderIds;
        // nothing asked while the operator types
        expect(asked).toEqual([]);
        expect(after.matches('waiting')).toBe(true);
        m.asked = null;
      } else if (name === 'rest') {
        if (m.orderIds.length === 0) {
          expect(after.matches('empty')).toBe(true);
          expect(asked).toEqual([]);
        } else expectAsked();
      } else if (name === 'rendered') {
        m.shown = previewOf(m.asked!);
        m.error = null;
        m.asked = null;
      } else if (name === 'failed' || name === 'refusedByServer') {
        // the server's words for a refusal, the general text for anything else
        m.shown = null;
        m.error =
          name === 'failed' ? 'The preview could not be loaded.' : 'E-mail sending is not enabled for team Siem Reap';
        m.asked = null;
      }

      // what the pane shows
      expect(selectPosition(after)).toEqual({ at: m.index + 1, of: m.orderIds.length });
      expect(selectCanPrevious(after)).toBe(m.index > 0 && !after.matches('empty'));
      expect(selectCanNext(after)).toBe(m.index < m.orderIds.length - 1 && !after.matches('empty'));
      expect(selectPreview(after)).toEqual(m.shown);
      expect(selectPreviewError(after)).toBe(m.error);
      expect(selectPreviewBusy(after)).toBe(after.matches('loading') || after.matches('waiting'));
    }
    h.actor.stop();
    return h.actor.getSnapshot();
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
