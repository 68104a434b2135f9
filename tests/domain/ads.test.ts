import { describe, expect, it } from 'vitest';
import {
  adsByTag,
  adsListQuery,
  adsListSearch,
  draftChanges,
  draftOf,
  draftRefusals,
  groupLabel,
  groupTagOf,
  groupTagRefusal,
  liveItems,
  moveId,
  type Ad,
  type AdGroup,
} from '../../src/domain/ads';

const ad = (id: string, tag: Ad['tag'] = 'active', over: Partial<Ad> = {}): Ad => ({
  id,
  teamId: 't1',
  tag,
  title: `Ad ${id}`,
  imageUrl: 'https://img.example.test/a.png',
  linkUrl: null,
  ...over,
});
const group = (tag: string | null, items: Ad[] = []): AdGroup => ({
  id: `g-${tag}`,
  tag,
  teamId: 't1',
  frequency: 'daily',
  items,
});
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('ads: what customers see', () => {
  it('leaves archived ads out of a group, keeping the order', () => {
    expect(liveItems(group('email', [ad('a'), ad('b', 'archived'), ad('c', 'new')])).map((a) => a.id)).toEqual([
      'a',
      'c',
    ]);
    expect(liveItems(null)).toEqual([]);
  });

  it('sorts ads by tag and names groups by what their tag does', () => {
    const byTag = adsByTag([ad('a', 'new'), ad('b'), ad('c', 'archived'), ad('d')]);
    expect({ new: byTag.new.length, active: byTag.active.length, archived: byTag.archived.length }).toEqual({
      new: 1,
      active: 2,
      archived: 1,
    });
    expect([group('email'), group('interstitial'), group('summer'), group(null)].map(groupLabel)).toEqual([
      'E-mail banner',
      'Interstitial',
      'Group “summer”',
      'Untagged group',
    ]);
  });
});

describe('ads: groups', () => {
  it('reads a typed tag (blank: none, lower case) and refuses a second email or interstitial group', () => {
    expect(groupTagOf('  ')).toBeNull();
    expect(groupTagOf(' Email ')).toBe('email');
    const groups = [group('email'), group('summer')];
    expect(groupTagRefusal('EMAIL', groups)).toBe('The team already has a group tagged email.');
    expect(groupTagRefusal('interstitial', groups)).toBeNull();
    expect(groupTagRefusal('summer', groups)).toBeNull();
    expect(groupTagRefusal('', groups)).toBeNull();
    expect(groupTagRefusal('x'.repeat(51), groups)).toBe('A tag has at most 50 characters.');
  });

  it('moves an id one place either way; past an end nothing changes', () => {
    const ids = ['a', 'b', 'c'];
    expect(moveId(ids, 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveId(ids, 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveId(ids, 'a', -1)).toBe(ids);
    expect(moveId(ids, 'c', 1)).toBe(ids);
    expect(moveId(ids, 'x', 1)).toBe(ids);
  });

  it('writes and reads the ads list URL (an unknown tag shows all)', () => {
    expect(adsListSearch(null)).toBe('');
    expect(adsListSearch('archived', 'g1')).toBe('?tag=archived&group=g1');
    expect(adsListQuery('?tag=archived&group=g1')).toEqual({ tag: 'archived', groupId: 'g1' });
    expect(adsListQuery('?tag=summer')).toEqual({ tag: null, groupId: null });
  });
});

describe('ads: the form', () => {
  it('needs a title and an image (https or uploaded); a link is optional but must be http(s)', () => {
    expect(draftRefusals({ title: '', linkUrl: '', imageUrl: '' })).toEqual({
      title: 'Give the advertisement a title.',
      imageUrl: 'Upload an image or give its https:// address.',
    });
    expect(draftRefusals({ title: 'Cruise', linkUrl: 'http://example.test/x', imageUrl: PNG })).toEqual({});
    expect(
      draftRefusals({ title: 'Cruise', linkUrl: 'https://example.test', imageUrl: 'https://i.test/a.jpg' }),
    ).toEqual({});
    for (const link of ['javascript:alert(1)', 'example.test', 'ftp://example.test', 'https:']) {
      expect(draftRefusals({ title: 'T', linkUrl: link, imageUrl: PNG }).linkUrl, link).toBe(
        'The link must be a web address (https:// or http://).',
      );
    }
    for (const image of ['http://i.test/a.png', 'javascript:x', 'i.test/a.png']) {
      expect(draftRefusals({ title: 'T', linkUrl: '', imageUrl: image }).imageUrl, image).toBe(
        'The image address must start with https://.',
      );
    }
    expect(draftRefusals({ title: 'x'.repeat(201), linkUrl: '', imageUrl: PNG }).title).toBe(
      'A title has at most 200 characters.',
    );
  });

  it('sends everything for a new ad, only what changed for a saved one (blank is none)', () => {
    expect(draftChanges(null, { title: ' Cruise ', linkUrl: '', imageUrl: PNG })).toEqual({
      title: 'Cruise',
      linkUrl: null,
      imageUrl: PNG,
    });
    const saved = ad('a', 'active', { linkUrl: 'https://example.test' });
    expect(draftChanges(saved, draftOf(saved))).toEqual({});
    expect(draftChanges(saved, { ...draftOf(saved), linkUrl: ' ', title: 'New' })).toEqual({
      title: 'New',
      linkUrl: null,
    });
  });
});
