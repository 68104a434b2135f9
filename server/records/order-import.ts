import { randomUUID } from 'node:crypto';
import type { Schemas } from '../../shared/contract';
import type { Ota } from '../../shared/otas';
import type { TeamAccess } from '../auth/access';
import type { Db } from '../db/client';
import { badRequest, conflict } from '../http/errors';
import { checkPrices, checkTimestamp, checkUnique } from '../http/validate';
import { appendEvents, type NewEvent } from '../repo/events';
import { conflictingOrder, insertOrders, ordersByIds, type NewOrder, type Order } from '../repo/orders';
import { insertProducts, knownProductIds } from '../repo/products';
import { nextDisplayIds } from '../repo/sequence';
import type { Caller } from '../types';

/** Import of OTA orders into a team. */
type OrderInput = Schemas['OrderInput'];

/** Unknown products are added to the catalogue when the input names them (route or name). */
async function ensureProducts(db: Db, teamId: string, inputs: OrderInput[]): Promise<void> {
  const wanted = new Map(inputs.map((i) => [i.product.id, i.product]));
  const known = await knownProductIds(db, teamId, [...wanted.keys()]);
  const missing = [...wanted.values()].filter((p) => !known.has(p.id));
  const unnamed = missing.filter((p) => !p.route && !p.name);
  if (unnamed.length) {
    throw badRequest(`Unknown product ${unnamed[0].id}: give its name and route to add it to the team`);
  }
  if (missing.length === 0) return;
  const products = missing.map((p) => ({
    id: p.id,
    name: p.name || p.route,
    route: p.route || p.name,
    pack: p.pack ?? null,
  }));
  await insertProducts(db, teamId, products);
}

/** 400 for ids repeated in the input, 409 for an order the team has already. */
async function checkConflicts(db: Db, teamId: string, ota: Ota, inputs: OrderInput[]): Promise<void> {
  const given = inputs.flatMap((i) => (i.displayId ? [i.displayId] : []));
  checkUnique(given, 'displayIds');
  const otaOrderIds = inputs.map((i) => i.otaOrderId.toUpperCase());
  checkUnique(otaOrderIds, 'otaOrderIds');
  const found = await conflictingOrder(db, teamId, ota, given, otaOrderIds);
  if (found) throw conflict(`Order ${found.displayId} (${found.otaOrderId}) already exists`);
}

/** createOrders: the orders as stored, each with a CREATE event; display ids generated where not given. */
export async function importOrders(
  db: Db,
  user: Caller,
  team: TeamAccess,
  ota: Ota,
  inputs: OrderInput[],
): Promise<Order[]> {
  for (const i of inputs) {
    checkPrices(i.prices, `Order ${i.otaOrderId}`);
    checkTimestamp(i.departureAt, `Order ${i.otaOrderId}`);
    checkTimestamp(i.bookedAt, `Order ${i.otaOrderId}`);
  }
  const ids = inputs.map(() => randomUUID());
  return db.tx(async (tx) => {
    await ensureProducts(tx, team.teamId, inputs);
    await checkConflicts(tx, team.teamId, ota, inputs);
    const unnumbered = inputs.filter((i) => !i.displayId).length;
    const generated = await nextDisplayIds(tx, team.teamId, 'orders', `${team.code}-`, unnumbered);
    const now = new Date().toISOString();
    const rows = inputs.map((i, n): NewOrder => ({
      id: ids[n],
      display_id: i.displayId ?? generated.shift()!,
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
    await insertOrders(tx, team.teamId, ota, rows);
    const events = rows.map((r): NewEvent => ({
      teamId: team.teamId,
      orderId: r.id,
      type: 'CREATE',
      comment: `Imported from ${ota}`,
    }));
    await appendEvents(tx, user, events);
    return ordersByIds(tx, ids);
  });
}
