import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import { appendEvents, type Operator } from '../repo/events';
import { updateOrderColumns, type ChannelOrderColumns, type Order, type Price } from '../repo/orders';

/**
 * The one way a channel changes an order it sent (an OCTO amendment, a re-sent order of the batch
 * import): what differs becomes the order's new values, an EDIT event in its Activity signed by
 * the channel ("Klook (OCTO)") with each change as { from, to }, and the changes for the inbox.
 */
export type FieldChange = Schemas['FieldChange'];

/** What the channel says the order is now; an absent field is not part of the change. */
export interface ChannelOrderFields {
  departureAt?: string;
  productId?: string;
  customerName?: string;
  customerEmail?: string;
  customerPhone?: string;
  pickup?: string;
  notes?: string;
  language?: string;
  adults?: number;
  children?: number;
  prices?: Price[];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ, named as the Activity and the inbox show them. */
export function channelChanges(before: Order, next: ChannelOrderFields): FieldChange[] {
  const was: { [K in keyof ChannelOrderFields]-?: ChannelOrderFields[K] | null } = {
    departureAt: before.departureAt,
    productId: before.product.id,
    customerName: before.customer.name,
    customerEmail: before.customer.email,
    customerPhone: before.customer.phone,
    pickup: before.pickup,
    notes: before.notes,
    language: before.language,
    adults: before.quantity.adult,
    children: before.quantity.child,
    prices: before.prices,
  };
  const out: FieldChange[] = [];
  for (const field of Object.keys(was) as (keyof ChannelOrderFields)[]) {
    let to = next[field];
    if (to === undefined) continue;
    if (field === 'departureAt') to = new Date(String(to)).toISOString();
    if (!sameJson(was[field], to)) out.push({ field, from: was[field], to });
  }
  return out;
}

function columnsOf(before: Order, next: ChannelOrderFields): ChannelOrderColumns {
  const adults = next.adults ?? before.quantity.adult;
  const children = next.children ?? before.quantity.child;
  const quantityChanged = next.adults !== undefined || next.children !== undefined;
  return {
    departure_at: next.departureAt,
    product_id: next.productId,
    customer_name: next.customerName,
    customer_email: next.customerEmail,
    customer_phone: next.customerPhone,
    pickup: next.pickup,
    notes: next.notes,
    language: next.language,
    prices: next.prices,
    ...(quantityChanged ? { quantity_adult: adults, quantity_child: children, quantity_total: adults + children } : {}),
  };
}

/**
 * Applies a channel's change to an order inside the caller's transaction (the caller has locked
 * the order). Answers the changes; none means nothing was written.
 */
export async function applyChannelChange(
  tx: Db,
  teamId: string,
  before: Order,
  next: ChannelOrderFields,
  by: Operator,
): Promise<FieldChange[]> {
  const changes = channelChanges(before, next);
  if (changes.length === 0) return changes;
  await updateOrderColumns(tx, before.id, columnsOf(before, next));
  await appendEvents(tx, by, [
    {
      teamId,
      orderId: before.id,
      type: 'EDIT',
      comment: `Changed by ${by.name}: ${changes.map((c) => c.field).join(', ')}`,
      data: { changes: Object.fromEntries(changes.map((c) => [c.field, { from: c.from, to: c.to }])) },
    },
  ]);
  return changes;
}
