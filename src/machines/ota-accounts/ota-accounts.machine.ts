import { assign, setup } from 'xstate';
import { getOtaAccounts, saveOtaAccounts, type OtaAccounts } from '../../api/services/ota-accounts';
import { inboxProblem, OTA_SELECTION_MESSAGE, type OtaInbox } from '../../domain/onboarding-rules';

/**
 * A team's OTA e-mail accounts: fetch those available and selected, let the person choose and
 * type each OTA's address (the team's own inbox, not only the one made up from its domain), save.
 * Typed addresses are checked here (an e-mail address each, no two alike) and sent with the save.
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
  /** An address was typed: the save sends the inboxes too. */
  edited: boolean;
  error: string | null;
}

export type OtaAccountsEvent =
  | { type: 'ota.toggle'; email: string }
  /** The address of one OTA's inbox, as typed. */
  | { type: 'ota.address'; ota: OtaInbox['ota']; email: string }
  | { type: 'ota.save' }
  | { type: 'ota.retry' };

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
    hasInbox: ({ context }, params: { ota: string }) => context.available.some((a) => a.ota === params.ota),
    addressesWrong: ({ context }) => context.edited && inboxProblem(context.available) !== null,
  },
  actions: {
    setAccounts: assign((_, params: { accounts: OtaAccounts }) => ({
      available: params.accounts.available,
      selected: params.accounts.otas,
      edited: false,
      error: null,
    })),
    /** A typed address replaces the OTA's and is chosen (typing it is wanting it). */
    setAddress: assign(({ context }, params: { ota: string; email: string }) => {
      const before = context.available.find((a) => a.ota === params.ota)?.email;
      return {
        available: context.available.map((a) => (a.ota === params.ota ? { ota: a.ota, email: params.email } : a)),
        selected: [...context.selected.filter((e) => e !== before && e !== params.email), params.email],
        edited: true,
        error: null,
      };
    }),
    showAddressProblem: assign(({ context }) => ({ error: inboxProblem(context.available) })),
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
  context: ({ input }) => ({ teamId: input.teamId, available: [], selected: [], edited: false, error: null }),
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
        'ota.address': {
          guard: { type: 'hasInbox', params: ({ event }) => ({ ota: event.ota }) },
          actions: { type: 'setAddress', params: ({ event }) => ({ ota: event.ota, email: event.email }) },
        },
        'ota.save': [
          { guard: 'addressesWrong', actions: 'showAddressProblem' },
          { guard: 'hasSelection', target: 'saving' },
          { actions: { type: 'setError', params: { error: OTA_SELECTION_MESSAGE } } },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveOtaAccounts',
        src: 'saveOtaAccounts',
        input: ({ context }) => ({
          teamId: context.teamId,
          otas: context.selected.map((e) => e.trim()),
          ...(context.edited
            ? { accounts: context.available.map((a) => ({ ota: a.ota, email: a.email.trim() })) }
            : {}),
        }),
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
