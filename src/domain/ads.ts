/**
 * Marketing rules (issue 15): an ad is tagged new when created, then active or archived; archived
 * ads are never shown to customers. A group's tag places its ads: `email` (a banner in customer
 * e-mails) or `interstitial` (the customer-facing interstitial), one group of each per team.
 */
export type AdTag = 'new' | 'active' | 'archived';
export type AdFrequency = 'every_visit' | 'daily' | 'weekly' | 'once';

/** The contract's Ad and AdGroup (the services hand them over as they come). */
export interface Ad {
  id: string;
  teamId: string;
  tag: AdTag;
  title: string;
  imageUrl: string | null;
  linkUrl: string | null;
}

export interface AdGroup {
  id: string;
  tag: string | null;
  teamId: string;
  frequency: AdFrequency;
  items: Ad[];
}

export const AD_TAGS: readonly AdTag[] = ['new', 'active', 'archived'];
export const AD_TAG_LABELS: Record<AdTag, string> = { new: 'New', active: 'Active', archived: 'Archived' };

export const EMAIL_TAG = 'email';
export const INTERSTITIAL_TAG = 'interstitial';
const PLACEMENTS = [EMAIL_TAG, INTERSTITIAL_TAG];

export const FREQUENCIES: readonly AdFrequency[] = ['every_visit', 'daily', 'weekly', 'once'];
export const FREQUENCY_LABELS: Record<AdFrequency, string> = {
  every_visit: 'On every visit',
  daily: 'At most once a day',
  weekly: 'At most once a week',
  once: 'Only once',
};

export const LINK_FAILED = 'Failed to link advertisements to group';

export const isLive = (ad: Ad) => ad.tag !== 'archived';

/** What customers see of a group: its items in order, archived ones left out. */
export const liveItems = (group: AdGroup | null | undefined): Ad[] => group?.items.filter(isLive) ?? [];

export const groupTagged = (groups: AdGroup[], tag: string) => groups.find((g) => g.tag === tag) ?? null;

export function adsByTag(ads: Ad[]): Record<AdTag, Ad[]> {
  return {
    new: ads.filter((a) => a.tag === 'new'),
    active: ads.filter((a) => a.tag === 'active'),
    archived: ads.filter((a) => a.tag === 'archived'),
  };
}

/** The ads list's URL query: `tag` filters (absent: all), `group` opens a group. */
export function adsListSearch(tag: AdTag | null, groupId: string | null = null): string {
  const query = new URLSearchParams();
  if (tag) query.set('tag', tag);
  if (groupId) query.set('group', groupId);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The ads list's input from its URL query (an unknown tag: all). */
export function adsListQuery(search: string): { tag: AdTag | null; groupId: string | null } {
  const query = new URLSearchParams(search);
  const tag = query.get('tag');
  return { tag: AD_TAGS.find((t) => t === tag) ?? null, groupId: query.get('group') || null };
}

/** How a group is named on screen: what its tag does, or the tag itself. */
export function groupLabel(group: Pick<AdGroup, 'tag'>): string {
  if (group.tag === EMAIL_TAG) return 'E-mail banner';
  if (group.tag === INTERSTITIAL_TAG) return 'Interstitial';
  return group.tag ? `Group “${group.tag}”` : 'Untagged group';
}

/** A group tag as typed: blank is no tag; tags are kept in lower case (as the server keeps them). */
export function groupTagOf(text: string): string | null {
  const tag = text.trim().toLowerCase();
  return tag === '' ? null : tag;
}

/** Why a group with this tag cannot be created, or null. */
export function groupTagRefusal(text: string, groups: AdGroup[]): string | null {
  const tag = groupTagOf(text);
  if (tag && tag.length > 50) return 'A tag has at most 50 characters.';
  if (tag && PLACEMENTS.includes(tag) && groupTagged(groups, tag)) return `The team already has a group tagged ${tag}.`;
  return null;
}

/** The ids with one moved by `delta` places (a move past either end changes nothing). */
export function moveId(ids: string[], id: string, delta: number): string[] {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

// ---------------------------------------------------------------------------------- the ad form

/** The form's fields; an empty string is "none". `imageUrl` is an https URL or an uploaded data URL. */
export interface AdDraft {
  title: string;
  linkUrl: string;
  imageUrl: string;
}

export type AdField = keyof AdDraft;

export const AD_TITLE_MAX = 200;

export const draftOf = (ad: Ad | null): AdDraft => ({
  title: ad?.title ?? '',
  linkUrl: ad?.linkUrl ?? '',
  imageUrl: ad?.imageUrl ?? '',
});

function hasScheme(value: string, schemes: string[]): boolean {
  try {
    const url = new URL(value);
    return schemes.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

export const isUploadedImage = (url: string) => url.startsWith('data:image/');

/** Why each field cannot be saved as it is (the server checks the same again). */
export function draftRefusals(draft: AdDraft): Partial<Record<AdField, string>> {
  const refusals: Partial<Record<AdField, string>> = {};
  const title = draft.title.trim();
  if (!title) refusals.title = 'Give the advertisement a title.';
  else if (title.length > AD_TITLE_MAX) refusals.title = `A title has at most ${AD_TITLE_MAX} characters.`;
  const link = draft.linkUrl.trim();
  if (link && !hasScheme(link, ['https:', 'http:']))
    refusals.linkUrl = 'The link must be a web address (https:// or http://).';
  const image = draft.imageUrl.trim();
  if (!image) refusals.imageUrl = 'Upload an image or give its https:// address.';
  else if (!isUploadedImage(image) && !hasScheme(image, ['https:']))
    refusals.imageUrl = 'The image address must start with https://.';
  return refusals;
}

export type AdChanges = Partial<{ title: string; linkUrl: string | null; imageUrl: string | null }>;

/** The fields that differ from the ad as saved (all of them for a new ad), as the API takes them. */
/** Closing the form now would lose typed work: a new ad with anything typed, or a saved one changed. */
export function draftUnsaved(ad: Ad | null, draft: AdDraft): boolean {
  const changes = draftChanges(ad, draft);
  return ad ? Object.keys(changes).length > 0 : Object.values(changes).some((value) => !!value);
}

export function draftChanges(ad: Ad | null, draft: AdDraft): AdChanges {
  const now = {
    title: draft.title.trim(),
    linkUrl: draft.linkUrl.trim() || null,
    imageUrl: draft.imageUrl.trim() || null,
  };
  if (!ad) return now;
  const changes: AdChanges = {};
  if (now.title !== ad.title) changes.title = now.title;
  if (now.linkUrl !== ad.linkUrl) changes.linkUrl = now.linkUrl;
  if (now.imageUrl !== ad.imageUrl) changes.imageUrl = now.imageUrl;
  return changes;
}
