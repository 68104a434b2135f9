import type { Ad } from '../repo/ads';
import { escapeHtml } from './html';

/**
 * The team's e-mail banner: the live ads of its group tagged `email`, in the group's order, below
 * the message (image, title, link). Read when a message is delivered, so an ad archived or removed
 * meanwhile is not sent. An https image is referenced by its URL; an uploaded one travels with the
 * message as an inline attachment (cid:), since mail clients block data: images. A preview in the
 * app shows uploaded images inline instead.
 */
export type BannerAd = Pick<Ad, 'id' | 'title' | 'imageUrl' | 'linkUrl'>;

/** An uploaded image sent with the message, named in the HTML as `cid:<cid>`. */
export interface InlineImage {
  cid: string;
  dataUrl: string;
}

const isUploaded = (url: string | null): url is string => url?.startsWith('data:') === true;

const cidOf = (ad: BannerAd) => `ad-${ad.id}@tourdesk`;

export function bannerImages(ads: BannerAd[]): InlineImage[] {
  return ads.flatMap((ad) => (isUploaded(ad.imageUrl) ? [{ cid: cidOf(ad), dataUrl: ad.imageUrl }] : []));
}

function imageSrc(ad: BannerAd, uploaded: 'attached' | 'inline'): string | null {
  if (!isUploaded(ad.imageUrl) || uploaded === 'inline') return ad.imageUrl;
  return `cid:${cidOf(ad)}`;
}

const linked = (href: string | null, content: string, style = '') =>
  href ? `<a href="${escapeHtml(href)}" target="_blank" style="${style}">${content}</a>` : content;

/** The banner as rows of the message's table (empty without ads). */
export function bannerHtml(ads: BannerAd[], uploaded: 'attached' | 'inline'): string {
  if (ads.length === 0) return '';
  const blocks = ads.map((ad) => {
    const title = escapeHtml(ad.title);
    const src = imageSrc(ad, uploaded);
    const image = src
      ? linked(
          ad.linkUrl,
          `<img src="${escapeHtml(src)}" alt="${title}" width="552" style="display:block;width:100%;max-width:552px;height:auto;border:0;border-radius:8px">`,
        )
      : '';
    const caption = title
      ? `<p style="margin:8px 0 0;font-weight:700">${linked(ad.linkUrl, title, 'color:#006685;text-decoration:underline')}</p>`
      : '';
    return `<tr><td style="padding:0 0 20px">${image}${caption}</td></tr>`;
  });
  return `<tr><td style="padding:20px 24px 4px;border-top:1px solid #E1F4FF">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" data-banner="ads">
${blocks.join('\n')}
</table>
</td></tr>`;
}

/** The text part: the message, then the banner's links (an ad without a link has nothing to offer there). */
export function textWithBanner(text: string, ads: BannerAd[]): string {
  const lines = ads.filter((ad) => ad.linkUrl).map((ad) => (ad.title ? `${ad.title}: ${ad.linkUrl}` : ad.linkUrl!));
  return lines.length === 0 ? text : `${text}\n\n---\n${lines.join('\n')}`;
}
