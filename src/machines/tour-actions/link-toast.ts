import type { NotifyCloseEvent, NotifyEvent } from '../notify';

/** The one "linked" toast: a newer link replaces it, and an unlink takes it away (it no longer holds). */
export const LINK_TOAST = 'tour-link';

/** `KH-000251 unlinked from T-000123`. */
export function unlinkedMessage(order: string, tour: string): string {
  return `${order} unlinked from ${tour}`;
}

/** What an unlink says: the "linked" toast goes, the unlink is named. */
export function unlinkedNotices(order: string, tour: string): (NotifyEvent | NotifyCloseEvent)[] {
  return [
    { type: 'notify.close', id: LINK_TOAST },
    { type: 'notify', kind: 'success', message: unlinkedMessage(order, tour) },
  ];
}
