import { describe, expect, it } from 'vitest';
import { addOrders, useServerSuite } from './fixtures';

// A list filtered to a rare status starts and stops its walk where the rollup says the page's rows
// are (server/repo/order-bounds.ts). Whatever the sort, paging, filters or moves, it must list
// exactly the orders a plain query over the orders finds, in the same order.
const s = useServerSuite();

const team = () => s.w.home.id;

/** Every page of the list, following the cursor (or page numbers), as ids in list order. */
async function pages(query: string, limit: number, byPage = false): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 1; page < 200; page++) {
    const paging: string = byPage ? `&page=${page}` : cursor ? `&cursor=${cursor}` : '';
    const res = await s.req('GET', `/api/v1/orders?teamId=${team()}&${query}&limit=${limit}${paging}`, s.w.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    ids.push(...body.orders.map((o: { id: string }) => o.id));
    if (!body.hasMore) return ids;
    cursor = body.nextCursor;
  }
  throw new Error('too many pages');
}

/** The same orders straight from the table. */
async function expected(where: string, order: string, params: unknown[] = []): Promise<string[]> {
  const rows = await s.t.db.query<{ id: string }>(
    `SELECT id FROM orders WHERE team_id = $1 AND ${where} ORDER BY ${order}`,
    [team(), ...params],
  );
  return rows.map((r) => r.id);
}

describe('a list filtered to a rare status', () => {
  it('lists exactly the matching orders on every sort, page and filter, before and after moves', async () => {
    // 720 orders, one an hour through 30 days of June 2037 (UTC+7 team days), a few of them grouped:
    // a cluster on one day, single ones far apart, none at all in between
    const ids = await addOrders(s.t.db, team(), {
      count: 720,
      productId: s.w.product,
      start: new Date('2037-06-01T00:00:00Z'),
      stepMinutes: 60,
    });
    const grouped = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 300, 301, 302, 599, 719].map((i) => ids[i]);
    await s.t.db.query("UPDATE orders SET status = 'grouped' WHERE id = ANY($1)", [grouped]);
    await s.t.db.query("UPDATE orders SET ota = 'MPG' WHERE id = ANY($1)", [[ids[5], ids[301], ids[719]]]);
    await s.t.db.query("UPDATE orders SET booked_at = booked_at - interval '20 days' WHERE id = ANY($1)", [
      [ids[4], ids[302]],
    ]);

    const check = async () => {
      const june = 'startDate=2037-06-01&endDate=2037-06-30';
      const base =
        "status = 'grouped' AND departure_at >= '2037-05-31T17:00:00Z' AND departure_at < '2037-06-30T17:00:00Z'";
      const asc = await expected(base, 'departure_at, id');
      expect(asc.length).toBeGreaterThan(10);
      for (const limit of [1, 4, 7, 50]) {
        expect(await pages(`${june}&statusV2=grouped`, limit)).toEqual(asc);
        expect(await pages(`${june}&statusV2=grouped`, limit, true)).toEqual(asc);
      }
      expect(await pages(`${june}&statusV2=grouped&orderBy=DEPARTURE_AT_DESC`, 3)).toEqual(
        await expected(base, 'departure_at DESC, id DESC'),
      );
      expect(await pages(`${june}&statusV2=grouped&ota=MPG`, 1)).toEqual(
        await expected(`${base} AND ota = 'MPG'`, 'departure_at, id'),
      );
      expect(await pages('statusV2=grouped&orderBy=BOOKED_AT_ASC', 2)).toEqual(
        await expected("status = 'grouped'", 'booked_at, id'),
      );
      expect(await pages('statusV2=grouped&orderBy=BOOKED_AT_DESC', 5)).toEqual(
        await expected("status = 'grouped'", 'booked_at DESC, id DESC'),
      );
      // dates on the booking basis with a departure sort: the bounds stand aside, the answer is the same
      expect(await pages(`${june}&dateBasis=booking&statusV2=grouped`, 3)).toEqual(
        await expected(
          "status = 'grouped' AND booked_at >= '2037-05-31T17:00:00Z' AND booked_at < '2037-06-30T17:00:00Z'",
          'departure_at, id',
        ),
      );
      expect(await pages(`${june}&view=pending`, 50)).toEqual(
        await expected(`${base.replace("'grouped'", "'pending'")}`, 'departure_at, id'),
      );
    };
    await check();

    // moves in and out of the status, through the API: the rollup (and so the bounds) follow
    const moved = await s.req('PUT', '/api/v2/orders/status/batch', s.w.admin.token, {
      orders: [
        { id: ids[8], statusV2: 'pending' },
        { id: ids[9], statusV2: 'pending' },
        { id: ids[450], statusV2: 'grouped' },
        { id: ids[0], statusV2: 'grouped' },
      ],
    });
    expect(moved.statusCode).toBe(200);
    await check();

    // the same figures kept in several slots (migrations 018 and 020: each connection adds to its own row of a
    // day), one slot above the truth and another below it by as much: every answer is the same (slots
    // 0 to 63 are the connections'; these are slots no connection uses)
    const daily = async () =>
      (
        await s.req(
          'GET',
          `/api/v1/orders/count/daily?teamId=${team()}&startDate=2037-06-01&endDate=2037-06-30&statusV2=grouped`,
          s.w.admin.token,
        )
      ).json();
    const before = await daily();
    const off = await s.t.db.query<{ n: number }>(
      `WITH days AS (SELECT team_id, basis, day, ota FROM order_day_counts WHERE team_id = $1 GROUP BY 1, 2, 3, 4)
       INSERT INTO order_day_counts (team_id, basis, day, ota, slot, orders, status_new, status_pending,
         status_grouped, status_arranged, status_completed, status_canceled, status_cancel_requested,
         linked_canceled, linked_cancel_requested, adult, child, confirmation, info)
       SELECT team_id, basis, day, ota, s.slot, s.sign * 3, 0, s.sign * 2, s.sign * 3, 0, 0, 0, 0, 0, 0,
              s.sign * 6, 0, 0, 0
         FROM days CROSS JOIN (VALUES (101, 1), (102, -1)) AS s(slot, sign)
       RETURNING 1 AS n`,
      [team()],
    );
    expect(off.length).toBeGreaterThan(50);
    await check();
    expect(await daily()).toEqual(before);
    // a status nobody has: no page at all
    expect(await pages('startDate=2037-06-01&endDate=2037-06-30&statusV2=completed', 10)).toEqual([]);
  });
});
