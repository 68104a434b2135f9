import { checkAvatar } from './avatar';
import { badRequest } from './errors';

/**
 * Advertisement URLs end up in customers' e-mails and on the interstitial: a link opens a web page
 * (http or https); an image is an https image (no mixed content on an https page) or one uploaded
 * through the app, checked as avatars are (PNG or JPEG data URL, at most 512,000 bytes, 413
 * beyond). Anything else (javascript:, data:text/html, file:, SVG...) is refused.
 */
function isWebUrl(value: string, schemes: string[]): boolean {
  try {
    const url = new URL(value);
    return schemes.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The input with an uploaded image normalised; 400 naming the field (413 for a too large image). */
export function checkAdUrls<T extends { imageUrl?: string | null; linkUrl?: string | null }>(input: T): T {
  const { imageUrl, linkUrl } = input;
  if (linkUrl != null && !isWebUrl(linkUrl, ['http:', 'https:']))
    throw badRequest('linkUrl must be an http or https URL');
  if (imageUrl == null || isWebUrl(imageUrl, ['https:'])) return input;
  if (!imageUrl.startsWith('data:')) throw badRequest('imageUrl must be an https URL or an uploaded PNG or JPEG image');
  return { ...input, imageUrl: checkAvatar(imageUrl, 'imageUrl') };
}
