import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { nextDisplayIds } from '../../server/repo/sequence';
import { createTestDb } from './helpers';

// Display numbers come from a counter per team, table and prefix (migration 017), not from a lock on
// the team row held until each creator commits: unique under concurrent creators, past every number
// in use or deleted (also one imported with its own display id), given back by a rollback.
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await db.query(
    `INSERT INTO teams (id, code, name, timezone, continent) VALUES
       ('dn-kh', 'KH', 'Cambodia', 'Asia/Phnom_Penh', 'Asia'), ('dn-vn', 'VN', 'Vietnam', 'Asia/Ho_Chi_Minh', 'Asia')`,
  );
});
afterAll(() => drop?.());

let made = 0;
async function addOrder(team: string, displayId: string): Promise<void> {
  made++;
  await db.query(
    `INSERT INTO orders (id, team_id, display_id, ota, ota_order_id, departure_at, booked_at, language, product_id,
       customer_name, customer_email, quantity_total, quantity_adult, quantity_child, prices, status)
     VALUES ($1, $2, $3, 'KLOOK', $1, '2035-01-10T03:00:00Z', '2035-01-01T03:00:00Z', 'en', 'P1', 'Lan', 'lan@example.test',
       1, 1, 0, '[]', 'new')`,
    [`dn-order-${made}`, team, displayId],
  );
}
const take = (team: string, count = 1, table: 'orders' | 'tours' = 'orders', prefix = 'KH-') =>
  nextDisplayIds(db, team, table, prefix, count);

describe('display numbers', () => {
  it('start past the highest number in use, follow on, and never repeat', async () => {
    await addOrder('dn-kh', 'KH-000041');
    expect(await take('dn-kh')).toEqual(['KH-000042']);
    expect(await take('dn-kh', 3)).toEqual(['KH-000043', 'KH-000044', 'KH-000045']);
    // taken but never used: not given again
    expect(await take('dn-kh')).toEqual(['KH-000046']);
    // another team, another table and another prefix count on their own
    expect(await take('dn-vn', 1, 'orders', 'VN-')).toEqual(['VN-000001']);
    expect(await take('dn-kh', 1, 'tours', 'T-')).toEqual(['T-000001']);
    expect(await take('dn-kh', 1, 'orders', 'KHM-')).toEqual(['KHM-000001']);
  });

  it('jump past an order imported with a higher number of its own, and past a deleted one', async () => {
    await addOrder('dn-kh', 'KH-000500');
    expect(await take('dn-kh')).toEqual(['KH-000501']);
    await db.query(
      `INSERT INTO deleted_records (kind, id, team_id, display_id, name, row_data, deleted_by, deleted_by_name)
       VALUES ('order', 'dn-deleted', 'dn-kh', 'KH-000900', 'Gone', '{}', 'u', 'U')`,
    );
    expect(await take('dn-kh')).toEqual(['KH-000901']);
  });

  it('a creator that rolls back gives its numbers back', async () => {
    await expect(
      db.tx(async (tx) => {
        expect(await nextDisplayIds(tx, 'dn-vn', 'orders', 'VN-', 2)).toEqual(['VN-000002', 'VN-000003']);
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await take('dn-vn', 1, 'orders', 'VN-')).toEqual(['VN-000002']);
  });

  it('concurrent creators, each in its own transaction, get numbers of their own', async () => {
    const taken = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.tx(async (tx) => {
          const [id] = await nextDisplayIds(tx, 'dn-vn', 'orders', 'VN-', 1 + (i % 2));
          await tx.query(
            `INSERT INTO orders (id, team_id, display_id, ota, ota_order_id, departure_at, booked_at, language,
               product_id, customer_name, customer_email, quantity_total, quantity_adult, quantity_child, prices, status)
             VALUES ($1, 'dn-vn', $2, 'KKDAY', $1, now(), now(), 'vi', 'P1', 'Minh', 'minh@example.test', 1, 1, 0, '[]', 'new')`,
            [`dn-race-${i}`, id],
          );
          return id;
        }),
      ),
    );
    expect(new Set(taken).size).toBe(12);
    const numbers = taken.map((id) => Number(id.slice(3))).sort((a, b) => a - b);
    expect(numbers[0]).toBe(3);
    // six creators took two numbers each: 18 numbers in all, none given twice
    expect(await take('dn-vn', 1, 'orders', 'VN-')).toEqual(['VN-000021']);
  });
});
