import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import { ORDER_SELECT, mapOrder, type Order, type OrderRow } from './orders';

/**
 * Manifests: who is on a departure. A tour's are the orders linked to it; a departure's (a product
 * at one instant, with or without tours) the team's orders of that product leaving then. Canceled
 * orders are left out; parties by name (then display id, so the order never changes between reads).
 */
export type Manifest = Schemas['Manifest'];
export type ManifestParty = Schemas['ManifestParty'];

export type ManifestOf = { tourId: string } | { teamId: string; productId: string; departureAt: string };

export async function manifestOrders(db: Db, of: ManifestOf): Promise<Order[]> {
  const [where, params] =
    'tourId' in of
      ? ['o.tour_id = $1', [of.tourId]]
      : [
          'o.team_id = $1 AND o.product_id = $2 AND o.departure_at = $3::timestamptz',
          [of.teamId, of.productId, of.departureAt],
        ];
  const rows = await db.query<OrderRow>(
    `${ORDER_SELECT} WHERE ${where} AND o.status <> 'canceled'
      ORDER BY lower(o.customer_name), o.display_id, o.id`,
    params,
  );
  return rows.map(mapOrder);
}

export const partyOf = (o: Order): ManifestParty => ({
  orderId: o.id,
  displayId: o.displayId,
  name: o.customer.name,
  adults: o.quantity.adult,
  children: o.quantity.child,
  total: o.quantity.total,
  phone: o.customer.phone,
  email: o.customer.email,
  pickup: o.pickup,
  notes: o.notes,
  ota: o.ota,
  otaOrderId: o.otaOrderId,
  statusV2: o.statusV2,
  checkIn: o.checkIn,
  version: o.version,
});

/** The totals over the parties (as Tour.checkIn counts them, with adults and children). */
export function totalsOf(parties: ManifestParty[]): Manifest['totals'] {
  const checkedIn = parties.filter((p) => p.checkIn.state === 'CHECKED_IN');
  const sum = (list: ManifestParty[], f: (p: ManifestParty) => number) => list.reduce((a, p) => a + f(p), 0);
  return {
    parties: parties.length,
    pax: sum(parties, (p) => p.total),
    adults: sum(parties, (p) => p.adults),
    children: sum(parties, (p) => p.children),
    checkedInParties: checkedIn.length,
    checkedInPax: sum(checkedIn, (p) => p.checkIn.arrived),
    noShowParties: parties.filter((p) => p.checkIn.state === 'NO_SHOW').length,
  };
}

/** A product of the team, for a departure's title. */
export async function productOfTeam(
  db: Db,
  teamId: string,
  productId: string,
): Promise<{ id: string; route: string; pack: string; name: string; hasPack: boolean } | undefined> {
  const [row] = await db.query<{ id: string; route: string | null; pack: string | null; name: string | null }>(
    'SELECT id, route, pack, name FROM products WHERE team_id = $1 AND id = $2',
    [teamId, productId],
  );
  return (
    row && {
      id: row.id,
      route: row.route ?? '',
      pack: row.pack || row.id,
      name: row.name ?? row.id,
      hasPack: !!row.pack,
    }
  );
}
