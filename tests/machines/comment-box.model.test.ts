import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { CommentInput, EventLog } from '../../src/api/services/details';
import {
  commentBoxMachine,
  COMMENT_FAILED,
  type CommentBoxEvent,
} from '../../src/machines/comment-box/comment-box.machine';
import { selectCanSend } from '../../src/machines/comment-box/selectors';
import type { NotifyEvent } from '../../src/machines/notify';
import { graphUnderParent } from './graph-under-parent';
import { comment, flush } from './panel-fakes';
import { done, failed, underParent, type Synthetic } from './shared-fakes';

/**
 * Model-based: the states come from the production comment box (xstate/graph, with the save's
 * results as synthetic `xstate.done.actor.addComment` / `xstate.error.actor.addComment` events),
 * signed in and not. Every path is replayed on a real actor under a stand-in panel, then every
 * event is tried from its end state and its effects checked: the request, the report, the draft
 * and the error toast.
 */
type ModelEvent = CommentBoxEvent | Synthetic;

const RECORD_ID = 't7';
const TEXT = '  Guest is vegetarian \n';
const LOG: EventLog = comment('Guest is vegetarian');

const EVENTS = {
  type: { type: 'comment.change', text: TEXT },
  blank: { type: 'comment.change', text: ' \n\t ' },
  erase: { type: 'comment.change', text: '' },
  submit: { type: 'comment.submit' },
  saved: done('addComment', LOG),
  failed: failed('addComment'),
} satisfies Record<string, ModelEvent>;
type Name = keyof typeof EVENTS;
// every event the box takes is tried: a new one fails to compile until it is listed here
const TRIED = {
  'comment.change': ['type', 'blank', 'erase'],
  'comment.submit': ['submit'],
} satisfies Record<CommentBoxEvent['type'], Name[]>;
const NAMES: Name[] = [...Object.values(TRIED).flat(), 'saved', 'failed'];
const isAnswer = (name: Name) => name === 'saved' || name === 'failed';

/** The box under a stand-in panel, with a save that waits until the test settles it. */
function harness(userId: string | null) {
  const calls: CommentInput[] = [];
  let pending: { resolve: (log: EventLog) => void; reject: (e: unknown) => void } | null = null;
  const addComment = fromPromise<EventLog, CommentInput>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        calls.push(input);
        pending = { resolve, reject };
      }),
  );
  const panel = underParent(commentBoxMachine.provide({ actors: { addComment } }), { id: RECORD_ID, userId });
  const notices: NotifyEvent[] = [];
  panel.child.on('notify', (n) => notices.push(n));
  async function settle(answer: Synthetic) {
    const waiting = pending;
    if (!waiting) throw new Error('addComment is not running');
    pending = null;
    if ('output' in answer) waiting.resolve(answer.output as EventLog);
    else waiting.reject(answer.error);
    await flush();
  }
  return { ...panel, box: panel.child, calls, notices, settle };
}

describe.each([
  ['signed in', 'u1'],
  ['signed out', null],
] as const)('comment box model (%s)', (_, userId) => {
  const nameOf = (e: ModelEvent) => NAMES.find((n) => EVENTS[n] === e)!;
  const paths = getShortestPaths(graphUnderParent(commentBoxMachine), {
    input: { id: RECORD_ID, userId },
    events: Object.values(EVENTS) as CommentBoxEvent[],
    serializeState: (s) => JSON.stringify({ value: s.value, draft: s.context.draft }),
  });
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps
      .filter((s) => (s.event as { type: string }).type !== 'xstate.init')
      .map((s) => nameOf(s.event as ModelEvent));

  if (userId === null) {
    it('never sends: with no user a comment is refused whatever is typed', () => {
      expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['idle']));
      expect(new Set(paths.map((p) => p.state.context.draft))).toEqual(new Set(['', TEXT, EVENTS.blank.text]));
    });
  } else {
    it('reaches saving with what was typed', () => {
      const states = paths.map((p) => p.state);
      expect(new Set(states.map((s) => s.value))).toEqual(new Set(['idle', 'saving']));
      expect(states.filter((s) => s.matches('saving')).map((s) => s.context.draft)).toEqual([TEXT]);
    });
  }

  /** Replays the names on a real actor; each step's effects are checked. */
  async function replay(steps: Name[]) {
    const h = harness(userId);
    for (const name of steps) {
      const snapshot = h.box.getSnapshot();
      const before = {
        saving: snapshot.hasTag('saving'),
        draft: snapshot.context.draft,
        calls: h.calls.length,
        reports: h.reports.length,
        notices: h.notices.length,
      };
      // SPEC section 5: a comment needs a signed-in user and some text; one save at a time
      const sendable = userId !== null && before.draft.trim() !== '' && !before.saving;
      // the Comment button is enabled exactly when a submit would be taken
      expect(selectCanSend(snapshot)).toBe(sendable);
      const event = EVENTS[name];
      if (!isAnswer(name)) h.box.send(event as CommentBoxEvent);
      else if (before.saving) await h.settle(event as Synthetic);
      else throw new Error(`${name} with no save running cannot happen`);

      const after = h.box.getSnapshot();
      const newCalls = h.calls.slice(before.calls);
      const newReports = h.reports.slice(before.reports);
      const newNotices = h.notices.slice(before.notices);
      if (name !== 'failed') expect(newNotices).toEqual([]);
      if (name === 'submit' && sendable) {
        // the record's id and the text without its surrounding blanks; the draft stays until saved
        expect(newCalls).toEqual([{ id: RECORD_ID, text: 'Guest is vegetarian' }]);
        expect(after.hasTag('saving')).toBe(true);
        expect(after.context.draft).toBe(before.draft);
        expect(newReports).toEqual([]);
      } else if (name === 'submit' || (!isAnswer(name) && before.saving)) {
        // refused (no user, nothing but blanks, or a save in flight): nothing changes, nothing is sent
        expect(after.value).toEqual(snapshot.value);
        expect(after.context).toEqual(snapshot.context);
        expect([newCalls, newReports]).toEqual([[], []]);
      } else if (!isAnswer(name)) {
        // typing shows what is typed
        const text = (event as Extract<CommentBoxEvent, { type: 'comment.change' }>).text;
        expect(after.context).toMatchObject({ draft: text });
        expect(after.value).toBe('idle');
        expect([newCalls, newReports]).toEqual([[], []]);
      } else if (name === 'saved') {
        // the panel adds the server's entry to its activity; the box is empty for the next one
        expect(newReports).toEqual([{ type: 'comment.added', log: LOG }]);
        expect(after.context).toMatchObject({ draft: '' });
        expect(after.value).toBe('idle');
        expect(newCalls).toEqual([]);
      } else {
        // nothing typed is lost: the draft stays, to send again, and an error toast says why
        expect(newReports).toEqual([]);
        expect(newNotices).toEqual([{ type: 'notify', kind: 'error', message: COMMENT_FAILED }]);
        expect(after.context).toMatchObject({ draft: before.draft });
        expect(before.draft.trim()).not.toBe('');
        expect(after.value).toBe('idle');
        expect(newCalls).toEqual([]);
      }
    }
    h.stop();
    return h.box.getSnapshot();
  }

  describe.each(paths.map((p) => [stepsOf(p).join(' → ') || '(start)', p] as const))('%s', (_, path) => {
    it('replays on a real actor to the same state', async () => {
      const end = await replay(stepsOf(path));
      expect(end.value).toEqual(path.state.value);
      expect(end.context).toEqual(path.state.context);
    });

    // a save's answer only comes while one runs
    const next = NAMES.filter((n) => !isAnswer(n) || path.state.hasTag('saving'));
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay([...stepsOf(path), name]);
    });
  });
});
