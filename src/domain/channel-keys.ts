/** The Connections page's rules and texts (channel API keys for the OTAs; no I/O). */

/** The longest name a key may have (the contract's maxLength). */
export const KEY_NAME_MAX = 100;

/** The OCTO capabilities the server serves: what a reseller may ask for in `Octo-Capabilities`. */
export { SERVED_CAPABILITIES as OCTO_CAPABILITIES } from '../../shared/octo';

/** Where a reseller calls: the app's own origin, under /octo. */
export const octoBaseUrl = (origin: string): string => `${origin.replace(/\/+$/, '')}/octo`;

/** What is wrong with a key's name as typed, or null when it will do. */
export function keyNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return CHANNEL_KEYS_TEXT.nameMissing;
  if (trimmed.length > KEY_NAME_MAX) return CHANNEL_KEYS_TEXT.nameTooLong;
  return null;
}

/** A key's first characters as the list shows them: `tdk_AbCdEf…`. */
export const shownPrefix = (prefix: string): string => `${prefix}…`;

export const CHANNEL_KEYS_TEXT = {
  loadFailed: 'The API keys could not be loaded.',
  nameMissing: 'Give the key a name, like “Klook live”.',
  nameTooLong: `A key’s name has at most ${KEY_NAME_MAX} characters.`,
  created: (name: string) => `API key “${name}” created`,
  createFailed: 'Could not create the API key. Please try again.',
  revoked: (name: string) => `API key “${name}” revoked`,
  revokeFailed: 'Could not revoke the API key. Please try again.',
  copied: 'API key copied to the clipboard',
  copyFailed: 'Could not copy the key: select it and copy it yourself.',
  neverUsed: 'Never used',
  shownOnce: 'Copy this key now and give it to the reseller: it will not be shown again.',
  closeUncopied: 'Close without copying the key?',
  closeUncopiedBody:
    'It will not be shown again. The key stays valid: revoke it from the list, and create a new one for the reseller.',
} as const;

export { otaLabel } from '../../shared/otas';
