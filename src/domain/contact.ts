import { formatTime } from './format';

/** How the order panel reaches a customer: call, map and copy texts, and the party's check-in as it reads. */

/** The contact fields the panel can copy, each with the name its button and toast use. */
export const CONTACT_FIELDS = { email: 'E-mail', phone: 'Phone', pickup: 'Pick-up', notes: 'Notes' } as const;
export type ContactField = keyof typeof CONTACT_FIELDS;

/** `Copy phone`: the copy button's accessible name. */
export const copyLabel = (field: ContactField) => `Copy ${CONTACT_FIELDS[field].toLowerCase()}`;
/** `Phone copied`, or the refusal when the browser does not let the page write the clipboard. */
export const copiedMessage = (field: ContactField) => `${CONTACT_FIELDS[field]} copied`;
export const notCopiedMessage = (field: ContactField) => `${CONTACT_FIELDS[field]} could not be copied`;

/**
 * A `tel:` link for a phone as the OTA wrote it: digits and a leading `+` only (RFC 3966 allows no
 * spaces, and dialers differ on the visual separators), or null when nothing dialable is left.
 */
export function telHref(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** A map search for a pick-up place (hotel or meeting point), as the issue names it. */
export function mapHref(place: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place.trim())}`;
}

export interface CheckInFacts {
  state: 'EXPECTED' | 'CHECKED_IN' | 'NO_SHOW';
  arrived: number;
  at: string | null;
  by: { name: string } | null;
}

/**
 * The party's check-in as the order reads it: `Checked in 2 of 3 by Lan, 08:12` (time in the team's
 * timezone), `No-show`, or null while the party is expected (nothing to say yet).
 */
export function checkInText(checkIn: CheckInFacts, pax: number, timezone: string): string | null {
  if (checkIn.state === 'NO_SHOW') return 'No-show';
  if (checkIn.state !== 'CHECKED_IN') return null;
  const who = checkIn.by ? ` by ${checkIn.by.name}` : '';
  const when = checkIn.at ? `, ${formatTime(checkIn.at, timezone)}` : '';
  return `Checked in ${checkIn.arrived} of ${pax}${who}${when}`;
}
