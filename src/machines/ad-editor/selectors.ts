import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { draftRefusals, isUploadedImage, type AdField } from '../../domain/ads';
import type { adEditorMachine } from './ad-editor.machine';

/** Narrow reads of the advertisement form for its view (use with `useSelector`). */
export type AdEditorActorRef = ActorRefFrom<typeof adEditorMachine>;
type Snapshot = SnapshotFrom<typeof adEditorMachine>;

export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectIsNew = (s: Snapshot) => s.context.ad === null;
/** Why a field as typed cannot be saved; an empty field is only marked required (its hint says so). */
export const selectFieldErrors = (s: Snapshot) => {
  const refusals = draftRefusals(s.context.draft);
  const typed = (field: AdField) => (s.context.draft[field].trim() ? (refusals[field] ?? null) : null);
  return { title: typed('title'), linkUrl: typed('linkUrl'), imageUrl: typed('imageUrl') };
};
export const selectFileError = (s: Snapshot) => s.context.fileError;
export const selectFileName = (s: Snapshot) => s.context.fileName;
export const selectRefusal = (s: Snapshot) => s.context.refusal;
/** The address field shows a typed address, not an uploaded image's data. */
export const selectImageAddress = (s: Snapshot) =>
  isUploadedImage(s.context.draft.imageUrl) ? '' : s.context.draft.imageUrl;
export const selectReading = (s: Snapshot) => s.hasTag('reading');
export const selectSaving = (s: Snapshot) => s.hasTag('saving');
export const selectCanSave = (s: Snapshot) => s.can({ type: 'editor.save' });
export const selectCanCancel = (s: Snapshot) => s.can({ type: 'editor.cancel' });
/** Asks before the form closes, or the page is left, with unsaved typing. */
export const selectLeaveGuard = (s: Snapshot) => s.children.leaveGuard;
