import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { orThrow } from './policy';

/** Recently deleted orders and tours: the team's list, and restoring one. */
export type DeletedRecord = components['schemas']['DeletedRecord'];
export type RecordKind = DeletedRecord['kind'];

/** A record named for the person: what a deletion and its toasts say. */
export interface RecordRef {
  kind: RecordKind;
  id: string;
  displayId: string;
}

/** List failure: logged and re-thrown (the screen shows it with Retry rather than "nothing deleted"). */
export const listDeleted = fromPromise<DeletedRecord[], { teamId: string }>(async ({ input, signal }) => {
  const data = await orThrow('listDeleted', () =>
    api.GET('/api/v1/deleted', { params: { query: { teamId: input.teamId } }, signal }),
  );
  return data.records;
});

/** Restore failure: logged and re-thrown (a 404 says it can no longer be restored). Answers what came back. */
export const restoreRecord = fromPromise<RecordRef, RecordRef>(async ({ input, signal }) => {
  const params = { params: { path: { id: input.id } }, signal };
  const back =
    input.kind === 'order'
      ? await orThrow('restoreOrder', () => api.POST('/api/v1/orders/{id}/restore', params))
      : await orThrow('restoreTour', () => api.POST('/api/v1/tours/{id}/restore', params));
  return { kind: input.kind, id: back.id, displayId: back.displayId };
});
