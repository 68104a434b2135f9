import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, setup, type World } from './fixtures';

type Ctx = Awaited<ReturnType<typeof setup>>;
let t: Ctx;
let w: World;

beforeAll(async () => {
  t = await setup();
  w = t.world;
  // 60 more products in Japan, with names that tie
  for (let i = 0; i < 60; i++) {
    await t.db.query('INSERT INTO products (id, team_id, name, route, pack) VALUES ($1, $2, $3, $4, $5)', [
      `JP-${String(i).padStart(3, '0')}`,
      w.japan.id,
      `Tour ${String(i % 20).padStart(2, '0')}`,
      `Route ${i}`,
      i % 2 ? 'Standard' : null,
    ]);
  }
});
afterAll(() => t.close());

const req = (method: 'GET' | 'PATCH', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload: payload as object } : {}),
  });

describe('listProducts', () => {
  it('pages by name then id with the cursor, no duplicates or skips', async () => {
    const base = `/api/v1/products?teamId=${w.japan.id}`;
    const all = (await req('GET', `${base}&limit=200`, w.admin.token)).json().products as {
      id: string;
      name: string;
    }[];
    expect(all).toHaveLength(61);
    const sorted = [...all].sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1));
    expect(all).toEqual(sorted);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await req('GET', `${base}&limit=13${cursor ? `&cursor=${cursor}` : ''}`, w.admin.token);
      seen.push(...res.json().products.map((p: { id: string }) => p.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((p) => p.id));
    const first = (await req('GET', base, w.admin.token)).json();
    expect(first.products).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(all.find((p) => p.id === 'JP-000')).toEqual({ id: 'JP-000', name: 'Tour 00', route: 'Route 0', pack: null });
  });

  it('answers 401, 403 and 400', async () => {
    expect((await req('GET', `/api/v1/products?teamId=${w.home.id}`)).statusCode).toBe(401);
    expect((await req('GET', `/api/v1/products?teamId=${w.other.id}`, w.member.token)).statusCode).toBe(403);
    expect((await req('GET', `/api/v1/products?teamId=${w.home.id}&limit=0`, w.member.token)).statusCode).toBe(400);
    expect((await req('GET', `/api/v1/products?teamId=${w.home.id}&page=0`, w.member.token)).statusCode).toBe(400);
  });
});

describe('mail content', () => {
  it('reads and writes the content per OTA', async () => {
    const url = (ota: string) => `/api/v1/products/ota/${ota}/mailContent`;
    const klook = await req('GET', `${url('KLOOK')}?teamId=${w.home.id}&productId=${w.product}`, w.member.token);
    expect(klook.json()).toEqual({
      ota: 'KLOOK',
      productId: w.product,
      subject: 'Hi {{customerName}}',
      body: 'See you on {{departureDate}} for {{route}}',
    });
    const empty = await req('GET', `${url('MPG')}?teamId=${w.home.id}&productId=${w.product}`, w.member.token);
    expect(empty.json()).toEqual({ ota: 'MPG', productId: w.product, subject: '', body: '' });
    const saved = await req('PATCH', url('MPG'), w.editor.token, {
      teamId: w.home.id,
      productId: w.product,
      subject: 'S',
      body: 'B',
    });
    expect(saved.json()).toEqual({ ota: 'MPG', productId: w.product, subject: 'S', body: 'B' });
    expect(
      (await req('GET', `${url('MPG')}?teamId=${w.home.id}&productId=${w.product}`, w.member.token)).json().body,
    ).toBe('B');
    expect(
      (await req('GET', `${url('KLOOK')}?teamId=${w.home.id}&productId=${w.product}`, w.member.token)).json().subject,
    ).toBe('Hi {{customerName}}');
  });

  it('answers 404 for a product of another team, 403, 400, 401', async () => {
    const url = '/api/v1/products/ota/KLOOK/mailContent';
    expect(
      (await req('GET', `${url}?teamId=${w.home.id}&productId=${w.otherProduct}`, w.member.token)).statusCode,
    ).toBe(404);
    expect(
      (
        await req('PATCH', url, w.member.token, {
          teamId: w.home.id,
          productId: w.otherProduct,
          subject: 'x',
          body: 'y',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await req('GET', `${url}?teamId=${w.other.id}&productId=${w.otherProduct}`, w.member.token)).statusCode,
    ).toBe(403);
    expect(
      (
        await req('PATCH', url, w.member.token, {
          teamId: w.other.id,
          productId: w.otherProduct,
          subject: 'x',
          body: 'y',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await req(
          'GET',
          `/api/v1/products/ota/EXPEDIA/mailContent?teamId=${w.home.id}&productId=${w.product}`,
          w.member.token,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await req('PATCH', url, w.member.token, { teamId: w.home.id, productId: w.product, subject: 'x' })).statusCode,
    ).toBe(400);
    expect((await req('GET', `${url}?teamId=${w.home.id}&productId=${w.product}`)).statusCode).toBe(401);
    const [row] = await t.db.query<{ mail_content: object }>(
      'SELECT mail_content FROM products WHERE team_id = $1 AND id = $2',
      [w.other.id, w.otherProduct],
    );
    expect(row.mail_content).toEqual({
      KLOOK: { subject: 'Hi {{customerName}}', body: 'See you on {{departureDate}} for {{route}}' },
    });
  });
});
