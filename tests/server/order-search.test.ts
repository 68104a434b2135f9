import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { listOrders } from '../../server/repo/orders';
import { addOrders, makeWorld, useServerSuite, type Person, type TeamRef } from './fixtures';
import { createTestDb, testConfig } from './helpers';

// Search (q) on the order list and its counts: id prefixes, names and e-mails regardless of case and
// accents, combined with the other filters, within the caller's team only.
const s = useServerSuite();

interface Listed {
  orders: { id: string; displayId: string }[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** The orders imported into home (and one into other), by display id. */
const ids: Record<string, string> = {};

async function importOrders(team: TeamRef, who: Person, ota: string, orders: Record<string, unknown>[]) {
  const res = await s.req('POST', '/api/v1/orders/batch', who.token, {
    teamId: team.id,
    ota,
    orders: orders.map((o) => ({
      language: 'en',
      product: { id: 'SEARCH-P', route: 'Hanoi' },
      quantity: { adult: 1, child: 0 },
      ...o,
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
  for (const o of res.json().orders) ids[o.displayId] = o.id;
}

beforeAll(async () => {
  await importOrders(s.w.home, s.w.editor, 'KLOOK', [
    {
      displayId: 'KH-000025',
      otaOrderId: 'KL03236505',
      departureAt: '2034-09-10T02:00:00Z',
      customer: { name: 'Nguyễn Văn A', email: 'nguyen.van.a@example.com' },
    },
  ]);
  await importOrders(s.w.home, s.w.editor, 'KKDAY', [
    {
      displayId: 'KH-000026',
      otaOrderId: 'kk-77001',
      departureAt: '2034-11-05T02:00:00Z',
      customer: { name: 'Trần Thị Bích', email: 'thi@example.com' },
      statusV2: 'pending',
    },
  ]);
  await importOrders(s.w.home, s.w.editor, 'VIATOR', [
    {
      displayId: 'KH-000250',
      otaOrderId: '03230001',
      departureAt: '2034-11-20T02:00:00Z',
      customer: { name: 'ĐẶNG Minh', email: 'minh@example.net' },
    },
  ]);
  await importOrders(s.w.home, s.w.editor, 'MPG', [
    {
      displayId: 'KH-000300',
      otaOrderId: 'MP-5',
      departureAt: '2034-10-01T02:00:00Z',
      customer: { name: 'Anna Müller', email: 'anna_m%x@example.org' },
    },
  ]);
  // another team: the same id prefixes and the same name
  await importOrders(s.w.other, s.w.outsider, 'KLOOK', [
    {
      displayId: 'KH-000027',
      otaOrderId: 'KL03230000',
      departureAt: '2034-09-10T03:00:00Z',
      customer: { name: 'Nguyen Van B', email: 'thi.other@example.com' },
    },
  ]);
});

const home = () => `teamId=${s.w.home.id}`;
const search = async (q: string, extra = '') => {
  const res = await s.req('GET', `/api/v1/orders?${home()}&q=${encodeURIComponent(q)}${extra}`, s.w.member.token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Listed).orders.map((o) => o.displayId);
};
const total = async (q: string, extra = '') => {
  const res = await s.req(
    'GET',
    `/api/v1/orders/count/total?${home()}&q=${encodeURIComponent(q)}${extra}`,
    s.w.member.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
};

describe('q on listOrders', () => {
  it('finds an order by a prefix of its display id, in any case, whatever its date', async () => {
    expect(await search('kh-000025')).toEqual(['KH-000025']);
    expect(await search('KH-00002')).toEqual(['KH-000025', 'KH-000026']);
    expect(await search('kh-')).toEqual(['KH-000025', 'KH-000300', 'KH-000026', 'KH-000250']);
  });

  it('finds an order by a prefix of its OTA order id, in any case', async () => {
    expect(await search('kl0323')).toEqual(['KH-000025']);
    expect(await search('KL03236505')).toEqual(['KH-000025']);
    expect(await search('KK-77')).toEqual(['KH-000026']);
  });

  it('matches ids from their first character only, digits-only input included', async () => {
    // KL03236505 contains 0323 but does not begin with it; 03230001 does
    expect(await search('0323')).toEqual(['KH-000250']);
    expect(await search('6505')).toEqual([]);
    expect(await search('000025')).toEqual([]);
    expect(await search('H-000025')).toEqual([]);
  });

  it('finds text contained in the customer name, regardless of case and accents', async () => {
    expect(await search('nguyen')).toEqual(['KH-000025']);
    expect(await search('NGUYỄN VĂN')).toEqual(['KH-000025']);
    expect(await search('văn a')).toEqual(['KH-000025']);
    expect(await search('muller')).toEqual(['KH-000300']);
    expect(await search('MÜLLER')).toEqual(['KH-000300']);
    expect(await search('bich')).toEqual(['KH-000026']);
    // Đ has no decomposition: it folds to d all the same
    expect(await search('dang minh')).toEqual(['KH-000250']);
    expect(await search('đặng')).toEqual(['KH-000250']);
    // spaces around and between words do not matter
    expect(await search('  anna   müller ')).toEqual(['KH-000300']);
  });

  it('finds text contained in the customer e-mail, regardless of case', async () => {
    expect(await search('THI')).toEqual(['KH-000026']);
    expect(await search('thi@example')).toEqual(['KH-000026']);
    expect(await search('@EXAMPLE.NET')).toEqual(['KH-000250']);
  });

  it('takes % and _ as themselves, and never matches across name and e-mail', async () => {
    expect(await search('_')).toEqual(['KH-000300']);
    expect(await search('%')).toEqual(['KH-000300']);
    expect(await search('m%x')).toEqual(['KH-000300']);
    expect(await search('a_m')).toEqual(['KH-000300']);
    expect(await search('a%m')).toEqual([]);
    expect(await search('müller anna')).toEqual([]);
  });

  it('answers an empty page when nothing matches', async () => {
    const res = await s.req('GET', `/api/v1/orders?${home()}&q=zzzz`, s.w.member.token);
    expect(res.json()).toEqual({ orders: [], hasMore: false, nextCursor: null });
    expect(await total('zzzz')).toBe(0);
  });

  it('never finds the orders of another team', async () => {
    expect(await search('KH-000027')).toEqual([]);
    expect(await search('kl03230000')).toEqual([]);
    expect(await search('van b')).toEqual([]);
    expect(await search('thi.other')).toEqual([]);
    // the other team finds its own
    const res = await s.req('GET', `/api/v1/orders?teamId=${s.w.other.id}&q=nguyen`, s.w.outsider.token);
    expect(res.json().orders.map((o: { displayId: string }) => o.displayId)).toEqual(['KH-000027']);
    // and a non-member cannot search a team
    const foreign = await s.req('GET', `/api/v1/orders?${home()}&q=nguyen`, s.w.outsider.token);
    expect(foreign.statusCode).toBe(403);
  });

  it('combines with ota, status, view and dates', async () => {
    expect(await search('kh-', '&ota=KKDAY')).toEqual(['KH-000026']);
    expect(await search('kh-', '&statusV2=pending')).toEqual(['KH-000026']);
    expect(await search('kh-', '&view=new-added')).toEqual(['KH-000025', 'KH-000300', 'KH-000250']);
    expect(await search('kh-', '&startDate=2034-11-01&endDate=2034-11-30')).toEqual(['KH-000026', 'KH-000250']);
    expect(await search('example.com', '&startDate=2034-11-01&endDate=2034-11-30')).toEqual(['KH-000026']);
    expect(await search('nguyen', '&startDate=2034-11-01&endDate=2034-11-30')).toEqual([]);
    // the exact filters other callers use still work, alone and with q
    expect(await search('kh-', '&otaOrderId=kl03236505')).toEqual(['KH-000025']);
    expect(await search('kh-', '&displayId=KH-000250')).toEqual(['KH-000250']);
  });

  it('sorts and pages the matches with the cursor', async () => {
    expect(await search('kh-', '&orderBy=DEPARTURE_AT_DESC')).toEqual([
      'KH-000250',
      'KH-000026',
      'KH-000300',
      'KH-000025',
    ]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await s.req(
        'GET',
        `/api/v1/orders?${home()}&q=kh-&orderBy=DEPARTURE_AT_DESC&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        s.w.member.token,
      );
      const page = res.json() as Listed;
      seen.push(...page.orders.map((o) => o.displayId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['KH-000250', 'KH-000026', 'KH-000300', 'KH-000025']);
  });
});

describe('q on the counts', () => {
  it('counts the matches in total, with the other filters', async () => {
    expect(await total('kh-')).toBe(4);
    expect(await total('nguyen')).toBe(1);
    expect(await total('example')).toBe(4);
    expect(await total('example', '&ota=KKDAY')).toBe(1);
    expect(await total('example', '&startDate=2034-11-01&endDate=2034-11-30')).toBe(2);
  });

  it('counts the matches per day', async () => {
    const res = await s.req(
      'GET',
      `/api/v1/orders/count/daily?${home()}&startDate=2034-11-01&endDate=2034-11-30&q=${encodeURIComponent('kh-000')}`,
      s.w.member.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const days = (res.json().counts as { date: string; total: number; otaCounts: Record<string, number> }[]).filter(
      (d) => d.total > 0,
    );
    expect(days).toEqual([
      { date: '2034-11-05', total: 1, otaCounts: { KLOOK: 0, KKDAY: 1, VIATOR: 0, MPG: 0 } },
      { date: '2034-11-20', total: 1, otaCounts: { KLOOK: 0, KKDAY: 0, VIATOR: 1, MPG: 0 } },
    ]);
  });
});

describe('bad search text', () => {
  const urls = [
    `/api/v1/orders?teamId=TEAM`,
    `/api/v1/orders/count/total?teamId=TEAM`,
    `/api/v1/orders/count/daily?teamId=TEAM&startDate=2034-11-01&endDate=2034-11-30`,
  ];

  for (const url of urls) {
    it(`answers 400 for 101 characters or only spaces (${url.split('?')[0]})`, async () => {
      const base = url.replace('TEAM', s.w.home.id);
      for (const q of ['k'.repeat(101), '   ']) {
        const res = await s.req('GET', `${base}&q=${encodeURIComponent(q)}`, s.w.member.token);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: expect.any(String), message: expect.stringContaining('q') });
      }
      const ok = await s.req('GET', `${base}&q=${'k'.repeat(100)}`, s.w.member.token);
      expect(ok.statusCode).toBe(200);
    });
  }
});

describe('the folded name and e-mail', () => {
  it('follow a change of the customer, and no writer can set them to anything else', async () => {
    const id = ids['KH-000300'];
    await s.t.db.query(`UPDATE orders SET customer_name = 'Zoë Ångström' WHERE id = $1`, [id]);
    expect(await search('muller')).toEqual([]);
    expect(await search('zoe angstrom')).toEqual(['KH-000300']);
    await s.t.db.query(`UPDATE orders SET search_text = 'nonsense' WHERE id = $1`, [id]);
    expect(await search('nonsense')).toEqual([]);
    expect(await search('zoe')).toEqual(['KH-000300']);
  });

  it('are not written again by a status move', async () => {
    const id = ids['KH-000250'];
    const before = await s.t.db.query<{ search_text: string }>('SELECT search_text FROM orders WHERE id = $1', [id]);
    const [{ version }] = await s.t.db.query<{ version: number }>('SELECT version FROM orders WHERE id = $1', [id]);
    const res = await s.req('PUT', '/api/v2/orders/status/batch', s.w.editor.token, {
      orders: [{ id, statusV2: 'arranged', version }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await s.t.db.query('SELECT search_text FROM orders WHERE id = $1', [id])).toEqual(before);
    expect(await search('dang', '&statusV2=arranged')).toEqual(['KH-000250']);
  });
});

describe('migration 009_order_search', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    db = await createTestDb();
    // back to the schema before 009
    await db.db.exec!(`DROP TRIGGER orders_search_text ON orders;
      DROP FUNCTION order_search_text(); DROP INDEX orders_search_text;
      ALTER TABLE orders DROP COLUMN search_text; DROP FUNCTION search_fold(text);
      DROP INDEX orders_team_ota_order_prefix; DROP INDEX orders_team_display_prefix;
      CREATE INDEX orders_team_ota_order_upper ON orders (team_id, upper(ota_order_id));
      DELETE FROM schema_migrations WHERE name = '009_order_search.sql';`);
  });
  afterAll(() => db?.drop());

  it('fills the folded text of the orders already there', async () => {
    const world = await makeWorld(db.db, testConfig());
    const [first] = await addOrders(db.db, world.home.id, {
      count: 2,
      productId: world.product,
      start: new Date('2034-01-10T00:00:00Z'),
    });
    await db.db.query(`UPDATE orders SET customer_name = 'Phạm Thị Hương' WHERE id = $1`, [first]);

    expect(await migrate(db.db)).toEqual(['009_order_search.sql']);

    const page = await listOrders(
      db.db,
      { teamId: world.home.id, timezone: world.home.timezone },
      { q: 'pham thi huong' },
      {},
    );
    expect(page.items.map((o) => o.id)).toEqual([first]);
    const other = await listOrders(
      db.db,
      { teamId: world.home.id, timezone: world.home.timezone },
      { q: 'customer 2' },
      {},
    );
    expect(other.items.map((o) => o.id)).not.toContain(first);
    expect(other.items).toHaveLength(1);
  });
});
