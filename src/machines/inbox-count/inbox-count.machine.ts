import { assign, setup } from 'xstate';
import { countInbox } from '../../api/services/inbox';
import type { CountsInbox } from '../nav-counts/types';

/**
 * The open inbox items' count next to "Inbox" in the navigation, for the selected team: counted
 * when the team is selected, again when the inbox says an item was acknowledged, and every minute,
 * since the channels send what needs a person without anybody doing anything here.
 */
export interface InboxCountInput {
  teamId: string | null;
}

export interface InboxCountContext extends InboxCountInput {
  /** Null until counted, or when the count could not be fetched. */
  total: number | null;
}

export const INBOX_POLL_MS = 60_000;

export const inboxCountMachine = setup({
  types: {
    context: {} as InboxCountContext,
    input: {} as InboxCountInput,
    events: {} as CountsInbox,
  },
  actors: { countInbox },
  actions: {
    setTotal: assign((_, params: { total: number | null }) => ({ total: params.total })),
  },
  delays: { poll: INBOX_POLL_MS },
}).createMachine({
  id: 'inboxCount',
  context: ({ input }) => ({ teamId: input.teamId, total: null }),
  initial: 'counting',
  on: { 'counts.inbox': { target: '.counting', reenter: true } },
  states: {
    counting: {
      invoke: {
        id: 'countInbox',
        src: 'countInbox',
        input: ({ context }) => ({ teamId: context.teamId }),
        // a failed count keeps the last one shown (the service logs it and answers null)
        onDone: { target: 'counted', actions: { type: 'setTotal', params: ({ event }) => ({ total: event.output }) } },
        onError: { target: 'counted' },
      },
    },
    counted: { after: { poll: 'counting' } },
  },
});
