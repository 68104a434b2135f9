import type { DraftInput, MailContent, PreviewAnswer, SaveAnswer } from '../../api/services/products';
import { sameDraft, type Draft, type TemplateField } from '../../domain/mail-content';
import type { Ota } from '../../domain/statuses';
import { mailMessages, type MailContentContext, type PreviewOutcome } from './types';

/** Reads of the editor's context that its guards and actions share. */
export const draftOf = (context: MailContentContext): Draft | undefined => context.drafts[context.ota];

export const isDirty = (context: MailContentContext, ota: Ota) => !sameDraft(context.drafts[ota], context.saved[ota]);

export const anyDirty = (context: MailContentContext) =>
  (Object.keys(context.drafts) as Ota[]).some((ota) => isDirty(context, ota));

/** The faults without the shown tab's (only when it names `field`; any field with null). */
export function withoutFault(context: MailContentContext, field: TemplateField | null) {
  const { [context.ota]: fault, ...others } = context.faults;
  return fault && (field === null || fault.field === field) ? others : context.faults;
}

/** The shown tab's draft as a request names it (save or preview). */
export const draftInput = (context: MailContentContext): DraftInput => ({
  teamId: context.teamId,
  productId: context.productId,
  ota: context.ota,
  ...draftOf(context)!,
});

export const draftFrom = (content: MailContent): Draft => ({ subject: content.subject, body: content.body });

/** Only called past the `refused` guard. */
export function savedOf(answer: SaveAnswer): MailContent {
  if (!('saved' in answer)) throw new Error('a refused save has no content');
  return answer.saved;
}

export const previewOf = (answer: PreviewAnswer): PreviewOutcome =>
  'preview' in answer
    ? { kind: 'rendered', preview: answer.preview }
    : 'refused' in answer
      ? { kind: 'invalid', fault: answer.refused }
      : { kind: 'noOrder' };

export type Notice = Exclude<keyof typeof mailMessages, 'loadFailed'>;

/** The toast's text for the shown tab (a refusal names the field at fault). */
export const noticeOf = (context: MailContentContext, notice: Notice) =>
  notice === 'refused'
    ? mailMessages.refused(context.ota, context.faults[context.ota]?.field ?? 'body')
    : mailMessages[notice](context.ota);
