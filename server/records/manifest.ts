import { access } from '../auth/access';
import type { Db } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { checkTimestamp } from '../http/validate';
import { manifestOrders, partyOf, productOfTeam, totalsOf, type Manifest, type ManifestOf } from '../repo/manifests';
import { toursByIds } from '../repo/tours';
import type { Caller } from '../types';

/** The manifest of a tour or of a departure without one, for the screen and for its CSV. */

/** What a manifest is of, once the caller's access is checked: always within one team. */
export type ManifestSubject = { teamId: string } & ({ tourId: string } | { productId: string; departureAt: string });

/** The manifest of a subject of the team; 404 when its tour is gone, 400 for a product the team lacks. */
export async function buildManifest(db: Db, s: ManifestSubject): Promise<Manifest> {
  if ('tourId' in s) {
    const [tour] = await toursByIds(db, [s.tourId]);
    if (!tour) throw notFound('Tour');
    const parties = (await manifestOrders(db, { tourId: s.tourId })).map(partyOf);
    return {
      title: tour.displayName,
      departureAt: tour.departureAt,
      product: tour.product,
      tour: { id: tour.id, displayId: tour.displayId, displayName: tour.displayName },
      totals: totalsOf(parties),
      parties,
    };
  }
  const product = await productOfTeam(db, s.teamId, s.productId);
  if (!product) throw badRequest(`productId: the team has no product ${s.productId}`);
  const departureAt = new Date(s.departureAt).toISOString();
  const of: ManifestOf = { teamId: s.teamId, productId: s.productId, departureAt };
  const parties = (await manifestOrders(db, of)).map(partyOf);
  // a product without a pack of its own is its route alone
  const title = product.hasPack ? `${product.route} · ${product.pack}` : product.route || product.name;
  return {
    title,
    departureAt,
    product: { id: product.id, route: product.route, pack: product.pack },
    tour: null,
    totals: totalsOf(parties),
    parties,
  };
}

/** A tour of the caller's teams (404 otherwise) as a manifest subject, with its team. */
export async function tourSubject(db: Db, user: Caller, tourId: string) {
  const team = await access(db, user, { tour: tourId });
  return { team, subject: { teamId: team.teamId, tourId } satisfies ManifestSubject };
}

/** A departure of a team the caller is a member of (403 otherwise). */
export async function departureSubject(
  db: Db,
  user: Caller,
  q: { teamId: string; productId: string; departureAt: string },
) {
  checkTimestamp(q.departureAt, 'departureAt');
  const team = await access(db, user, { team: q.teamId });
  return {
    team,
    subject: { teamId: team.teamId, productId: q.productId, departureAt: q.departureAt } satisfies ManifestSubject,
  };
}
