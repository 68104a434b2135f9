/** Order and tour statuses (statusV2) and their labels, team roles, e-mail types. */
export const STATUSES = ['new', 'pending', 'grouped', 'arranged', 'completed', 'canceled', 'cancel_requested'] as const;
export type Status = (typeof STATUSES)[number];

const SPECIAL_LABELS: Partial<Record<Status, string>> = {
  new: 'New Order',
  completed: 'Tour Completed',
  cancel_requested: 'Cancel Requested',
};

/** Label shown for a status: the special ones of SPEC section 4, else the capitalised words. */
export function statusLabel(status: string): string {
  const special = SPECIAL_LABELS[status as Status];
  if (special) return special;
  return status
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

export function isStatus(value: string): value is Status {
  return (STATUSES as readonly string[]).includes(value);
}

/** Team roles, most rights first. */
export const ROLES = ['ADMIN', 'EDITOR', 'MEMBER'] as const;
export type Role = (typeof ROLES)[number];

/** True when `role` has at least the rights of `needed` (ADMIN > EDITOR > MEMBER). */
export const roleAtLeast = (role: Role, needed: Role): boolean => ROLES.indexOf(role) <= ROLES.indexOf(needed);

export const EMAIL_TYPES = ['CONFIRMATION', 'INFORMATION', 'CANCELLATION', 'REVIEW', 'INQUIRY'] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];
