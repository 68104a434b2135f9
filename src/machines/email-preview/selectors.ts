import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { emailPreviewMachine } from './email-preview.machine';

export type EmailPreviewActorRef = ActorRefFrom<typeof emailPreviewMachine>;
type EmailPreviewSnapshot = SnapshotFrom<typeof emailPreviewMachine>;

export const selectPreview = (s: EmailPreviewSnapshot) => s.context.preview;
export const selectPreviewError = (s: EmailPreviewSnapshot) => s.context.error;
export const selectPreviewBusy = (s: EmailPreviewSnapshot) => s.hasTag('busy');
/** "2 of 5": the recipient shown and how many there are. */
export const selectPosition = (s: EmailPreviewSnapshot) => ({
  at: s.context.index + 1,
  of: s.context.orderIds.length,
});
export const selectCanNext = (s: EmailPreviewSnapshot) => s.can({ type: 'preview.next' });
export const selectCanPrevious = (s: EmailPreviewSnapshot) => s.can({ type: 'preview.previous' });
