/** The channel inbox's words (/orders/inbox): what each kind of item is called, and the messages. */
export type InboxKind = 'AMENDMENT' | 'CANCELLATION' | 'REFUSED';

export const INBOX_KIND_LABELS: Readonly<Record<InboxKind, string>> = {
  AMENDMENT: 'Amendment',
  CANCELLATION: 'Cancellation',
  REFUSED: 'Refused',
};

export const INBOX_SOURCE_LABELS: Readonly<Record<'OCTO' | 'IMPORT', string>> = {
  OCTO: 'OCTO',
  IMPORT: 'API import',
};

export const INBOX_TEXT = {
  title: 'Inbox',
  empty: 'Nothing needs you',
  emptyOpen:
    'Amendments, cancellations and refused bookings from the channels show here until someone acknowledges them.',
  emptyAll: 'Nothing has come from the channels yet.',
  loadFailed: 'The inbox could not be loaded.',
  moreFailed: 'More inbox items could not be loaded',
  acknowledged: (what: string) => `${what} acknowledged`,
  acknowledgeFailed: (what: string) => `${what} could not be acknowledged: it is open again`,
} as const;

/** How an item is named in its toasts: `Amendment of VN-000123`, `Refused KL-991`. */
export function inboxItemName(item: {
  kind: InboxKind;
  orderDisplayId: string | null;
  reference: string | null;
}): string {
  const label = INBOX_KIND_LABELS[item.kind];
  const ref = item.orderDisplayId ?? item.reference;
  if (!ref) return label;
  return item.kind === 'REFUSED' ? `${label} ${ref}` : `${label} of ${ref}`;
}

/** A refused request as people read it: indented JSON. */
export const requestText = (request: unknown): string => JSON.stringify(request, null, 2) ?? '';
