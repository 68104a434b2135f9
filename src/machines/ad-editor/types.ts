import type { Ad, AdDraft, AdField } from '../../domain/ads';

/** The form of one advertisement, new (ad null) or saved. */
export interface AdEditorInput {
  teamId: string;
  ad: Ad | null;
}

export interface AdEditorContext extends AdEditorInput {
  draft: AdDraft;
  /** The picked file's name while it is read, and after (shown beside the image). */
  fileName: string | null;
  /** Why the picked file was refused (type or size, the avatar's rules), nothing read or sent. */
  fileError: string | null;
  /** What the server refused, in its words; the draft stays as typed. */
  refusal: string | null;
}

export type AdEditorEvent =
  | { type: 'editor.change'; field: AdField; value: string }
  | { type: 'editor.file'; file: File }
  | { type: 'editor.save' }
  | { type: 'editor.cancel' }
  /** From its leave guard: the operator chose to lose the draft. */
  | { type: 'leave.discarded' };

/** What the editor tells its parent: saved (created or changed), or closed without saving. */
export type AdEditorReport = { type: 'editor.saved'; ad: Ad; created: boolean } | { type: 'editor.closed' };

export const SAVE_FAILED = 'Failed to save advertisement';
export const READ_FAILED = 'The image could not be read.';
