import type { Db } from '../db/client';
import { emailBanners } from '../repo/ads';
import { letterheads } from '../repo/outbox';
import { bannerHtml, textWithBanner, type BannerAd } from './banner';
import { htmlPart } from './html';

/** Who a team's messages come from, and what goes around their text: its name and logo above, its
 *  e-mail banner below. */
export interface Sender {
  name: string;
  /** The team logo as a data URL, or null. */
  logo: string | null;
  banner: BannerAd[];
}

/** The senders of the teams (two queries, whatever their number). */
export async function senders(db: Db, teamIds: string[]): Promise<Map<string, Sender>> {
  const heads = await letterheads(db, teamIds);
  const banners = await emailBanners(db, teamIds);
  return new Map([...heads].map(([id, head]) => [id, { ...head, banner: banners.get(id) ?? [] }]));
}

/**
 * The text and HTML parts of a message as the customer gets it. `logoSrc` names the logo in the
 * HTML (an attachment's cid: when sent, the data URL in a preview); `uploaded` says how uploaded
 * banner images travel (attached when sent, inline in a preview).
 */
export function mailParts(
  sender: Sender,
  logoSrc: string | null,
  text: string,
  uploaded: 'attached' | 'inline',
): { text: string; html: string } {
  const html = htmlPart({ teamName: sender.name, logoSrc, text, banner: bannerHtml(sender.banner, uploaded) });
  return { text: textWithBanner(text, sender.banner), html };
}
