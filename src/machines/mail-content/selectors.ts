import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { OTAS } from '../../domain/statuses';
import { sameDraft } from '../../domain/mail-content';
import type { mailContentMachine } from './mail-content.machine';

/** Narrow reads of the mail content editor for its views (use with `useSelector`). */
export type MailContentActorRef = ActorRefFrom<typeof mailContentMachine>;
export type MailContentSnapshot = SnapshotFrom<typeof mailContentMachine>;

export const selectOta = (s: MailContentSnapshot) => s.context.ota;
export const selectView = (s: MailContentSnapshot) =>
  s.matches({ content: 'ready' }) ? 'ready' : s.matches({ content: 'failed' }) ? 'failed' : 'loading';
export const selectError = (s: MailContentSnapshot) => s.context.error;
export const selectDraft = (s: MailContentSnapshot) => s.context.drafts[s.context.ota] ?? null;
/** The template in use is the built-in one (the product has none of its own for the tab). */
export const selectBuiltIn = (s: MailContentSnapshot) => s.context.saved[s.context.ota]?.custom === false;
export const selectFault = (s: MailContentSnapshot) => s.context.faults[s.context.ota] ?? null;
/** The tabs with unsaved changes, joined (a stable string for `useSelector`). */
export const selectUnsavedTabs = (s: MailContentSnapshot) =>
  OTAS.filter((ota) => s.context.drafts[ota] && !sameDraft(s.context.drafts[ota], s.context.saved[ota])).join(',');
/** The tabs one may switch to now, joined. */
export const selectSwitchable = (s: MailContentSnapshot) =>
  OTAS.filter((ota) => s.can({ type: 'mail.ota', ota })).join(',');

/** The role may not change mail content: the tab shows the saved template and its preview only. */
export const selectReadOnly = (s: MailContentSnapshot) => s.matches({ content: { ready: 'readOnly' } });
export const selectCanEdit = (s: MailContentSnapshot) => s.can({ type: 'mail.edit', field: 'body', value: '' });
export const selectCanSave = (s: MailContentSnapshot) => s.can({ type: 'mail.save' });
export const selectCanReset = (s: MailContentSnapshot) => s.can({ type: 'mail.reset' });
export const selectSaving = (s: MailContentSnapshot) => s.hasTag('saving');
export const selectResetting = (s: MailContentSnapshot) => s.hasTag('resetting');
export const selectConfirmingReset = (s: MailContentSnapshot) => s.matches({ content: { ready: 'confirmingReset' } });

/** The newest preview of the tab shown (null before the first one). */
export const selectPreview = (s: MailContentSnapshot) =>
  s.context.preview?.ota === s.context.ota ? s.context.preview.outcome : null;
/** A preview is on its way: the one shown is of an older draft (or there is none yet). */
export const selectPreviewing = (s: MailContentSnapshot) => s.hasTag('previewing');
