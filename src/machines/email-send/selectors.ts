import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { recipients, type EmailKind } from '../../domain/email-recipients';
import type { emailSendMachine } from './email-send.machine';

export type EmailSendActorRef = ActorRefFrom<typeof emailSendMachine>;
type EmailSendSnapshot = SnapshotFrom<typeof emailSendMachine>;

export const selectCanStart = (kind: EmailKind, target: 'selection' | 'open') => (s: EmailSendSnapshot) =>
  s.can({ type: 'email.start', kind, target });
export const selectInDialog = (s: EmailSendSnapshot) => s.matches('dialog') || s.matches('sending');
export const selectSending = (s: EmailSendSnapshot) => s.hasTag('busy');
export const selectFailed = (s: EmailSendSnapshot) => s.matches('failed');
export const selectPartlyFailed = (s: EmailSendSnapshot) => s.matches('partlyFailed');
export const selectKind = (s: EmailSendSnapshot) => s.context.kind;
export const selectOrders = (s: EmailSendSnapshot) => s.context.orders;
export const selectDraft = (s: EmailSendSnapshot) => s.context.draft;
export const selectSendAgain = (s: EmailSendSnapshot) => s.context.sendAgain;
export const selectRecipients = (s: EmailSendSnapshot) =>
  recipients(s.context.orders, s.context.kind, s.context.sendAgain);
export const selectCanSubmit = (s: EmailSendSnapshot) => s.can({ type: 'email.submit' });
export const selectRefused = (s: EmailSendSnapshot) => s.context.result?.refused ?? [];
export const selectGuides = (s: EmailSendSnapshot) => s.children.guides;
export const selectError = (s: EmailSendSnapshot) => s.context.error;
