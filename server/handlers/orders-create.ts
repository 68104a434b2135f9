import { randomUUID } from 'node:crypto';
import type { RequestBody, Schemas } from '../contract';
import type { Db } from '../db/client';
import { requireTeam } from '../http/access';
import { badRequest, conflict } from '../http/errors';
import { appendEvents } from '../repo/events';
import { ordersByIds } from '../repo/orders';
import { nextDisplayIds } from '../repo/sequence';
import { body, ctx, type Handler } from './util';
import { checkPrices, checkTimestamp, checkUnique } from './validate';

/** Import of OTA orders into a team. */
type OrderInput = Schemas['OrderInput'];

/** Unknown products are added to the catalogue when the input names them (route or name). */
async function ensureProducts(db: Db, teamId: string, inputs: OrderInput[]): Promise<void> {
  const wanted = new Map(inputs.map((i) => [i.product.id, i.product]));
  const rows = await db.query<{ id: string }>('SELECT id FROM products WHERE team_id = $1 AND id = ANY($2::text[])', [
    teamId,
    [...wanted.keys()],
  ]);
  const known = new Set(rows.map((r) => r.id));
  const missing = [...wanted.values()].filter((p) => !known.has(p.id));
  const unnamed = missing.filter((p) => !p.route && !p.name);
  if (unnamed.length) {
    throw badRequest(`Unknown product ${unnamed[0].id}: give its name and route to add it to the team`);
  }
  if (missing.length === 0) return;
  await db.query(
    `INSERT INTO products (id, team_id, name, route, pack)
     SELECT v.id, $1, v.name, v.route, v.pack FROM jsonb_to_recordset($2::jsonb) AS v(id text, name text, route text, pack text)
     ON CONFLICT DO NOTHING`,
    [
      teamId,
      JSON.stringify(
        missing.map((p) => ({ id: p.id, name: p.name || p.route, route: p.route || p.name, pack: p.pack ?? null })),
      ),
    ],
  );
}

async function checkConflicts(db: Db, teamId: string, ota: string, inputs: OrderInput[]): Promise<void> {
  const given = inputs.flatMap((i) => (i.displayId ? [i.displayId] : []));
  checkUnique(given, 'displayIds');
  checkUnique(
    inputs.map((i) => i.otaOrderId.toUpperCase()),
    'otaOrderIds',
  );
  const rows = await db.query<{ display_id: string; ota_order_id: string }>(
    `SELECT display_id, ota_order_id FROM orders
      WHERE team_id = $1 AND (display_id = ANY($2::text[]) OR (ota = $3 AND upper(ota_order_id) = ANY($4::text[])))
      LIMIT 1`,
    [teamId, given, ota, inputs.map((i) => i.otaOrderId.toUpperCase())],
  );
  if (rows[0]) throw conflict(`Order ${rows[0].display_id} (${rows[0].ota_order_id}) already exists`);
}

export const createOrders: Handler = async (req) => {
  const { db, user } = ctx(req);
  const { teamId, ota, orders: inputs } = body<RequestBody<'createOrders'>>(req);
  const team = await requireTeam(db, user.userId, teamId);
  for (const i of inputs) {
    checkPrices(i.prices, `Order ${i.otaOrderId}`);
    checkTimestamp(i.departureAt, `Order ${i.otaOrderId}`);
    checkTimestamp(i.bookedAt, `Order ${i.otaOrderId}`);
  }
  const ids = inputs.map(() => randomUUID());
  const orders = await db.tx(async (tx) => {
    await ensureProducts(tx, team.teamId, inputs);
    await checkConflicts(tx, team.teamId, ota, inputs);
    const generated = await nextDisplayIds(
      tx,
      team.teamId,
      'orders',
      `${team.code}-`,
      inputs.filter((i) => !i.displayId).length,
    );
    const now = new Date().toISOString();
    const rows = inputs.map((i, n) => ({
      id: ids[n],
      display_id: i.displayId ?? generated.shift(),
      ota_order_id: i.otaOrderId,
      departure_at: i.departureAt,
      booked_at: i.bookedAt ?? now,
      language: i.language,
      product_id: i.product.id,
      customer_name: i.customer.name,
      customer_email: i.customer.email,
      quantity_total: i.quantity.total ?? i.quantity.adult + i.quantity.child,
      quantity_adult: i.quantity.adult,
      quantity_child: i.quantity.child,
      prices: i.prices ?? [],
      status: i.statusV2 ?? 'new',
    }));
    await tx.query(
      `INSERT INTO orders (id, team_id, ota, display_id, ota_order_id, departure_at, booked_at, language, product_id,
         customer_name, customer_email, quantity_total, quantity_adult, quantity_child, prices, status)
       SELECT v.id, $1, $2, v.display_id, v.ota_order_id, v.departure_at, v.booked_at, v.language, v.product_id,
         v.customer_name, v.customer_email, v.quantity_total, v.quantity_adult, v.quantity_child, v.prices, v.status
         FROM jsonb_to_recordset($3::jsonb) AS v(id text, display_id text, ota_order_id text, departure_at timestamptz,
           booked_at timestamptz, language text, product_id text, customer_name text, customer_email text,
           quantity_total int, quantity_adult int, quantity_child int, prices jsonb, status text)`,
      [team.teamId, ota, JSON.stringify(rows)],
    );
    await appendEvents(
      tx,
      { userId: user.userId, name: user.name },
      rows.map((r) => ({ teamId: team.teamId, orderId: r.id, type: 'CREATE', comment: `Imported from ${ota}` })),
    );
    return ordersByIds(tx, ids);
  });
  return { orders };
};
