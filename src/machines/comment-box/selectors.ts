import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { commentBoxMachine } from './comment-box.machine';

export type CommentBoxActorRef = ActorRefFrom<typeof commentBoxMachine>;
type CommentBoxSnapshot = SnapshotFrom<typeof commentBoxMachine>;

export const selectDraft = (s: CommentBoxSnapshot) => s.context.draft;
export const selectSignedIn = (s: CommentBoxSnapshot) => s.context.userId !== null;
export const selectSaving = (s: CommentBoxSnapshot) => s.hasTag('saving');
export const selectCanSend = (s: CommentBoxSnapshot) => s.can({ type: 'comment.submit' });
