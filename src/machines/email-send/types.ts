import type { EmailSendResult, Guide } from '../../api/services/emails';
import type { FeatureFlagRecord } from '../../api/services/features';
import type { EmailKind } from '../../domain/email-recipients';
import type { GuideSearchReport } from '../guide-search/guide-search.machine';
import type { Order } from '../list/types';

export interface EmailSendInput {
  teamId: string;
  /** The team's country code: flags are switched per country. */
  countryCode: string;
  /** The team's timezone: past departures are named with their day there. */
  timezone: string;
}

/** What the dialogs ask for besides the orders: information details or a cancellation reason. */
export interface EmailDraft {
  message: string;
  meetingPoint: string;
  meetingTime: string;
  guide: Guide | null;
  reason: string;
}

export const EMPTY_DRAFT: EmailDraft = { message: '', meetingPoint: '', meetingTime: '', guide: null, reason: '' };

export interface EmailSendContext extends EmailSendInput {
  /** The selected orders as loaded, and the one the side panel shows (kept in step by the screen). */
  selected: Order[];
  open: Order | null;
  kind: EmailKind;
  /** The orders this send is about (the selection, or the panel's order). */
  orders: Order[];
  sendAgain: boolean;
  /** Orders that departed before the dialog opened (`now`) are left out unless kept. */
  keepPast: boolean;
  now: number;
  /** The flags as last read (null: not read yet, or the read failed): the menu says what is off. */
  flags: FeatureFlagRecord[] | null;
  draft: EmailDraft;
  /** One key per send: a repeat of it (a double click, a retry after a lost answer) queues nothing twice. */
  key: string;
  /** The orders of the request in flight (all recipients, or those a partial failure left out). */
  sending: string[];
  result: EmailSendResult | null;
  error: string | null;
}

export type EmailField = 'message' | 'meetingPoint' | 'meetingTime' | 'reason';

export type EmailSendEvent =
  /** From the screen: the selection and the panel's order, as loaded. */
  | { type: 'email.select'; selected: Order[]; open: Order | null }
  /** From the toolbar (`selection`) or the side panel (`open`). */
  | { type: 'email.start'; kind: EmailKind; target: 'selection' | 'open' }
  | { type: 'email.field'; field: EmailField; value: string }
  | { type: 'email.sendAgain'; on: boolean }
  | { type: 'email.keepPast'; on: boolean }
  | { type: 'email.submit' }
  | { type: 'email.retry' }
  | { type: 'email.cancel' }
  | GuideSearchReport;

/** Queued messages, for the screen: the checkpoints they will set show in the list and the panel. */
export type EmailSendReport = { type: 'email.queued'; kind: EmailKind; orderIds: string[] };

export const NOT_SUPPORTED = 'Not Supported';

/** Why a menu item is off: `E-mail sending is not enabled for Japan` (or information e-mails alone). */
export function notEnabledText(what: 'sending' | 'information', country: string): string {
  return `${what === 'information' ? 'Information e-mails are' : 'E-mail sending is'} not enabled for ${country}`;
}
export const SEND_FAILED = 'the request did not go through. Check the connection and try again.';

/** `3 e-mails queued`, `1 e-mail queued`. */
export function queuedMessage(n: number): string {
  return `${n} ${n === 1 ? 'e-mail' : 'e-mails'} queued`;
}
