import { fromPromise } from 'xstate';
import type { Ota } from '../../domain/statuses';
import { api } from '../client';
import type { components } from '../schema';
import { orRefusal, orThrow } from './policy';

/** A team's channel API keys (the settings dialog's Connections page), and copying a new key. */
export type ChannelKey = components['schemas']['ChannelKey'];
export interface CreatedKey {
  key: ChannelKey;
  /** The key itself: in this answer only. */
  secret: string;
}

/** A write the server refused (400, 403, 404), with its message to show as it is. */
export type KeyOutcome<T> = { ok: true; data: T } | { ok: false; refusal: string };

const REFUSED = new Set([400, 403, 404]);
const refusalOf = (status: number, body: unknown): string | null =>
  REFUSED.has(status) ? String((body as { message?: unknown } | undefined)?.message ?? 'Refused') : null;

/** Throws on failure: the page shows a failure with a retry. */
export const loadChannelKeys = fromPromise<ChannelKey[], { teamId: string }>(async ({ input, signal }) => {
  const data = await orThrow('listChannelKeys', () =>
    api.GET('/api/v1/team/channel-keys', { params: { query: { teamId: input.teamId } }, signal }),
  );
  return data.keys;
});

// Writes take no abort signal: leaving the page does not cancel a change already asked for.

export const createChannelKey = fromPromise<KeyOutcome<CreatedKey>, { teamId: string; channel: Ota; name: string }>(
  ({ input }) =>
    orRefusal(
      'createChannelKey',
      () =>
        api.POST('/api/v1/team/channel-keys', {
          body: { teamId: input.teamId, channel: input.channel, name: input.name },
        }),
      refusalOf,
    ),
);

export const revokeChannelKey = fromPromise<KeyOutcome<ChannelKey>, { teamId: string; id: string }>(({ input }) =>
  orRefusal(
    'revokeChannelKey',
    () =>
      api.DELETE('/api/v1/team/channel-keys/{id}', {
        params: { path: { id: input.id }, query: { teamId: input.teamId } },
      }),
    refusalOf,
  ),
);

/** Puts a new key on the clipboard (the browser may refuse: the machine says so). */
export const copyKeySecret = fromPromise<void, { secret: string }>(({ input }) =>
  navigator.clipboard.writeText(input.secret),
);
