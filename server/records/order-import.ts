import { randomUUID } from 'node:crypto';
import type { Schemas } from '../../shared/contract';
import type { Ota } from '../../shared/otas';
import type { ChannelCaller } from '../channel/keys';
import { applyChannelChange, type ChannelOrderFields, type FieldChange } from '../channel/order-changes';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { checkPrices, checkTimestamp } from '../http/validate';
import { appendEvents, type Operator } from '../repo/events';
import { insertInboxItem, type NewInboxItem } from '../repo/inbox';
import { insertNewOrders, lockTeamForNewOrders, ordersByOtaIds, takenDisplayIds } from '../repo/order-import';
import { ordersByIds, type NewOrder, type Order } from '../repo/orders';
import { insertProducts, knownProductIds } from '../repo/products';
import { nextDisplayIds } from '../repo/sequence';
import { moveStatuses } from '../repo/status-moves';

/**
 * Import of OTA orders into a team, idempotent by team + OTA + OTA order id (the unique index
 * orders_team_ota_order): each order of a batch is created, amended (a known order whose fields
 * differ, changed through applyChannelChange, the one writer of channel changes), unchanged, or
 * refused with its reason; one order never fails the batch. `statusV2: canceled` cancels a known
 * order. What a channel key sends and needs a person (amendments, cancellations, refusals) goes to
 * the inbox; a person importing by hand sees the results instead.
 */
type OrderInput = Schemas['OrderInput'];
export type ImportResult = Schemas['ImportResult'];

export interface Importer {
  /** Who signs the Activity's events: the person, or the channel ("Klook (API)"). */
  by: Operator;
  /** The channel key that called, or null for a person's token. */
  channel: ChannelCaller | null;
}

export interface ImportOutcome {
  /** The created and amended orders as stored, in the batch's order. */
  orders: Order[];
  /** One result per input order, in its order. */
  results: ImportResult[];
}

/** Why one order of a batch was refused: a code for the inbox and a sentence for people. */
interface Refusal {
  code: string;
  reason: string;
}

const keyOf = (i: OrderInput) => i.otaOrderId.toUpperCase();

/** What the contract cannot check: amounts and timestamps that parse. */
function invalid(i: OrderInput): Refusal | null {
  try {
    checkPrices(i.prices, `Order ${i.otaOrderId}`);
    checkTimestamp(i.departureAt, `Order ${i.otaOrderId}`);
    checkTimestamp(i.bookedAt, `Order ${i.otaOrderId}`);
    return null;
  } catch (err) {
    if (err instanceof HttpError) return { code: 'INVALID_ORDER', reason: err.message };
    throw err;
  }
}

/** Refusals found in the batch alone: invalid values, and an OTA order id or display id given twice
 *  (the second is refused). */
function batchRefusals(inputs: OrderInput[]): Map<number, Refusal> {
  const refused = new Map<number, Refusal>();
  const keys = new Set<string>();
  const displayIds = new Set<string>();
  inputs.forEach((i, n) => {
    const bad = invalid(i);
    if (bad) refused.set(n, bad);
    else if (keys.has(keyOf(i))) {
      refused.set(n, {
        code: 'DUPLICATE_ORDER',
        reason: `Order ${i.otaOrderId} is twice in the batch: only the first counts`,
      });
    } else if (i.displayId && displayIds.has(i.displayId)) {
      refused.set(n, { code: 'DUPLICATE_DISPLAY_ID', reason: `Display id ${i.displayId} is twice in the batch` });
    }
    keys.add(keyOf(i));
    if (i.displayId) displayIds.add(i.displayId);
  });
  return refused;
}

/** Unknown products are added to the catalogue when the input names them (route or name); an
 *  order of an unknown product without a name is refused. */
async function productRefusals(db: Db, teamId: string, inputs: Map<number, OrderInput>): Promise<Map<number, Refusal>> {
  const known = await knownProductIds(db, teamId, [...new Set([...inputs.values()].map((i) => i.product.id))]);
  const refused = new Map<number, Refusal>();
  for (const [n, i] of inputs) {
    if (!known.has(i.product.id) && !i.product.route && !i.product.name) {
      refused.set(n, {
        code: 'UNKNOWN_PRODUCT',
        reason: `Unknown product ${i.product.id}: give its name and route to add it to the team`,
      });
    }
  }
  return refused;
}

async function ensureProducts(db: Db, teamId: string, inputs: OrderInput[]): Promise<void> {
  const wanted = new Map(inputs.map((i) => [i.product.id, i.product]));
  const known = await knownProductIds(db, teamId, [...wanted.keys()]);
  const missing = [...wanted.values()].filter((p) => !known.has(p.id));
  if (missing.length === 0) return;
  await insertProducts(
    db,
    teamId,
    missing.map((p) => ({ id: p.id, name: p.name || p.route, route: p.route || p.name, pack: p.pack ?? null })),
  );
}

/** What the channel says an order is now, in the fields it may change. */
const fieldsOf = (i: OrderInput): ChannelOrderFields => ({
  departureAt: i.departureAt,
  productId: i.product.id,
  customerName: i.customer.name,
  customerEmail: i.customer.email,
  customerPhone: i.customer.phone,
  pickup: i.pickup,
  notes: i.notes,
  language: i.language,
  adults: i.quantity.adult,
  children: i.quantity.child,
  prices: i.prices,
});

/** The import of one batch inside its transaction. */
class BatchImport {
  readonly results: (ImportResult | undefined)[];
  /** Orders created or amended, by input index. */
  readonly written = new Map<number, string>();
  readonly inbox: NewInboxItem[] = [];

  constructor(
    readonly tx: Db,
    readonly importer: Importer,
    readonly team: { teamId: string; code: string },
    readonly ota: Ota,
    readonly inputs: OrderInput[],
  ) {
    this.results = inputs.map(() => undefined);
  }

  refuse(n: number, refusal: Refusal, orderId: string | null = null): void {
    const i = this.inputs[n];
    this.results[n] = { otaOrderId: i.otaOrderId, outcome: 'refused', orderId, reason: refusal.reason };
    this.toInbox({
      kind: 'REFUSED',
      orderId,
      reference: i.otaOrderId,
      reason: refusal.reason,
      errorCode: refusal.code,
      request: i,
    });
  }

  /** Inbox items are for what a channel sent; a person importing by hand sees the results. */
  toInbox(item: Omit<NewInboxItem, 'teamId' | 'channel' | 'source'>): void {
    if (!this.importer.channel) return;
    this.inbox.push({ ...item, teamId: this.team.teamId, channel: this.importer.channel.channel, source: 'IMPORT' });
  }

  /** Creates the new orders; answers the indexes whose OTA order id another import took meanwhile. */
  async create(fresh: number[]): Promise<number[]> {
    if (fresh.length === 0) return [];
    const given = fresh.flatMap((n) => (this.inputs[n].displayId ? [this.inputs[n].displayId!] : []));
    const taken = await takenDisplayIds(this.tx, this.team.teamId, given);
    const creating = fresh.filter((n) => {
      const displayId = this.inputs[n].displayId;
      if (!displayId || !taken.has(displayId)) return true;
      this.refuse(n, { code: 'DISPLAY_ID_TAKEN', reason: `Display id ${displayId} belongs to another order` });
      return false;
    });
    await ensureProducts(
      this.tx,
      this.team.teamId,
      creating.map((n) => this.inputs[n]),
    );
    const unnumbered = creating.filter((n) => !this.inputs[n].displayId).length;
    const generated = await nextDisplayIds(this.tx, this.team.teamId, 'orders', `${this.team.code}-`, unnumbered);
    const now = new Date().toISOString();
    const rows = creating.map((n): NewOrder => {
      const i = this.inputs[n];
      return {
        id: randomUUID(),
        display_id: i.displayId ?? generated.shift()!,
        ota_order_id: i.otaOrderId,
        departure_at: i.departureAt,
        booked_at: i.bookedAt ?? now,
        language: i.language,
        product_id: i.product.id,
        customer_name: i.customer.name,
        customer_email: i.customer.email,
        customer_phone: i.customer.phone ?? null,
        pickup: i.pickup ?? null,
        notes: i.notes ?? null,
        quantity_total: i.quantity.total ?? i.quantity.adult + i.quantity.child,
        quantity_adult: i.quantity.adult,
        quantity_child: i.quantity.child,
        prices: i.prices ?? [],
        status: i.statusV2 ?? 'new',
      };
    });
    const inserted = await insertNewOrders(this.tx, this.team.teamId, this.ota, rows);
    const late: number[] = [];
    creating.forEach((n, k) => {
      const id = rows[k].id;
      if (!inserted.has(id)) return void late.push(n);
      this.written.set(n, id);
      this.results[n] = { otaOrderId: this.inputs[n].otaOrderId, outcome: 'created', orderId: id };
    });
    await appendEvents(
      this.tx,
      this.importer.by,
      rows
        .filter((r) => inserted.has(r.id))
        .map((r) => ({
          teamId: this.team.teamId,
          orderId: r.id,
          type: 'CREATE' as const,
          comment: `Imported from ${this.ota}`,
        })),
    );
    return late;
  }

  /** Compares each known order with what the batch says: amended (and canceled) or unchanged. */
  async update(known: Map<number, string>): Promise<void> {
    if (known.size === 0) return;
    const before = new Map((await ordersByIds(this.tx, [...new Set(known.values())])).map((o) => [o.id, o]));
    const changing = [...known].filter(([n, id]) => this.inputs[n].product.id !== before.get(id)!.product.id);
    await ensureProducts(
      this.tx,
      this.team.teamId,
      changing.map(([n]) => this.inputs[n]),
    );
    for (const [n, id] of known) await this.updateOne(n, before.get(id)!);
  }

  private async updateOne(n: number, order: Order): Promise<void> {
    const i = this.inputs[n];
    const { teamId } = this.team;
    const changes: FieldChange[] = await applyChannelChange(this.tx, teamId, order, fieldsOf(i), this.importer.by);
    const cancels = i.statusV2 === 'canceled' && order.statusV2 !== 'canceled';
    if (cancels) {
      await moveStatuses(this.tx, 'orders', this.importer.by, [teamId], [{ id: order.id, statusV2: 'canceled' }]);
      changes.push({ field: 'statusV2', from: order.statusV2, to: 'canceled' });
    }
    if (changes.length === 0) {
      this.results[n] = { otaOrderId: i.otaOrderId, outcome: 'unchanged', orderId: order.id };
      return;
    }
    this.written.set(n, order.id);
    this.results[n] = { otaOrderId: i.otaOrderId, outcome: 'amended', orderId: order.id, changes };
    this.toInbox(
      cancels
        ? {
            kind: 'CANCELLATION',
            orderId: order.id,
            reference: i.otaOrderId,
            changes,
            reason: `Canceled by ${this.importer.by.name}`,
          }
        : { kind: 'AMENDMENT', orderId: order.id, reference: i.otaOrderId, changes },
    );
  }
}

/** createOrders: one result per input order, and the created and amended orders as stored. */
export async function importOrders(
  db: Db,
  importer: Importer,
  team: { teamId: string; code: string },
  ota: Ota,
  inputs: OrderInput[],
): Promise<ImportOutcome> {
  const early = batchRefusals(inputs);
  return db.tx(async (tx) => {
    const batch = new BatchImport(tx, importer, team, ota, inputs);
    const live = new Map(inputs.flatMap((i, n) => (early.has(n) ? [] : [[n, i] as const])));
    for (const [n, refusal] of await productRefusals(tx, team.teamId, live)) {
      early.set(n, refusal);
      live.delete(n);
    }
    const keys = [...new Set([...live.values()].map(keyOf))];
    // a batch that creates takes the team's turn before it locks any order (always team, then orders)
    const seen = await ordersByOtaIds(tx, team.teamId, ota, keys, false);
    if (keys.some((k) => !seen.has(k))) await lockTeamForNewOrders(tx, team.teamId);
    const known = await ordersByOtaIds(tx, team.teamId, ota, keys, true);
    const fresh = [...live.keys()].filter((n) => !known.has(keyOf(inputs[n])));
    const late = await batch.create(fresh);
    // created by another import since this one looked: known orders after all
    const lateKnown = await ordersByOtaIds(
      tx,
      team.teamId,
      ota,
      late.map((n) => keyOf(inputs[n])),
      true,
    );
    const existing = new Map<number, string>();
    for (const n of live.keys()) {
      const id = known.get(keyOf(inputs[n])) ?? (late.includes(n) ? lateKnown.get(keyOf(inputs[n])) : undefined);
      if (id) existing.set(n, id);
    }
    await batch.update(existing);
    for (const [n, refusal] of early) batch.refuse(n, refusal);
    for (const item of batch.inbox) await insertInboxItem(tx, item);
    const orderIds = [...batch.written.entries()].sort(([a], [b]) => a - b).map(([, id]) => id);
    return { orders: await ordersByIds(tx, orderIds), results: batch.results.map((r) => r!) };
  });
}
