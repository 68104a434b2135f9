import { assign, emit, setup } from 'xstate';
import { getFeatures, updateFeature, type FeatureFlagRecord } from '../../api/services/features';
import { findCountry, type Continent } from '../../../shared/countries';
import { sameCountries, toggleContinent, toggleFlagCountry } from '../../../shared/feature-flags';
import type { NotifyEvent } from '../notify';
import type { FeatureToggleContext, FeatureToggleEvent, Sending } from './types';

/** The toast of a refused change (SPEC section 8 names none for flags; worded like its others). */
export const FLAG_UPDATE_FAILED = 'Failed to update feature flag';

const flagOf = (context: FeatureToggleContext, id: string) => context.flags.find((f) => f.id === id);

/** The first flag showing countries the server has not confirmed: the next change to send. */
function nextChange(context: FeatureToggleContext): Sending | null {
  const flag = context.flags.find((f) => !sameCountries(context.shown[f.id], f.teams));
  return flag ? { id: flag.id, teams: context.shown[flag.id] } : null;
}

/**
 * The feature toggle page (`/setting/feature-toggle`, platform admins only): the flags, each
 * switched per country, a continent at once. A toggle shows at once (optimistic) and is sent
 * in the background. Changes are sent one at a time: while one is in flight, further toggles
 * still show at once and wait; when it is answered, the next flag whose countries differ from
 * the server's is sent with its latest countries (so a burst of toggles on a flag becomes one
 * follow-up request). A refusal (403, 400, network) rolls that flag back to the server's last
 * answer, dropping its waiting toggles too, and toasts.
 */
export const featureToggleMachine = setup({
  types: {
    context: {} as FeatureToggleContext,
    events: {} as FeatureToggleEvent,
    emitted: {} as NotifyEvent,
  },
  actors: { getFeatures, updateFeature },
  guards: {
    loaded: (_, params: { flags: FeatureFlagRecord[] | null }) => params.flags !== null,
    isFlag: ({ context }, params: { flagId: string }) => flagOf(context, params.flagId) !== undefined,
    isFlagAndCountry: ({ context }, params: { flagId: string; code: string }) =>
      flagOf(context, params.flagId) !== undefined && findCountry(params.code)?.code === params.code,
    hasUnsent: ({ context }) => nextChange(context) !== null,
  },
  actions: {
    takeFlags: assign((_, params: { flags: FeatureFlagRecord[] }) => ({
      flags: params.flags,
      shown: Object.fromEntries(params.flags.map((f) => [f.id, f.teams])),
      sending: null,
    })),
    toggleCountry: assign(({ context }, params: { flagId: string; code: string }) => ({
      shown: { ...context.shown, [params.flagId]: toggleFlagCountry(context.shown[params.flagId], params.code) },
    })),
    toggleContinent: assign(({ context }, params: { flagId: string; continent: Continent }) => ({
      shown: { ...context.shown, [params.flagId]: toggleContinent(context.shown[params.flagId], params.continent) },
    })),
    pickNext: assign(({ context }) => ({ sending: nextChange(context) })),
    /** The server's answer becomes the truth; toggles made meanwhile stay shown, to be sent next. */
    confirm: assign(({ context }, params: { flag: FeatureFlagRecord }) => {
      const { flag } = params;
      const untouched = context.sending !== null && sameCountries(context.shown[flag.id], context.sending.teams);
      return {
        flags: context.flags.map((f) => (f.id === flag.id ? flag : f)),
        shown: untouched ? { ...context.shown, [flag.id]: flag.teams } : context.shown,
        sending: null,
      };
    }),
    /** The flag shows the server's countries again: the refused change and those waiting behind it go. */
    rollBack: assign(({ context }) => {
      const flag = context.sending && flagOf(context, context.sending.id);
      return {
        shown: flag ? { ...context.shown, [flag.id]: flag.teams } : context.shown,
        sending: null,
      };
    }),
    notifyFailed: emit({ type: 'notify', kind: 'error', message: FLAG_UPDATE_FAILED }),
    logError: (_, params: { error: unknown }) => {
      console.error('[feature-toggle]', params.error);
    },
  },
}).createMachine({
  id: 'featureToggle',
  context: { flags: [], shown: {}, sending: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'getFeatures',
        src: 'getFeatures',
        onDone: [
          {
            guard: { type: 'loaded', params: ({ event }) => ({ flags: event.output }) },
            target: 'ready',
            actions: { type: 'takeFlags', params: ({ event }) => ({ flags: event.output ?? [] }) },
          },
          // the service has logged the failure (SPEC section 8); the page offers to retry
          { target: 'failed' },
        ],
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'flags.retry': { target: 'loading' } },
    },
    ready: {
      on: {
        'flags.toggleCountry': {
          guard: { type: 'isFlagAndCountry', params: ({ event }) => event },
          actions: { type: 'toggleCountry', params: ({ event }) => event },
        },
        'flags.toggleContinent': {
          guard: { type: 'isFlag', params: ({ event }) => event },
          actions: { type: 'toggleContinent', params: ({ event }) => event },
        },
      },
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasUnsent', target: 'saving' },
        },
        saving: {
          tags: ['saving'],
          entry: 'pickNext',
          invoke: {
            id: 'updateFeature',
            src: 'updateFeature',
            // `pickNext` (entry) has set it: this state is only entered with a change to send
            input: ({ context }) => context.sending as Sending,
            onDone: { target: 'idle', actions: { type: 'confirm', params: ({ event }) => ({ flag: event.output }) } },
            onError: {
              target: 'idle',
              actions: [
                'rollBack',
                'notifyFailed',
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
  },
});
