import { createExport } from '../export/links';
import type { OperationHandler } from '../http/operation';
import { buildManifest, departureSubject, tourSubject } from '../records/manifest';

/** Manifests of the tour day: who is on a tour or a departure, and their CSV (a signed link). */
export const getTourManifest: OperationHandler<'getTourManifest'> = async ({ path }, { db, user }) =>
  buildManifest(db, (await tourSubject(db, user, path.id)).subject);

export const getDepartureManifest: OperationHandler<'getDepartureManifest'> = async ({ query }, { db, user }) =>
  buildManifest(db, (await departureSubject(db, user, query)).subject);

export const exportTourManifestCsv: OperationHandler<'exportTourManifestCsv'> = async ({ path }, call) => {
  const { db, config, user } = call;
  const { subject } = await tourSubject(db, user, path.id);
  return createExport(db, config.tokenSecret, {
    teamId: subject.teamId,
    userId: user.userId,
    kind: 'manifest',
    query: { tourId: subject.tourId },
  });
};

export const exportDepartureManifestCsv: OperationHandler<'exportDepartureManifestCsv'> = async ({ query }, call) => {
  const { db, config, user } = call;
  const { subject } = await departureSubject(db, user, query);
  // the product is checked now, so that the link never answers a manifest that cannot be made
  await buildManifest(db, subject);
  return createExport(db, config.tokenSecret, {
    teamId: subject.teamId,
    userId: user.userId,
    kind: 'manifest',
    query: { productId: subject.productId, departureAt: new Date(subject.departureAt).toISOString() },
  });
};
