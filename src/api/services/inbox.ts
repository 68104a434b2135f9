import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { fetchOrNull, orThrow, type Page } from './policy';

/** The channel inbox: what came from the OTAs and needs a person, its count, and Acknowledge. */
export type InboxItem = components['schemas']['InboxItem'];
export type InboxShow = 'open' | 'all';

export interface InboxPageInput {
  teamId: string;
  show: InboxShow;
  /** Null for the first page. */
  cursor: string | null;
}

/** A page of the inbox, newest first. A failure is logged and re-thrown: the screen says so with
 *  Retry rather than "nothing needs you". */
export const listInbox = fromPromise<Page<InboxItem>, InboxPageInput>(async ({ input, signal }) => {
  const query = { teamId: input.teamId, state: input.show, ...(input.cursor ? { cursor: input.cursor } : {}) };
  return orThrow('listInbox', () => api.GET('/api/v1/inbox', { params: { query }, signal }));
});

/** The open items' count for the navigation; null when it cannot be fetched (or there is no team). */
export const countInbox = fromPromise<number | null, { teamId: string | null }>(async ({ input, signal }) => {
  if (!input.teamId) return null;
  const teamId = input.teamId;
  const data = await fetchOrNull('countInbox', () =>
    api.GET('/api/v1/inbox/count', { params: { query: { teamId } }, signal }),
  );
  return data?.total ?? null;
});

/** Acknowledge: logged and re-thrown (the screen takes its optimistic change back). No abort
 *  signal: leaving the screen does not cancel what was asked for. */
export const acknowledgeInboxItem = fromPromise<InboxItem, { id: string }>(({ input }) =>
  orThrow('acknowledgeInboxItem', () =>
    api.POST('/api/v1/inbox/{id}/acknowledge', { params: { path: { id: input.id } } }),
  ),
);
