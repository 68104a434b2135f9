import type { EmailPreview, PreviewRequest } from '../../api/services/emails';

/** What every order's preview shares: the send's type and details (the order varies). */
export type PreviewBase = Omit<PreviewRequest, 'orderId'>;

export interface EmailPreviewInput {
  base: PreviewBase;
  /** The recipients, in the dialog's order: the preview steps through them. */
  orderIds: string[];
}

export interface EmailPreviewContext extends EmailPreviewInput {
  /** The recipient shown. */
  index: number;
  preview: EmailPreview | null;
  error: string | null;
}

export type EmailPreviewEvent =
  | { type: 'preview.next' }
  | { type: 'preview.previous' }
  /** From the send dialog: the details or the recipients changed. */
  | ({ type: 'preview.update' } & EmailPreviewInput);

export const PREVIEW_FAILED = 'The preview could not be loaded.';
