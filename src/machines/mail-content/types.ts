import type { MailContent, MailPreview, TemplateFault } from '../../api/services/products';
import type { Caret, Draft, TemplateField } from '../../domain/mail-content';
import { OTA_LABELS } from '../../domain/statuses';
import type { Ota, Role } from '../../domain/statuses';

/** The mail content editor of one product: per OTA, the template saved and the draft typed. */
export type { Caret, Draft, MailContent, MailPreview, Ota, TemplateFault, TemplateField };

export interface MailContentInput {
  teamId: string;
  productId: string;
  /** The user's role in the team: below the matrix's `updateMailContent` the editor is read-only. */
  role: Role;
}

/** What the server said of the draft it was asked to preview. */
export type PreviewOutcome =
  | { kind: 'rendered'; preview: MailPreview }
  /** The product has no order from this OTA to render the template for. */
  | { kind: 'noOrder' }
  | { kind: 'invalid'; fault: TemplateFault }
  | { kind: 'failed' };

export interface MailContentContext extends MailContentInput {
  /** The OTA tab shown. */
  ota: Ota;
  /** What the server has, per OTA loaded (the built-in template with `custom: false`). */
  saved: Partial<Record<Ota, MailContent>>;
  /** What is typed, per OTA loaded: kept across tabs, failures and refusals until saved or reset. */
  drafts: Partial<Record<Ota, Draft>>;
  /** The last save's refusal per OTA, until its field is edited or a save goes through. */
  faults: Partial<Record<Ota, TemplateFault>>;
  /** Where a variable goes in the tab shown (null: at the end of the body). */
  caret: Caret | null;
  /** The newest preview, of the OTA and the draft it was rendered from. */
  preview: { ota: Ota; draft: Draft; outcome: PreviewOutcome } | null;
  /** The tab's template could not be loaded. */
  error: string | null;
}

export type MailContentEvent =
  | { type: 'mail.ota'; ota: Ota }
  | { type: 'mail.edit'; field: TemplateField; value: string }
  | { type: 'mail.caret'; caret: Caret }
  /** Writes `{{ name }}` at the caret. */
  | { type: 'mail.insert'; name: string }
  | { type: 'mail.save' }
  /** Back to the built-in template: asks first. */
  | { type: 'mail.reset' }
  | { type: 'mail.resetConfirm' }
  | { type: 'mail.resetCancel' }
  /** Loads the tab's template again after a failure. */
  | { type: 'mail.retry' }
  /** Renders the preview again (after a pause); every change of the draft or the tab asks for it. */
  | { type: 'preview.refresh' };

/** What the editor tells the products screen: whether any tab holds unsaved changes. */
export type MailContentReport = { type: 'mail.dirty'; dirty: boolean };

export type MailContentTag = 'loading' | 'saving' | 'resetting' | 'previewing';

/** The toasts of the editor (SPEC section 8 names none for products). */
export const mailMessages = {
  saved: (ota: Ota) => `${OTA_LABELS[ota]} template saved`,
  refused: (ota: Ota, field: TemplateField) => `The ${OTA_LABELS[ota]} template was not saved: see the ${field}`,
  saveFailed: (ota: Ota) => `Failed to save the ${OTA_LABELS[ota]} template`,
  reset: (ota: Ota) => `The ${OTA_LABELS[ota]} template is the default one again`,
  resetFailed: (ota: Ota) => `Failed to reset the ${OTA_LABELS[ota]} template`,
  loadFailed: (ota: Ota) => `The ${OTA_LABELS[ota]} template could not be loaded.`,
};
