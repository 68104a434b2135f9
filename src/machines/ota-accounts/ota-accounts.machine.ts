import { assign, setup } from 'xstate';
import { getOtaAccounts, saveOtaAccounts, type OtaAccounts } from '../../api/services/ota-accounts';
import { OTA_SELECTION_MESSAGE } from '../../domain/onboarding-rules';

/**
 * A team's OTA e-mail accounts: fetch those available and selected, let the person choose, save.
 * Onboarding stage 5 and the global OTA dialog both invoke it. A fetch failure is logged only
 * (SPEC section 8) and offers a retry.
 */
export interface OtaAccountsInput {
  teamId: string;
}

export interface OtaAccountsContext {
  teamId: string;
  available: OtaAccounts['available'];
  selected: string[];
  error: string | null;
}

export type OtaAccountsEvent = { type: 'ota.toggle'; email: string } | { type: 'ota.save' } | { type: 'ota.retry' };

export interface OtaAccountsOutput {
  otas: string[];
}

export const SAVE_FAILED = 'Could not save the OTA accounts. Please try again.';

export const otaAccountsMachine = setup({
  types: {
    input: {} as OtaAccountsInput,
    context: {} as OtaAccountsContext,
    events: {} as OtaAccountsEvent,
    output: {} as OtaAccountsOutput,
  },
  actors: { getOtaAccounts, saveOtaAccounts },
  guards: {
    gotAccounts: (_, params: { accounts: OtaAccounts | null }) => params.accounts !== null,
    hasSelection: ({ context }) => context.selected.length > 0,
  },
  actions: {
    setAccounts: assign((_, params: { accounts: OtaAccounts }) => ({
      available: params.accounts.available,
      selected: params.accounts.otas,
      error: null,
    })),
    toggle: assign(({ context }, params: { email: string }) => ({
      selected: context.selected.includes(params.email)
        ? context.selected.filter((e) => e !== params.email)
        : [...context.selected, params.email],
      error: null,
    })),
    setError: assign((_, params: { error: string }) => ({ error: params.error })),
    logError: (_, params: { error: unknown }) => {
      console.error('[ota-accounts]', params.error);
    },
  },
}).createMachine({
  id: 'otaAccounts',
  context: ({ input }) => ({ teamId: input.teamId, available: [], selected: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'getOtaAccounts',
        src: 'getOtaAccounts',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: [
          {
            guard: { type: 'gotAccounts', params: ({ event }) => ({ accounts: event.output }) },
            target: 'ready',
            actions: { type: 'setAccounts', params: ({ event }) => ({ accounts: event.output! }) },
          },
          // the service has logged the failure already (logged only)
          { target: 'failed' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: { 'ota.retry': 'loading' },
    },
    ready: {
      on: {
        'ota.toggle': { actions: { type: 'toggle', params: ({ event }) => ({ email: event.email }) } },
        'ota.save': [
          { guard: 'hasSelection', target: 'saving' },
          { actions: { type: 'setError', params: { error: OTA_SELECTION_MESSAGE } } },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveOtaAccounts',
        src: 'saveOtaAccounts',
        input: ({ context }) => ({ teamId: context.teamId, otas: context.selected }),
        onDone: {
          target: 'saved',
          actions: { type: 'setAccounts', params: ({ event }) => ({ accounts: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            { type: 'setError', params: { error: SAVE_FAILED } },
          ],
        },
      },
    },
    saved: { type: 'final' },
  },
  output: ({ context }) => ({ otas: context.selected }),
});
