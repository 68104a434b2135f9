import { assign, emit, sendTo, setup } from 'xstate';
import { getMyOrg, saveOrg, type Org } from '../../api/services/onboarding';
import {
  EMPTY_VALUES,
  isStage,
  isStageValid,
  validateStage,
  type FormStage,
  type Stage,
} from '../../domain/onboarding-rules';
import {
  canGoTo,
  draftOf,
  fromDraft,
  fromOrg,
  orgChangeFor,
  resumeFromOrg,
  resumeStage,
  STAGE_STATES,
  TEAM_NOT_CREATED,
  type OnboardingContext,
  type OnboardingEvent,
  type OnboardingInput,
} from './context';
import { readDraft, writeDraft, type OnboardingDraft } from '../../api/storage/onboarding-draft';
import { PATHS } from '../../domain/paths';
import { change, enter, keepOrg, logError, next, saveFailed } from './transitions';
import { otaAccountsMachine } from '../ota-accounts/ota-accounts.machine';

/**
 * Onboarding, SPEC section 4: 1 sign-in, 2 organization, 3 contact information, 4 plan (the
 * team is created here, in its country's timezone), 5 OTA accounts (the ota-accounts child),
 * 6 completion, 7 closed. Next advances, Back and `onboarding.goto` go back down; the values
 * survive both and a reload. Starting, it reads this browser's draft and then the caller's
 * organization on the server, whose stage and saved fields win (another browser may have gone
 * further); the draft keeps what was typed and not saved yet. Finish closes it and says where the
 * person goes next (`onboarding.closed`: the first day's next steps, `PATHS.firstDay`).
 */
/** Emitted once closed, after the session was told to reload the user: the page goes `to`. */
export interface OnboardingClosed {
  type: 'onboarding.closed';
  to: string;
}

export type { OnboardingContext, OnboardingEvent, OnboardingInput };
export { STAGE_STATES };

export const onboardingMachine = setup({
  types: {
    input: {} as OnboardingInput,
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    tags: {} as 'busy',
    emitted: {} as OnboardingClosed,
  },
  actors: { readDraft, getMyOrg, saveOrg, otaAccounts: otaAccountsMachine },
  guards: {
    signedIn: ({ context }) => context.userId !== null,
    signedOut: ({ context }) => context.userId === null,
    gotOrg: (_, params: { org: Org | null }) => params.org !== null,
    resumeAt: ({ context }, params: { stage: Stage }) => resumeStage(context) === params.stage,
    stageValid: ({ context }, params: { stage: FormStage }) => isStageValid(params.stage, context.values),
    orgHasTeam: (_, params: { org: Org }) => params.org.teamId !== null,
    canGoto: ({ context }, params: { stage: number; to: Stage }) =>
      params.stage === params.to && canGoTo(context, params.to),
  },
  actions: {
    setStage: assign((_, params: { stage: Stage }) => ({ stage: params.stage, errors: {}, error: null })),
    setValues: assign(({ context }, params: { values: OnboardingContext['values'] }) => ({
      values: params.values,
      // a message goes away once its field is fixed
      errors:
        isStage(context.stage) && context.stage >= 2 && context.stage <= 4
          ? pick(context.errors, validateStage(context.stage as FormStage, params.values))
          : {},
    })),
    showErrors: assign(({ context }, params: { stage: FormStage }) => ({
      errors: validateStage(params.stage, context.values),
    })),
    applyDraft: assign((_, params: { draft: OnboardingDraft | null }) => (params.draft ? fromDraft(params.draft) : {})),
    applyOrg: assign(({ context }, params: { org: Org }) => fromOrg(context, params.org)),
    resumeFromOrg: assign(({ context }, params: { org: Org }) => resumeFromOrg(context, params.org)),
    setError: assign((_, params: { error: string }) => ({ error: params.error })),
    logError: (_, params: { error: unknown }) => {
      console.error('[onboarding]', params.error);
    },
    logInvalidStage: (_, params: { stage: unknown }) => {
      console.error(
        `[onboarding] cannot go to stage ${String(params.stage)}: only an earlier stage (1 to 6) can be chosen`,
      );
    },
    saveDraft: ({ context }) => writeDraft(draftOf(context)),
    clearDraft: () => writeDraft(null),
    requestSignIn: sendTo(({ context }) => context.session, { type: 'session.login' }),
    refreshSession: sendTo(({ context }) => context.session, { type: 'session.refresh' }),
    saveOtaChoice: sendTo('otaAccounts', { type: 'ota.save' }),
    // an emitted event is delivered after the session got `session.refresh` (a custom action would
    // run before it): the guards then wait for the new team instead of sending back to onboarding
    announceClosed: emit({ type: 'onboarding.closed', to: PATHS.firstDay }),
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    session: input.session,
    userId: input.userId,
    stage: 1,
    values: EMPTY_VALUES,
    errors: {},
    orgId: null,
    teamId: null,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'signedIn', target: 'restoring' }, { target: 'stages.signIn' }],
    },
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'readDraft',
        src: 'readDraft',
        input: ({ context }) => ({ userId: context.userId ?? '' }),
        onDone: {
          target: 'fetchingOrg',
          actions: { type: 'applyDraft', params: ({ event }) => ({ draft: event.output }) },
        },
        onError: { target: 'fetchingOrg', actions: logError },
      },
    },
    fetchingOrg: {
      tags: ['busy'],
      invoke: {
        id: 'getMyOrg',
        src: 'getMyOrg',
        onDone: [
          {
            guard: { type: 'gotOrg', params: ({ event }) => ({ org: event.output }) },
            target: 'resuming',
            actions: { type: 'resumeFromOrg', params: ({ event }) => ({ org: event.output! }) },
          },
          // no organization yet, or a fetch failure (null, logged by the service): the draft alone carries on
          { target: 'resuming' },
        ],
        onError: { target: 'resuming', actions: logError },
      },
    },
    resuming: {
      always: [
        { guard: { type: 'resumeAt', params: { stage: 6 } }, target: 'stages.completion' },
        { guard: { type: 'resumeAt', params: { stage: 5 } }, target: 'stages.otaAccounts' },
        { guard: { type: 'resumeAt', params: { stage: 4 } }, target: 'stages.plan' },
        { guard: { type: 'resumeAt', params: { stage: 3 } }, target: 'stages.contact' },
        { target: 'stages.organization' },
      ],
    },
    /** The stages a person works in; `onboarding.goto` goes back to an earlier one. */
    stages: {
      initial: 'signIn',
      on: {
        'onboarding.goto': [
          ...([1, 2, 3, 4, 5] as const).map((to) => ({
            guard: {
              type: 'canGoto' as const,
              params: ({ event }: { event: { stage: number } }) => ({ stage: event.stage, to }),
            },
            target: `#onboarding.stages.${STAGE_STATES[to]}`,
          })),
          { actions: { type: 'logInvalidStage', params: ({ event }) => ({ stage: event.stage }) } },
        ],
      },
      states: {
        signIn: {
          entry: enter(1),
          on: {
            'onboarding.signIn': { guard: 'signedOut', actions: 'requestSignIn' },
            'onboarding.next': { guard: 'signedIn', target: 'organization' },
          },
        },
        organization: {
          on: { 'onboarding.change': change },
          entry: enter(2),
          initial: 'editing',
          states: {
            editing: { on: { 'onboarding.next': next(2), 'onboarding.back': '#onboarding.stages.signIn' } },
            saving: {
              tags: ['busy'],
              invoke: {
                id: 'saveOrg',
                src: 'saveOrg',
                input: ({ context }) => orgChangeFor(2, context),
                onDone: { target: '#onboarding.stages.contact', actions: keepOrg },
                onError: saveFailed,
              },
            },
          },
        },
        contact: {
          on: { 'onboarding.change': change },
          entry: enter(3),
          initial: 'editing',
          states: {
            editing: { on: { 'onboarding.next': next(3), 'onboarding.back': '#onboarding.stages.organization' } },
            saving: {
              tags: ['busy'],
              invoke: {
                id: 'saveOrg',
                src: 'saveOrg',
                input: ({ context }) => orgChangeFor(3, context),
                onDone: { target: '#onboarding.stages.plan', actions: keepOrg },
                onError: saveFailed,
              },
            },
          },
        },
        plan: {
          on: { 'onboarding.change': change },
          entry: enter(4),
          initial: 'editing',
          states: {
            editing: { on: { 'onboarding.next': next(4), 'onboarding.back': '#onboarding.stages.contact' } },
            saving: {
              tags: ['busy'],
              invoke: {
                id: 'saveOrg',
                src: 'saveOrg',
                input: ({ context }) => orgChangeFor(4, context),
                onDone: [
                  {
                    guard: { type: 'orgHasTeam', params: ({ event }) => ({ org: event.output }) },
                    target: '#onboarding.stages.otaAccounts',
                    actions: keepOrg,
                  },
                  { target: 'editing', actions: [keepOrg, { type: 'setError', params: { error: TEAM_NOT_CREATED } }] },
                ],
                onError: saveFailed,
              },
            },
          },
        },
        otaAccounts: {
          entry: enter(5),
          invoke: {
            id: 'otaAccounts',
            src: 'otaAccounts',
            input: ({ context }) => ({ teamId: context.teamId ?? '' }),
            onDone: 'completion',
            onError: { target: 'otaAccounts', reenter: true, actions: logError },
          },
          on: { 'onboarding.next': { actions: 'saveOtaChoice' }, 'onboarding.back': 'plan' },
        },
        completion: {
          entry: enter(6),
          on: { 'onboarding.next': '#onboarding.finishing', 'onboarding.back': 'otaAccounts' },
        },
      },
    },
    finishing: {
      tags: ['busy'],
      invoke: {
        id: 'saveOrg',
        src: 'saveOrg',
        input: ({ context }) => orgChangeFor(6, context),
        // the team exists either way: a stage that was not recorded is only logged
        onDone: 'closed',
        onError: { target: 'closed', actions: logError },
      },
    },
    closed: {
      type: 'final',
      // the session reloads the user with the new team, and the guards let the first day in
      entry: [{ type: 'setStage', params: { stage: 7 } }, 'clearDraft', 'refreshSession', 'announceClosed'],
    },
  },
});

function pick<T extends object>(shown: T, now: T): T {
  return Object.fromEntries(Object.entries(now).filter(([k]) => k in shown)) as T;
}
