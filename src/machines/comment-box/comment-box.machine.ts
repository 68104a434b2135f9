import { assign, emit, sendParent, setup } from 'xstate';
import { addOrderComment, type EventLog } from '../../api/services/details';
import type { NotifyEvent } from '../notify';

/**
 * The comment box of a side panel: the draft as typed, sent on request, cleared once saved. A
 * comment needs a signed-in user and some text (SPEC section 5); one that fails to save keeps its
 * draft, so nothing typed is lost, and says so in an error toast. A saved comment is reported to
 * the panel (`comment.added`).
 */
export interface CommentBoxInput {
  /** The order or tour commented on. */
  id: string;
  userId: string | null;
}

export interface CommentBoxContext extends CommentBoxInput {
  draft: string;
}

export type CommentBoxEvent = { type: 'comment.change'; text: string } | { type: 'comment.submit' };
export type CommentBoxReport = { type: 'comment.added'; log: EventLog };

export const COMMENT_FAILED = 'The comment could not be saved';

export const commentBoxMachine = setup({
  types: {
    context: {} as CommentBoxContext,
    events: {} as CommentBoxEvent,
    input: {} as CommentBoxInput,
    emitted: {} as NotifyEvent,
    tags: {} as 'saving',
  },
  actors: { addComment: addOrderComment },
  guards: {
    canSend: ({ context }) => context.userId !== null && context.draft.trim().length > 0,
  },
  actions: {
    setDraft: assign((_, p: { text: string }) => ({ draft: p.text })),
    saved: assign({ draft: '' }),
    report: sendParent((_, p: { log: EventLog }): CommentBoxReport => ({ type: 'comment.added', log: p.log })),
    fail: emit({ type: 'notify', kind: 'error', message: COMMENT_FAILED } as const),
  },
}).createMachine({
  id: 'commentBox',
  context: ({ input }) => ({ ...input, draft: '' }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'comment.change': { actions: { type: 'setDraft', params: ({ event }) => event } },
        'comment.submit': { guard: 'canSend', target: 'saving' },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'addComment',
        src: 'addComment',
        input: ({ context }) => ({ id: context.id, text: context.draft.trim() }),
        onDone: {
          target: 'idle',
          actions: ['saved', { type: 'report', params: ({ event }) => ({ log: event.output }) }],
        },
        onError: { target: 'idle', actions: 'fail' },
      },
    },
  },
});
