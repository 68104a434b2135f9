import { describe, expect, it } from 'vitest';
import { useServerSuite } from './fixtures';

/** A word only this suite's guides carry, so demo guides never match the searches. */
const TAG = `zq${Math.random().toString(36).slice(2, 8)}`;

const s = useServerSuite({
  async init(t) {
    const guides = [
      ['g1', 'Nguyen Van An', 'an@guides.test', '+84 1', ['Vietnamese', 'English'], 'Hanoi'],
      ['g2', 'Tran Thi Binh', 'binh@guides.test', null, ['French'], 'Ho Chi Minh City'],
      ['g3', 'Sato Kenji', 'kenji@guides.test', '+81 3', ['Japanese', 'English'], 'Tokyo'],
      ['g4', 'Anna 100%_real', 'anna@guides.test', null, ['German'], 'Hanoi'],
    ];
    // the home team's directory
    for (const [id, name, email, phone, languages, location] of guides) {
      await t.db.query(
        'INSERT INTO guides (id, team_id, name, email, phone, languages, location) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [`${id}-${TAG}`, t.world.home.id, `${name} ${TAG}`, email, phone, JSON.stringify(languages), location],
      );
    }
    // another team's own contact, with a name the home team's searches would match
    await t.db.query(
      `INSERT INTO guides (id, team_id, name, email, phone, languages, location)
       VALUES ($1, $2, $3, 'secret@guides.test', '+84 999', '["English"]', 'Hanoi')`,
      [`theirs-${TAG}`, t.world.other.id, `Nguyen Secret ${TAG}`],
    );
  },
});

const search = (q: string, token?: string, teamId: string | null = s.w.home.id) =>
  s.req('GET', `/api/v1/guides/search?${teamId ? `teamId=${teamId}&` : ''}${q}`, token);
const names = (res: { json(): { guides: { name: string }[] } }) =>
  res.json().guides.map((g) => g.name.replace(` ${TAG}`, ''));

describe('searchGuides', () => {
  it('matches name, location and languages, case-insensitively, every word', async () => {
    expect(names(await search(`searchTerms=${TAG}%20hanoi`, s.w.member.token))).toEqual([
      'Anna 100%_real',
      'Nguyen Van An',
    ]);
    expect(names(await search(`searchTerms=${TAG}%20english%20tokyo`, s.w.member.token))).toEqual(['Sato Kenji']);
    expect(names(await search(`searchTerms=${TAG}%20FRENCH`, s.w.member.token))).toEqual(['Tran Thi Binh']);
    expect(names(await search(`searchTerms=${TAG}%20100%25`, s.w.member.token))).toEqual(['Anna 100%_real']);
    expect(names(await search(`searchTerms=${TAG}%20_`, s.w.member.token))).toEqual(['Anna 100%_real']);
    const one = (await search(`searchTerms=${TAG}%20Binh`, s.w.member.token)).json().guides[0];
    expect(one).toEqual({
      id: `g2-${TAG}`,
      name: `Tran Thi Binh ${TAG}`,
      email: 'binh@guides.test',
      phone: null,
      languages: ['French'],
      location: 'Ho Chi Minh City',
    });
  });

  it("lists guides located at the tour's place first (case-insensitively), then the rest, each by name", async () => {
    const near = async (place: string) =>
      names(await search(`searchTerms=${TAG}&near=${encodeURIComponent(place)}`, s.w.member.token));
    expect(await near('Tokyo')).toEqual(['Sato Kenji', 'Anna 100%_real', 'Nguyen Van An', 'Tran Thi Binh']);
    expect(await near('ho chi minh city')).toEqual(['Tran Thi Binh', 'Anna 100%_real', 'Nguyen Van An', 'Sato Kenji']);
    expect(await near('Hanoi')).toEqual(['Anna 100%_real', 'Nguyen Van An', 'Sato Kenji', 'Tran Thi Binh']);
    // a place no guide is at changes nothing; the words still filter
    expect(await near('Lima')).toEqual(['Anna 100%_real', 'Nguyen Van An', 'Sato Kenji', 'Tran Thi Binh']);
    expect(names(await search(`searchTerms=${TAG}%20english&near=Tokyo`, s.w.member.token))).toEqual([
      'Sato Kenji',
      'Nguyen Van An',
    ]);
    const tooLong = await search(`searchTerms=${TAG}&near=${'x'.repeat(201)}`, s.w.member.token);
    expect(tooLong.statusCode).toBe(400);
  });

  it("finds only the team's own guides: another team's are never found, by any word", async () => {
    for (const words of [TAG, `${TAG}%20Nguyen`, 'secret', 'secret%40guides.test', '%2B84%20999']) {
      const found = await search(`searchTerms=${words}&num=50`, s.w.member.token);
      expect(found.statusCode).toBe(200);
      expect(found.json().guides.map((g: { email: string }) => g.email)).not.toContain('secret@guides.test');
    }
    expect(names(await search(`searchTerms=${TAG}%20Nguyen`, s.w.admin.token))).toEqual(['Nguyen Van An']);
    // the other team's member sees that team's directory, and only it
    expect(names(await search(`searchTerms=${TAG}&num=50`, s.w.outsider.token, s.w.other.id))).toEqual([
      'Nguyen Secret',
    ]);
    // with nothing typed, a page of the team's own guides (the demo ones and this suite's)
    const all = (await search('num=50', s.w.outsider.token, s.w.other.id)).json().guides as { id: string }[];
    expect(all.map((g) => g.id)).toContain(`theirs-${TAG}`);
    expect(all.map((g) => g.id)).not.toContain(`g1-${TAG}`);
  });

  it('answers 400 without a team, 403 to a non-member, 401 without a token', async () => {
    const noTeam = await search(`searchTerms=${TAG}`, s.w.member.token, null);
    expect(noTeam.statusCode).toBe(400);
    expect(noTeam.json().error).toBe('BAD_REQUEST');
    const outsider = await search(`searchTerms=${TAG}`, s.w.outsider.token);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ error: 'FORBIDDEN', message: expect.any(String) });
    expect((await search(`searchTerms=${TAG}`, s.w.member.token, s.w.other.id)).statusCode).toBe(403);
    // a team nobody has
    expect((await search('', s.w.member.token, 'no-such-team')).statusCode).toBe(403);
    expect((await search('searchTerms=x')).statusCode).toBe(401);
  });

  it('limits to num (default 10), and answers 400 out of range', async () => {
    expect((await search('num=2', s.w.member.token)).json().guides).toHaveLength(2);
    expect((await search('', s.w.member.token)).json().guides.length).toBeLessThanOrEqual(10);
    expect((await search('num=51', s.w.member.token)).statusCode).toBe(400);
    expect((await search('num=0', s.w.member.token)).statusCode).toBe(400);
  });
});

describe('getHealth', () => {
  it('answers ok without a token', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
