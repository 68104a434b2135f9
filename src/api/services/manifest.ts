import { fromCallback, fromPromise } from 'xstate';
import { requestOf, type QueuedCheckIn } from '../../domain/check-in';
import { api } from '../client';
import type { components } from '../schema';
import { orThrow } from './policy';
import type { ExportResult } from './exports';

/** The manifest of a departure (issue 25): who is coming, the CSV of it, and check-in. */
export type Manifest = components['schemas']['Manifest'];
export type ManifestParty = components['schemas']['ManifestParty'];
export type CheckedInOrder = components['schemas']['Order'];

/** A tour's manifest, or a departure's (a product at one instant) that has no tour. */
export type ManifestSource =
  { kind: 'tour'; tourId: string } | { kind: 'departure'; productId: string; departureAt: string };

export interface ManifestInput {
  teamId: string;
  source: ManifestSource;
}

/** The manifest; a failure is logged and re-thrown (the screen says so, with Retry). */
export const loadManifest = fromPromise<Manifest, ManifestInput>(({ input, signal }) => {
  const { source, teamId } = input;
  if (source.kind === 'tour')
    return orThrow('getTourManifest', () =>
      api.GET('/api/v1/tours/{id}/manifest', { params: { path: { id: source.tourId } }, signal }),
    );
  const query = { teamId, productId: source.productId, departureAt: source.departureAt };
  return orThrow('getDepartureManifest', () => api.GET('/api/v1/departures/manifest', { params: { query }, signal }));
});

/** The manifest as a CSV file: a signed, expiring link (downloadExport serves it). Logged and re-thrown. */
export const exportManifestCsv = fromPromise<ExportResult, ManifestInput>(({ input, signal }) => {
  const { source, teamId } = input;
  if (source.kind === 'tour')
    return orThrow('exportTourManifestCsv', () =>
      api.GET('/api/v1/tours/{id}/manifest/csv', { params: { path: { id: source.tourId } }, signal }),
    );
  const query = { teamId, productId: source.productId, departureAt: source.departureAt };
  return orThrow('exportDepartureManifestCsv', () =>
    api.GET('/api/v1/departures/manifest/csv', { params: { query }, signal }),
  );
});

/**
 * Sends one queued check-in. Its failure is re-thrown as an ApiError (status 0: no answer came), so
 * the queue tells a network failure (wait, retry) from a refusal (drop it, say so). No abort signal:
 * a request on its way is not taken back when the screen closes (its key keeps a resend harmless).
 */
export const sendCheckIn = fromPromise<CheckedInOrder, QueuedCheckIn>(({ input }) =>
  orThrow('checkInOrder', () =>
    api.PUT('/api/v1/orders/{id}/check-in', { params: { path: { id: input.orderId } }, body: requestOf(input) }),
  ),
);

/** How long the queue waits after its n-th network failure in a row: 1 s doubling up to 30 s. */
export const backoffMs = (attempts: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, attempts - 1));

/** The wait before the queue tries again (an invoked actor, so a test decides when it ends). */
export const backoff = fromPromise<void, { attempts: number }>(
  ({ input, signal }) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, backoffMs(input.attempts));
      signal.addEventListener('abort', () => clearTimeout(timer));
    }),
);

/** The browser's connection: `net.online` / `net.offline` now and whenever it changes. */
export type ConnectivityEvent = { type: 'net.online' } | { type: 'net.offline' };

export const connectivity = fromCallback<{ type: 'net.noop' }, void, ConnectivityEvent>(({ sendBack }) => {
  const online = () => sendBack({ type: 'net.online' });
  const offline = () => sendBack({ type: 'net.offline' });
  if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
});
