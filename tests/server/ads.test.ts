import { describe, expect, it } from 'vitest';
import { useServerSuite } from './fixtures';

const s = useServerSuite();
const { req } = s;

const createAd = async (teamId: string, token: string, title = 'Sunset cruise') =>
  (
    await req('POST', '/api/v1/advertisement', token, {
      teamId,
      tag: 'new',
      title,
      imageUrl: 'https://img.example.test/a.png',
    })
  ).json();

describe('advertisements', () => {
  it('creates (tagged new), lists and updates ads', async () => {
    const created = await req('POST', '/api/v1/advertisement', s.w.editor.token, { teamId: s.w.home.id, tag: 'new' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ teamId: s.w.home.id, tag: 'new', title: '', imageUrl: null, linkUrl: null });
    const ad = await createAd(s.w.home.id, s.w.editor.token);
    const list = (await req('GET', `/api/v1/advertisement?teamId=${s.w.home.id}`, s.w.member.token)).json();
    expect(list.advertisements.map((a: { id: string }) => a.id)).toEqual([created.json().id, ad.id]);
    const upd = await req('PUT', `/api/v1/advertisement/${ad.id}`, s.w.editor.token, {
      teamId: s.w.home.id,
      tag: null,
      title: 'Night market',
      linkUrl: 'https://example.test',
    });
    expect(upd.json()).toEqual({
      id: ad.id,
      teamId: s.w.home.id,
      tag: null,
      title: 'Night market',
      imageUrl: 'https://img.example.test/a.png',
      linkUrl: 'https://example.test',
    });
  });

  it('answers 404 for an ad of another team, 403, 400, 401', async () => {
    const foreign = await createAd(s.w.other.id, s.w.outsider.token);
    expect(
      (await req('PUT', `/api/v1/advertisement/${foreign.id}`, s.w.editor.token, { teamId: s.w.home.id, title: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await req('PUT', `/api/v1/advertisement/${foreign.id}`, s.w.editor.token, { teamId: s.w.other.id, title: 'x' }))
        .statusCode,
    ).toBe(403);
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
    const [row] = await s.t.db.query<{ title: string }>('SELECT title FROM advertisements WHERE id = $1', [foreign.id]);
    expect(row.title).toBe('Sunset cruise');
  });
});

describe('advertisement groups', () => {
  it('creates a group, adds items in order and reads it back', async () => {
    const a = await createAd(s.w.japan.id, s.w.admin.token, 'A');
    const b = await createAd(s.w.japan.id, s.w.admin.token, 'B');
    const group = (
      await req('POST', '/api/v1/advertisement/groups', s.w.admin.token, { teamId: s.w.japan.id, tag: null })
    ).json();
    expect(group).toMatchObject({ tag: null, teamId: s.w.japan.id, items: [] });
    const added = await req('POST', `/api/v1/advertisement/groups/${group.id}/items`, s.w.admin.token, {
      teamId: s.w.japan.id,
      advertisementIds: [b.id, a.id],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().success).toBe(true);
    expect(added.json().group.items.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    const again = await req('POST', `/api/v1/advertisement/groups/${group.id}/items`, s.w.admin.token, {
      teamId: s.w.japan.id,
      advertisementIds: [a.id],
    });
    expect(again.json().group.items).toHaveLength(2);
    const got = (
      await req('GET', `/api/v1/advertisement/groups/${group.id}?teamId=${s.w.japan.id}`, s.w.admin.token)
    ).json();
    expect(got.items.map((i: { title: string }) => i.title)).toEqual(['B', 'A']);
    const groups = (await req('GET', `/api/v1/advertisement/groups?teamId=${s.w.japan.id}`, s.w.admin.token)).json()
      .groups;
    expect(groups).toHaveLength(1);
    expect(groups[0].items).toHaveLength(2);
  });

  it('refuses foreign ads and groups (404, nothing added), other teams (403), bad input (400), no token (401)', async () => {
    const mine = await createAd(s.w.home.id, s.w.editor.token);
    const foreign = await createAd(s.w.other.id, s.w.outsider.token);
    const group = (
      await req('POST', '/api/v1/advertisement/groups', s.w.editor.token, { teamId: s.w.home.id, tag: 'summer' })
    ).json();
    const foreignGroup = (
      await req('POST', '/api/v1/advertisement/groups', s.w.outsider.token, { teamId: s.w.other.id, tag: null })
    ).json();
    const items = `/api/v1/advertisement/groups/${group.id}/items`;
    expect(
      (await req('POST', items, s.w.editor.token, { teamId: s.w.home.id, advertisementIds: [mine.id, foreign.id] }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await req('POST', `/api/v1/advertisement/groups/${foreignGroup.id}/items`, s.w.editor.token, {
          teamId: s.w.home.id,
          advertisementIds: [mine.id],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await req('GET', `/api/v1/advertisement/groups/${foreignGroup.id}?teamId=${s.w.home.id}`, s.w.editor.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await req('GET', `/api/v1/advertisement/groups/${foreignGroup.id}?teamId=${s.w.other.id}`, s.w.editor.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await req('POST', '/api/v1/advertisement/groups', s.w.editor.token, { teamId: s.w.other.id, tag: null }))
        .statusCode,
    ).toBe(403);
    expect((await req('GET', `/api/v1/advertisement/groups?teamId=${s.w.other.id}`, s.w.editor.token)).statusCode).toBe(
      403,
    );
    expect((await req('POST', items, s.w.editor.token, { teamId: s.w.home.id, advertisementIds: [] })).statusCode).toBe(
      400,
    );
    expect(
      (await req('POST', '/api/v1/advertisement/groups', s.w.editor.token, { teamId: s.w.home.id })).statusCode,
    ).toBe(400);
    expect((await req('POST', items, undefined, { teamId: s.w.home.id, advertisementIds: [mine.id] })).statusCode).toBe(
      401,
    );
    const got = (
      await req('GET', `/api/v1/advertisement/groups/${group.id}?teamId=${s.w.home.id}`, s.w.editor.token)
    ).json();
    expect(got.items).toEqual([]);
  });
});
