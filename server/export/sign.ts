import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed, expiring download links: signature = hex HMAC-SHA256 of `${id}.${expires}`. */
export const LINK_TTL_SECONDS = 3600;

export function signature(secret: string, id: string, expires: number): string {
  return createHmac('sha256', secret).update(`${id}.${expires}`).digest('hex');
}

export function downloadPath(secret: string, id: string, expires: number): string {
  return `/api/v1/exports/${encodeURIComponent(id)}/download?expires=${expires}&signature=${signature(secret, id, expires)}`;
}

/** True when the signature is the one this server made for (id, expires); constant-time compare. */
export function verifySignature(secret: string, id: string, expires: number, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const want = Buffer.from(signature(secret, id, expires), 'hex');
  const got = Buffer.from(given.toLowerCase(), 'hex');
  return want.length === got.length && timingSafeEqual(want, got);
}

export interface ParsedLink {
  id: string;
  expires: number;
  signature: string;
}

/** Why a download of (id, expires, signature) is refused now, or null when it may go ahead. */
export function downloadRefusal(secret: string, id: string, expires: number, given: string): string | null {
  if (!verifySignature(secret, id, expires, given)) return 'Invalid download link';
  if (expires * 1000 < Date.now()) return 'This download link has expired';
  return null;
}

/** Reads a download link (path or absolute URL) back into its parts; null when it is not one. */
export function parseDownloadLink(link: string): ParsedLink | null {
  let url: URL;
  try {
    url = new URL(link, 'http://link.invalid');
  } catch {
    return null;
  }
  const match = /^\/api\/v1\/exports\/([^/]+)\/download$/.exec(url.pathname);
  const expires = Number(url.searchParams.get('expires'));
  const sig = url.searchParams.get('signature');
  if (!match || !Number.isInteger(expires) || !sig) return null;
  const id = decodeComponent(match[1]);
  return id === null ? null : { id, expires, signature: sig };
}

/** decodeURIComponent, or null for a malformed escape such as a lone `%`. */
function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
