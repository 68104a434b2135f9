import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, setup, type World } from './fixtures';

type Ctx = Awaited<ReturnType<typeof setup>>;
let t: Ctx;
let w: World;
/** A word only this suite's guides carry, so demo guides never match the searches. */
const TAG = `zq${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  t = await setup();
  w = t.world;
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
});
afterAll(() => t.close());

const search = (q: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/guides/search?${q}`, headers: token ? bearer(token) : {} });
const names = (res: { json(): { guides: { name: string }[] } }) =>
  res.json().guides.map((g) => g.name.replace(` ${TAG}`, ''));

describe('searchGuides', () => {
  it('matches name, location and languages, case-insensitively, every word', async () => {
    expect(names(await search(`searchTerms=${TAG}%20hanoi`, w.member.token))).toEqual([
      'Anna 100%_real',
      'Nguyen Van An',
    ]);
    expect(names(await search(`searchTerms=${TAG}%20english%20tokyo`, w.member.token))).toEqual(['Sato Kenji']);
    expect(names(await search(`searchTerms=${TAG}%20FRENCH`, w.member.token))).toEqual(['Tran Thi Binh']);
    expect(names(await search(`searchTerms=${TAG}%20100%25`, w.member.token))).toEqual(['Anna 100%_real']);
    expect(names(await search(`searchTerms=${TAG}%20_`, w.member.token))).toEqual(['Anna 100%_real']);
    const one = (await search(`searchTerms=${TAG}%20Binh`, w.member.token)).json().guides[0];
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
    expect((await search('num=2', w.member.token)).json().guides).toHaveLength(2);
    expect((await search('', w.member.token)).json().guides.length).toBeLessThanOrEqual(10);
    expect((await search('num=51', w.member.token)).statusCode).toBe(400);
    expect((await search('num=0', w.member.token)).statusCode).toBe(400);
    expect((await search('searchTerms=x')).statusCode).toBe(401);
  });
});

describe('getHealth', () => {
  it('answers ok without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
