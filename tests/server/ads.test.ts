import { describe, expect, it } from 'vitest';
import { useServerSuite } from './fixtures';

const s = useServerSuite();
const { req } = s;

interface Ad {
  id: string;
  tag: string;
  title: string;
}
interface Group {
  id: string;
  tag: string | null;
  frequency: string;
  items: Ad[];
}

const createAd = async (teamId: string, token: string, title = 'Sunset cruise'): Promise<Ad> => {
  const res = await req('POST', '/api/v1/advertisement', token, {
    teamId,
    tag: 'new',
    title,
    imageUrl: 'https://img.example.test/a.png',
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const createGroup = async (teamId: string, token: string, tag: string | null, frequency?: string): Promise<Group> => {
  const res = await req('POST', '/api/v1/advertisement/groups', token, {
    teamId,
    tag,
    ...(frequency ? { frequency } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const itemsOf = async (groupId: string, teamId: string, token: string) =>
  (await req('GET', `/api/v1/advertisement/groups/${groupId}?teamId=${teamId}`, token))
    .json()
    .items.map((i: Ad) => i.title);
const adRow = async (id: string) =>
  (await s.t.db.query<{ tag: string; title: string }>('SELECT tag, title FROM advertisements WHERE id = $1', [id]))[0];

describe('advertisements', () => {
  it('creates (tagged new), lists and updates ads', async () => {
    const created = await req('POST', '/api/v1/advertisement', s.w.editor.token, { teamId: s.w.home.id, tag: 'new' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ teamId: s.w.home.id, tag: 'new', title: '', imageUrl: null, linkUrl: null });
    const ad = await createAd(s.w.home.id, s.w.editor.token);
    const list = (await req('GET', `/api/v1/advertisement?teamId=${s.w.home.id}`, s.w.member.token)).json();
    expect(list.advertisements.map((a: Ad) => a.id)).toEqual([created.json().id, ad.id]);
    const upd = await req('PUT', `/api/v1/advertisement/${ad.id}`, s.w.editor.token, {
      teamId: s.w.home.id,
      title: 'Night market',
      linkUrl: 'https://example.test',
    });
    expect(upd.json()).toEqual({
      id: ad.id,
      teamId: s.w.home.id,
      tag: 'new',
      title: 'Night market',
      imageUrl: 'https://img.example.test/a.png',
      linkUrl: 'https://example.test',
    });
  });

  it('moves an ad through its tags (new, active, archived and back); any other tag is refused', async () => {
    const ad = await createAd(s.w.home.id, s.w.editor.token);
    for (const tag of ['active', 'archived', 'active', 'new']) {
      const res = await req('PUT', `/api/v1/advertisement/${ad.id}`, s.w.editor.token, { teamId: s.w.home.id, tag });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ tag, title: 'Sunset cruise' });
    }
    for (const tag of ['summer', null, '']) {
      const res = await req('PUT', `/api/v1/advertisement/${ad.id}`, s.w.editor.token, { teamId: s.w.home.id, tag });
      expect(res.statusCode, String(tag)).toBe(400);
      expect(res.json().error).toBe('BAD_REQUEST');
    }
    // created new, whatever is asked
    const active = await req('POST', '/api/v1/advertisement', s.w.editor.token, { teamId: s.w.home.id, tag: 'active' });
    expect(active.statusCode).toBe(400);
    expect(await adRow(ad.id)).toEqual({ tag: 'new', title: 'Sunset cruise' });
  });

  it('answers 404 for an ad of another team, 403 for a team not the caller’s, 400, 401; nothing changes', async () => {
    const foreign = await createAd(s.w.other.id, s.w.outsider.token);
    const put = (teamId: string, payload: object = { title: 'x' }) =>
      req('PUT', `/api/v1/advertisement/${foreign.id}`, s.w.editor.token, { teamId, ...payload });
    expect((await put(s.w.home.id)).statusCode).toBe(404);
    expect((await put(s.w.home.id, { tag: 'archived' })).statusCode).toBe(404);
    expect((await put(s.w.other.id)).statusCode).toBe(403);
    expect(
      (await req('POST', '/api/v1/advertisement', s.w.editor.token, { teamId: s.w.other.id, tag: 'new' })).statusCode,
    ).toBe(403);
    expect((await req('GET', `/api/v1/advertisement?teamId=${s.w.other.id}`, s.w.editor.token)).statusCode).toBe(403);
    expect(
      (await req('POST', '/api/v1/advertisement', s.w.editor.token, { teamId: s.w.home.id, tag: 'old' })).statusCode,
    ).toBe(400);
    expect(
      (
        await req('POST', '/api/v1/advertisement', s.w.editor.token, {
          teamId: s.w.home.id,
          tag: 'new',
          imageUrl: 'not a url',
        })
      ).statusCode,
    ).toBe(400);
    expect((await req('GET', `/api/v1/advertisement?teamId=${s.w.home.id}`)).statusCode).toBe(401);
    expect(await adRow(foreign.id)).toEqual({ tag: 'new', title: 'Sunset cruise' });
  });
});

describe('advertisement groups', () => {
  it('creates a group, adds items in order (success reported) and reads it back', async () => {
    const a = await createAd(s.w.japan.id, s.w.admin.token, 'A');
    const b = await createAd(s.w.japan.id, s.w.admin.token, 'B');
    const group = await createGroup(s.w.japan.id, s.w.admin.token, null);
    expect(group).toMatchObject({ tag: null, teamId: s.w.japan.id, frequency: 'daily', items: [] });
    const added = await req('POST', `/api/v1/advertisement/groups/${group.id}/items`, s.w.admin.token, {
      teamId: s.w.japan.id,
      advertisementIds: [b.id, a.id],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().success).toBe(true);
    expect(added.json().group.items.map((i: Ad) => i.id)).toEqual([b.id, a.id]);
    // adding one already there keeps it where it is
    const again = await req('POST', `/api/v1/advertisement/groups/${group.id}/items`, s.w.admin.token, {
      teamId: s.w.japan.id,
      advertisementIds: [a.id],
    });
    expect(again.json()).toMatchObject({ success: true, group: { items: [{ id: b.id }, { id: a.id }] } });
    expect(await itemsOf(group.id, s.w.japan.id, s.w.admin.token)).toEqual(['B', 'A']);
    const groups = (await req('GET', `/api/v1/advertisement/groups?teamId=${s.w.japan.id}`, s.w.admin.token)).json()
      .groups as Group[];
    expect(groups.find((g) => g.id === group.id)?.items).toHaveLength(2);
  });

  it('reorders and removes items with PUT .../items (an empty list empties the group)', async () => {
    const [a, b, c] = [
      await createAd(s.w.home.id, s.w.editor.token, 'A'),
      await createAd(s.w.home.id, s.w.editor.token, 'B'),
      await createAd(s.w.home.id, s.w.editor.token, 'C'),
    ];
    const group = await createGroup(s.w.home.id, s.w.editor.token, 'summer');
    const items = `/api/v1/advertisement/groups/${group.id}/items`;
    await req('POST', items, s.w.editor.token, { teamId: s.w.home.id, advertisementIds: [a.id, b.id, c.id] });

    const reordered = await req('PUT', items, s.w.editor.token, {
      teamId: s.w.home.id,
      advertisementIds: [c.id, a.id, b.id],
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().success).toBe(true);
    expect(reordered.json().group.items.map((i: Ad) => i.title)).toEqual(['C', 'A', 'B']);
    const removed = await req('PUT', items, s.w.editor.token, { teamId: s.w.home.id, advertisementIds: [c.id, b.id] });
    expect(removed.json().group.items.map((i: Ad) => i.title)).toEqual(['C', 'B']);
    expect(await itemsOf(group.id, s.w.home.id, s.w.member.token)).toEqual(['C', 'B']);
    // an item added after a reorder goes last
    await req('POST', items, s.w.editor.token, { teamId: s.w.home.id, advertisementIds: [a.id] });
    expect(await itemsOf(group.id, s.w.home.id, s.w.member.token)).toEqual(['C', 'B', 'A']);
    const emptied = await req('PUT', items, s.w.editor.token, { teamId: s.w.home.id, advertisementIds: [] });
    expect(emptied.json().group.items).toEqual([]);
    // the ads themselves stay
    expect((await adRow(a.id)).title).toBe('A');
  });

  it('keeps archived ads in a group, listed with their tag', async () => {
    const ad = await createAd(s.w.home.id, s.w.editor.token, 'Old offer');
    const group = await createGroup(s.w.home.id, s.w.editor.token, null);
    await req('POST', `/api/v1/advertisement/groups/${group.id}/items`, s.w.editor.token, {
      teamId: s.w.home.id,
      advertisementIds: [ad.id],
    });
    await req('PUT', `/api/v1/advertisement/${ad.id}`, s.w.editor.token, { teamId: s.w.home.id, tag: 'archived' });
    const got = (
      await req('GET', `/api/v1/advertisement/groups/${group.id}?teamId=${s.w.home.id}`, s.w.editor.token)
    ).json() as Group;
    expect(got.items).toEqual([expect.objectContaining({ id: ad.id, tag: 'archived' })]);
  });

  it('gives a team one e-mail group and one interstitial group (409), tags in lower case, frequency kept', async () => {
    const email = await createGroup(s.w.japan.id, s.w.admin.token, ' Email ');
    expect(email).toMatchObject({ tag: 'email', frequency: 'daily' });
    const second = await req('POST', '/api/v1/advertisement/groups', s.w.admin.token, {
      teamId: s.w.japan.id,
      tag: 'email',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'CONFLICT', message: 'The team already has a group tagged email' });
    // another team may have its own
    await createGroup(s.w.other.id, s.w.outsider.token, 'email');
    const inter = await createGroup(s.w.japan.id, s.w.admin.token, 'interstitial', 'weekly');
    expect(inter).toMatchObject({ tag: 'interstitial', frequency: 'weekly' });
    // any other tag may repeat
    await createGroup(s.w.japan.id, s.w.admin.token, 'spring');
    await createGroup(s.w.japan.id, s.w.admin.token, 'spring');
    const blank = await req('POST', '/api/v1/advertisement/groups', s.w.admin.token, {
      teamId: s.w.japan.id,
      tag: ' ',
    });
    expect(blank.statusCode).toBe(400);
    const badFrequency = await req('POST', '/api/v1/advertisement/groups', s.w.admin.token, {
      teamId: s.w.japan.id,
      tag: null,
      frequency: 'hourly',
    });
    expect(badFrequency.statusCode).toBe(400);
    const tags = (await req('GET', `/api/v1/advertisement/groups?teamId=${s.w.japan.id}`, s.w.admin.token))
      .json()
      .groups.map((g: Group) => g.tag);
    expect(tags.filter((t: string | null) => t === 'email')).toHaveLength(1);
  });

  it('changes a group’s tag and frequency with PATCH; a placement taken answers 409 and changes nothing', async () => {
    const inter = await createGroup(s.w.home.id, s.w.admin.token, 'interstitial');
    const other = await createGroup(s.w.home.id, s.w.admin.token, 'autumn');
    const patch = (id: string, payload: object, token = s.w.editor.token) =>
      req('PATCH', `/api/v1/advertisement/groups/${id}`, token, { teamId: s.w.home.id, ...payload });

    const often = await patch(inter.id, { frequency: 'every_visit' });
    expect(often.statusCode).toBe(200);
    expect(often.json()).toMatchObject({ id: inter.id, tag: 'interstitial', frequency: 'every_visit' });
    expect((await patch(other.id, { tag: 'interstitial' })).statusCode).toBe(409);
    // its own tag again is no conflict
    expect((await patch(inter.id, { tag: 'interstitial', frequency: 'once' })).json()).toMatchObject({
      tag: 'interstitial',
      frequency: 'once',
    });
    expect((await patch(other.id, { tag: null })).json()).toMatchObject({ tag: null, frequency: 'daily' });
    expect((await patch(other.id, {})).statusCode).toBe(400);
    expect((await patch(other.id, { frequency: 'sometimes' })).statusCode).toBe(400);
    const got = (
      await req('GET', `/api/v1/advertisement/groups/${other.id}?teamId=${s.w.home.id}`, s.w.editor.token)
    ).json() as Group;
    expect(got).toMatchObject({ tag: null, frequency: 'daily' });
  });

  it('deletes a group; its ads stay', async () => {
    const ad = await createAd(s.w.home.id, s.w.editor.token, 'Kept');
    const group = await createGroup(s.w.home.id, s.w.editor.token, null);
    await req('POST', `/api/v1/advertisement/groups/${group.id}/items`, s.w.editor.token, {
      teamId: s.w.home.id,
      advertisementIds: [ad.id],
    });
    const url = `/api/v1/advertisement/groups/${group.id}?teamId=${s.w.home.id}`;
    expect((await req('DELETE', url, s.w.editor.token)).statusCode).toBe(204);
    expect((await req('GET', url, s.w.member.token)).statusCode).toBe(404);
    expect((await req('DELETE', url, s.w.editor.token)).statusCode).toBe(404);
    expect((await adRow(ad.id)).title).toBe('Kept');
  });

  it('refuses foreign ads and groups (404, nothing changes), other teams (403), bad input (400), no token (401)', async () => {
    const mine = await createAd(s.w.home.id, s.w.editor.token);
    const foreign = await createAd(s.w.other.id, s.w.outsider.token);
    const group = await createGroup(s.w.home.id, s.w.editor.token, 'winter');
    const foreignGroup = await createGroup(s.w.other.id, s.w.outsider.token, null);
    await req('POST', `/api/v1/advertisement/groups/${foreignGroup.id}/items`, s.w.outsider.token, {
      teamId: s.w.other.id,
      advertisementIds: [foreign.id],
    });
    const home = s.w.home.id;
    const items = `/api/v1/advertisement/groups/${group.id}/items`;
    const foreignItems = `/api/v1/advertisement/groups/${foreignGroup.id}/items`;
    const status = async (...args: Parameters<typeof req>) => (await req(...args)).statusCode;
    const ed = s.w.editor.token;

    // another team's ad or group: 404, as if it did not exist
    expect(await status('POST', items, ed, { teamId: home, advertisementIds: [mine.id, foreign.id] })).toBe(404);
    expect(await status('PUT', items, ed, { teamId: home, advertisementIds: [foreign.id] })).toBe(404);
    expect(await status('POST', foreignItems, ed, { teamId: home, advertisementIds: [mine.id] })).toBe(404);
    expect(await status('PUT', foreignItems, ed, { teamId: home, advertisementIds: [] })).toBe(404);
    const foreignUrl = `/api/v1/advertisement/groups/${foreignGroup.id}`;
    expect(await status('GET', `${foreignUrl}?teamId=${home}`, ed)).toBe(404);
    expect(await status('PATCH', foreignUrl, ed, { teamId: home, frequency: 'once' })).toBe(404);
    expect(await status('DELETE', `${foreignUrl}?teamId=${home}`, ed)).toBe(404);
    // naming a team the caller is not in: 403
    const other = s.w.other.id;
    expect(await status('GET', `${foreignUrl}?teamId=${other}`, ed)).toBe(403);
    expect(await status('PATCH', foreignUrl, ed, { teamId: other, frequency: 'once' })).toBe(403);
    expect(await status('DELETE', `${foreignUrl}?teamId=${other}`, ed)).toBe(403);
    expect(await status('PUT', foreignItems, ed, { teamId: other, advertisementIds: [] })).toBe(403);
    expect(await status('POST', '/api/v1/advertisement/groups', ed, { teamId: other, tag: null })).toBe(403);
    expect(await status('GET', `/api/v1/advertisement/groups?teamId=${other}`, ed)).toBe(403);
    // bad input: 400
    expect(await status('POST', items, ed, { teamId: home, advertisementIds: [] })).toBe(400);
    expect(await status('POST', items, ed, { teamId: home, advertisementIds: [mine.id, mine.id] })).toBe(400);
    expect(await status('PUT', items, ed, { teamId: home, advertisementIds: [mine.id, mine.id] })).toBe(400);
    expect(await status('PUT', items, ed, { teamId: home })).toBe(400);
    expect(await status('POST', '/api/v1/advertisement/groups', ed, { teamId: home })).toBe(400);
    // no token: 401
    expect(await status('POST', items, undefined, { teamId: home, advertisementIds: [mine.id] })).toBe(401);
    expect(await status('PUT', items, undefined, { teamId: home, advertisementIds: [] })).toBe(401);

    expect(await itemsOf(group.id, home, ed)).toEqual([]);
    expect(await itemsOf(foreignGroup.id, other, s.w.outsider.token)).toEqual(['Sunset cruise']);
    expect((await req('GET', `${foreignUrl}?teamId=${other}`, s.w.outsider.token)).json()).toMatchObject({
      tag: null,
      frequency: 'daily',
    });
  });
});
