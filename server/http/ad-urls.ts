import { badRequest } from './errors';

/**
 * Advertisement URLs end up in customers' e-mails and on the interstitial page: a link opens a
 * web page (http or https), an image is a web image or one uploaded through the app (an inline
 * base64 image, as the demo ads carry). Anything else (javascript:, data:text/html, file:...) is refused.
 */
const WEB = new Set(['http:', 'https:']);
const UPLOADED_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return WEB.has(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** 400 naming the field when the image or link of an ad (given, not null) is not one of those. */
export function checkAdUrls(input: { imageUrl?: string | null; linkUrl?: string | null }): void {
  const { imageUrl, linkUrl } = input;
  if (imageUrl != null && !isWebUrl(imageUrl) && !UPLOADED_IMAGE.test(imageUrl)) {
    throw badRequest('imageUrl must be an http or https URL or an uploaded PNG, JPEG, GIF, WebP or SVG image');
  }
  if (linkUrl != null && !isWebUrl(linkUrl)) throw badRequest('linkUrl must be an http or https URL');
}
