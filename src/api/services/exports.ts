import { fromPromise } from 'xstate';
import type { ListQuery } from '../../domain/list-filters';
import type { OrderView, TourView } from '../../domain/statuses';
import { api } from '../client';
import { orThrow } from './policy';

/** CSV export (SPEC section 7): a signed, expiring link for the filters, then its message. */
export type ExportKind = 'orders' | 'tours';

export interface ExportResult {
  presignedUrl: string;
  message: string;
}

export interface ExportCsvInput {
  kind: ExportKind;
  teamId: string;
  /** `toListQuery(filters, view)` of the list being exported. */
  query: ListQuery;
  /** The list's view (`new-added`, `today`...), null for all rows. */
  view: string | null;
}

/** Tours sort by departure only: a booking-date sort keeps its direction. */
function tourSort(orderBy: ListQuery['orderBy']): 'DEPARTURE_AT_ASC' | 'DEPARTURE_AT_DESC' {
  return orderBy.endsWith('_DESC') ? 'DEPARTURE_AT_DESC' : 'DEPARTURE_AT_ASC';
}

/**
 * Export failure: logged and re-thrown. Orders export exactly the list's query; tours know no `q`
 * nor `dateBasis`: a search is sent as the exact display id it names.
 */
export const exportCsv = fromPromise<ExportResult, ExportCsvInput>(({ input, signal }) => {
  const { kind, teamId, query, view } = input;
  if (kind === 'orders') {
    return orThrow('exportOrdersCsv', () =>
      api.GET('/api/v1/orders/export/csv', {
        params: {
          query: {
            ...query,
            teamId,
            ...(view ? { view: view as OrderView } : {}),
          },
        },
        signal,
      }),
    );
  }
  // tours have no OTA, no booking date
  const { q, dateBasis: _dateBasis, ota: _ota, orderBy, ...rest } = query;
  return orThrow('exportToursCsv', () =>
    api.GET('/api/v1/tours/export/csv', {
      params: {
        query: {
          ...rest,
          ...(q ? { displayId: q.toUpperCase() } : {}),
          orderBy: tourSort(orderBy),
          teamId,
          ...(view ? { view: view as TourView } : {}),
        },
      },
      signal,
    }),
  );
});

export interface ExportMessageInput {
  kind: ExportKind;
  presignedUrl: string;
  message: string;
}

/** Records the export's message (PATCH ?presignedUrl, body {message}); logged and re-thrown. */
export const updateExportMessage = fromPromise<ExportResult, ExportMessageInput>(({ input, signal }) => {
  const { kind, presignedUrl, message } = input;
  const init = { params: { query: { presignedUrl } }, body: { message }, signal };
  return kind === 'orders'
    ? orThrow('updateOrdersExportMessage', () => api.PATCH('/api/v1/orders/export/csv', init))
    : orThrow('updateToursExportMessage', () => api.PATCH('/api/v1/tours/export/csv', init));
});
