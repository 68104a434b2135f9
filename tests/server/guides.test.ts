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
    for (const [id, name, email, phone, languages, location] of guides) {
      await t.db.query(
        'INSERT INTO guides (id, name, email, phone, languages, location) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING',
        [`${id}-${TAG}`, `${name} ${TAG}`, email, phone, JSON.stringify(languages), location],
      );
    }
  },
});

const search = (q: string, token?: string) => s.req('GET', `/api/v1/guides/search?${q}`, token);
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

  it('limits to num (default 10), and answers 400 and 401', async () => {
    expect((await search('num=2', s.w.member.token)).json().guides).toHaveLength(2);
    expect((await search('', s.w.member.token)).json().guides.length).toBeLessThanOrEqual(10);
    expect((await search('num=51', s.w.member.token)).statusCode).toBe(400);
    expect((await search('num=0', s.w.member.token)).statusCode).toBe(400);
    expect((await search('searchTerms=x')).statusCode).toBe(401);
  });
});

describe('getHealth', () => {
  it('answers ok without a token', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
