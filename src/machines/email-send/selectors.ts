import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { flagsAllow, recipients, type EmailKind } from '../../domain/email-recipients';
import { findCountry } from '../../../shared/countries';
import { notEnabledText } from './types';
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
export const selectKeepPast = (s: EmailSendSnapshot) => s.context.keepPast;
export const selectRecipients = (s: EmailSendSnapshot) =>
  recipients(s.context.orders, s.context.kind, s.context.sendAgain, { now: s.context.now, keep: s.context.keepPast });
/** Recipients whose tour has departed: named apart, with the "keep them" tick, whether kept or not. */
export const selectDeparted = (s: EmailSendSnapshot) =>
  recipients(s.context.orders, s.context.kind, s.context.sendAgain, { now: s.context.now, keep: false })
    .leftOut.filter((l) => l.reason === 'DEPARTED')
    .map((l) => l.order);
export const selectTimezone = (s: EmailSendSnapshot) => s.context.timezone;
export const selectPreviewActor = (s: EmailSendSnapshot) => s.children.preview;
/** Why a kind is off in the menu (the flags as last read say the team's country has not enabled it), or null. */
export const selectOffReason = (kind: EmailKind) => (s: EmailSendSnapshot) => {
  const { flags, countryCode } = s.context;
  if (flags === null || flagsAllow(flags, kind, countryCode)) return null;
  const what = flagsAllow(flags, 'CONFIRMATION', countryCode) ? 'information' : 'sending';
  return notEnabledText(what, findCountry(countryCode)?.name ?? countryCode);
};
export const selectCanSubmit = (s: EmailSendSnapshot) => s.can({ type: 'email.submit' });
export const selectRefused = (s: EmailSendSnapshot) => s.context.result?.refused ?? [];
export const selectGuides = (s: EmailSendSnapshot) => s.children.guides;
export const selectError = (s: EmailSendSnapshot) => s.context.error;
