import { fromCallback } from 'xstate';
import { connectClient } from '../../api/client';

export interface ApiConnectionInput {
  getToken: () => string | null;
}

/**
 * Lives as long as the session: lends the client the session's token and turns
 * every 401 into an `api.unauthorized` event for the session to handle.
 */
export const apiConnection = fromCallback<{ type: 'noop' }, ApiConnectionInput>(({ input, sendBack }) =>
  connectClient({
    getToken: input.getToken,
    onUnauthorized: () => sendBack({ type: 'api.unauthorized' }),
  }),
);
