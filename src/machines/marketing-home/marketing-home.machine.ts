import { assign, setup } from 'xstate';
import { can } from '../../../shared/permissions';
import { loadMarketing, type Marketing } from '../../api/services/ads';
import type { Ad, AdGroup } from '../../domain/ads';
import type { Role } from '../../domain/statuses';

/**
 * The marketing home: what is live now (the e-mail banner, the interstitial), the ads by tag and
 * the groups, read once; a failure shows with Retry. Its links say "edit" or "see" as the role
 * may change marketing or not (the role matrix).
 */
export interface MarketingHomeInput {
  teamId: string;
  role: Role;
}

export interface MarketingHomeContext {
  teamId: string;
  /** The role may change ads and groups. */
  mayEdit: boolean;
  ads: Ad[];
  groups: AdGroup[];
}

export type MarketingHomeEvent = { type: 'marketing.retry' };

export const marketingHomeMachine = setup({
  types: {
    input: {} as MarketingHomeInput,
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
  context: ({ input }) => ({
    teamId: input.teamId,
    mayEdit: can(input.role, 'updateAdGroup') && can(input.role, 'updateAd'),
    ads: [],
    groups: [],
  }),
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
