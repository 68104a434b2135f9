import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring download links, each signed for the person who made it: signature = hex
 * HMAC-SHA256 of `${id}.${expires}.${userId}`, where userId is the export's `created_by` (not in the
 * link: the server reads it from the export). A link lives minutes: long enough to start a download,
 * too short to be passed around.
 */
export const LINK_TTL_SECONDS = 5 * 60;

export interface LinkParts {
  id: string;
  /** Unix time in seconds. */
  expires: number;
  /** Who made the export. */
  userId: string;
}

export function signature(secret: string, { id, expires, userId }: LinkParts): string {
  return createHmac('sha256', secret).update(`${id}.${expires}.${userId}`).digest('hex');
}

export function downloadPath(secret: string, link: LinkParts): string {
  const { id, expires } = link;
  return `/api/v1/exports/${encodeURIComponent(id)}/download?expires=${expires}&signature=${signature(secret, link)}`;
}

/** True when the signature is the one this server made for the link's parts; constant-time compare. */
export function verifySignature(secret: string, link: LinkParts, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const want = Buffer.from(signature(secret, link), 'hex');
  const got = Buffer.from(given.toLowerCase(), 'hex');
  return want.length === got.length && timingSafeEqual(want, got);
}

export interface ParsedLink {
  id: string;
  expires: number;
  signature: string;
}

/** Why a download of the link is refused now, or null when its signature and expiry let it go ahead. */
export function downloadRefusal(secret: string, link: LinkParts, given: string, now = Date.now()): string | null {
  if (!verifySignature(secret, link, given)) return 'Invalid download link';
  if (link.expires * 1000 < now) return 'This download link has expired';
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
