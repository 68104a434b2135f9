import { describe, expect, it } from 'vitest';
import { useServerSuite } from './fixtures';

const s = useServerSuite({
  async init(t) {
    // 60 more products in Japan, with names that tie
    for (let i = 0; i < 60; i++) {
      await t.db.query('INSERT INTO products (id, team_id, name, route, pack) VALUES ($1, $2, $3, $4, $5)', [
        `JP-${String(i).padStart(3, '0')}`,
        t.world.japan.id,
        `Tour ${String(i % 20).padStart(2, '0')}`,
        `Route ${i}`,
        i % 2 ? 'Standard' : null,
      ]);
    }
  },
});
const { req } = s;

describe('listProducts', () => {
  it('pages by name then id with the cursor, no duplicates or skips', async () => {
    const base = `/api/v1/products?teamId=${s.w.japan.id}`;
    const all = (await req('GET', `${base}&limit=200`, s.w.admin.token)).json().products as {
      id: string;
      name: string;
    }[];
    expect(all).toHaveLength(61);
    const sorted = [...all].sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1));
    expect(all).toEqual(sorted);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await req('GET', `${base}&limit=13${cursor ? `&cursor=${cursor}` : ''}`, s.w.admin.token);
      seen.push(...res.json().products.map((p: { id: string }) => p.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((p) => p.id));
    const first = (await req('GET', base, s.w.admin.token)).json();
    expect(first.products).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(all.find((p) => p.id === 'JP-000')).toEqual({ id: 'JP-000', name: 'Tour 00', route: 'Route 0', pack: null });
  });

  it('answers 401, 403 and 400', async () => {
    expect((await req('GET', `/api/v1/products?teamId=${s.w.home.id}`)).statusCode).toBe(401);
    expect((await req('GET', `/api/v1/products?teamId=${s.w.other.id}`, s.w.member.token)).statusCode).toBe(403);
    expect((await req('GET', `/api/v1/products?teamId=${s.w.home.id}&limit=0`, s.w.member.token)).statusCode).toBe(400);
    expect((await req('GET', `/api/v1/products?teamId=${s.w.home.id}&page=0`, s.w.member.token)).statusCode).toBe(400);
  });
});

describe('mail content', () => {
  it('reads and writes the content per OTA', async () => {
    const url = (ota: string) => `/api/v1/products/ota/${ota}/mailContent`;
    const klook = await req('GET', `${url('KLOOK')}?teamId=${s.w.home.id}&productId=${s.w.product}`, s.w.member.token);
    expect(klook.json()).toEqual({
      ota: 'KLOOK',
      productId: s.w.product,
      subject: 'Hi {{customerName}}',
      body: 'See you on {{departureDate}} for {{route}}',
      custom: true,
    });
    // none of its own: the built-in template applies
    const none = await req('GET', `${url('MPG')}?teamId=${s.w.home.id}&productId=${s.w.product}`, s.w.member.token);
    expect(none.json()).toMatchObject({ ota: 'MPG', productId: s.w.product, custom: false });
    expect(none.json().subject).toContain('{{ productName }}');
    const saved = await req('PATCH', url('MPG'), s.w.editor.token, {
      teamId: s.w.home.id,
      productId: s.w.product,
      subject: 'S',
      body: 'B',
    });
    expect(saved.json()).toEqual({ ota: 'MPG', productId: s.w.product, subject: 'S', body: 'B', custom: true });
    expect(
      (await req('GET', `${url('MPG')}?teamId=${s.w.home.id}&productId=${s.w.product}`, s.w.member.token)).json().body,
    ).toBe('B');
    expect(
      (await req('GET', `${url('KLOOK')}?teamId=${s.w.home.id}&productId=${s.w.product}`, s.w.member.token)).json()
        .subject,
    ).toBe('Hi {{customerName}}');
  });

  it('answers 404 for a product of another team, 403, 400, 401', async () => {
    const url = '/api/v1/products/ota/KLOOK/mailContent';
    expect(
      (await req('GET', `${url}?teamId=${s.w.home.id}&productId=${s.w.otherProduct}`, s.w.member.token)).statusCode,
    ).toBe(404);
    expect(
      (
        await req('PATCH', url, s.w.editor.token, {
          teamId: s.w.home.id,
          productId: s.w.otherProduct,
          subject: 'x',
          body: 'y',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await req('GET', `${url}?teamId=${s.w.other.id}&productId=${s.w.otherProduct}`, s.w.member.token)).statusCode,
    ).toBe(403);
    expect(
      (
        await req('PATCH', url, s.w.editor.token, {
          teamId: s.w.other.id,
          productId: s.w.otherProduct,
          subject: 'x',
          body: 'y',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await req(
          'GET',
          `/api/v1/products/ota/EXPEDIA/mailContent?teamId=${s.w.home.id}&productId=${s.w.product}`,
          s.w.member.token,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await req('PATCH', url, s.w.editor.token, { teamId: s.w.home.id, productId: s.w.product, subject: 'x' }))
        .statusCode,
    ).toBe(400);
    expect((await req('GET', `${url}?teamId=${s.w.home.id}&productId=${s.w.product}`)).statusCode).toBe(401);
    const [row] = await s.t.db.query<{ mail_content: object }>(
      'SELECT mail_content FROM products WHERE team_id = $1 AND id = $2',
      [s.w.other.id, s.w.otherProduct],
    );
    expect(row.mail_content).toEqual({
      KLOOK: { subject: 'Hi {{customerName}}', body: 'See you on {{departureDate}} for {{route}}' },
    });
  });
});
