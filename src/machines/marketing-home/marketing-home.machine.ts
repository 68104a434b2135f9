import { assign, setup } from 'xstate';
import { loadMarketing, type Marketing } from '../../api/services/ads';
import type { Ad, AdGroup } from '../../domain/ads';

/**
 * The marketing home: what is live now (the e-mail banner, the interstitial), the ads by tag and
 * the groups, read once; a failure shows with Retry.
 */
export interface MarketingHomeContext {
  teamId: string;
  ads: Ad[];
  groups: AdGroup[];
}

export type MarketingHomeEvent = { type: 'marketing.retry' };

export const marketingHomeMachine = setup({
  types: {
    input: {} as { teamId: string },
    context: {} as MarketingHomeContext,
    events: {} as MarketingHomeEvent,
    tags: {} as 'loading',
  },
  actors: { load: loadMarketing },
  actions: {
    setLoaded: assign((_, params: Marketing) => ({ ads: params.ads, groups: params.groups })),
  },
}).createMachine({
  id: 'marketingHome',
  context: ({ input }) => ({ teamId: input.teamId, ads: [], groups: [] }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: { target: 'ready', actions: { type: 'setLoaded', params: ({ event }) => event.output } },
        // the service has logged it
        onError: 'failed',
      },
    },
    failed: { on: { 'marketing.retry': 'loading' } },
    ready: {},
  },
});
