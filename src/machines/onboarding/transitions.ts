import type { Org } from '../../api/services/onboarding';
import type { FormStage, Stage } from '../../domain/onboarding-rules';
import { SAVE_ORG_FAILED, type OnboardingContext, type OnboardingEvent } from './context';

/** Transition and action pieces the onboarding machine uses in several stages. */
export const logError = {
  type: 'logError',
  params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
} as const;
export const enter = (stage: Stage) => [{ type: 'setStage', params: { stage } }, 'saveDraft'] as const;
export const next = (stage: FormStage) =>
  [
    { guard: { type: 'stageValid', params: { stage } }, target: 'saving' },
    { actions: { type: 'showErrors', params: { stage } } },
  ] as const;
export const saveFailed = {
  target: 'editing',
  actions: [logError, { type: 'setError', params: { error: SAVE_ORG_FAILED } }],
} as const;
export const change = {
  actions: [
    {
      type: 'setValues',
      params: ({
        context,
        event,
      }: {
        context: OnboardingContext;
        event: Extract<OnboardingEvent, { type: 'onboarding.change' }>;
      }) => ({
        values: { ...context.values, ...event.values },
      }),
    },
    'saveDraft',
  ],
} as const;
export const keepOrg = {
  type: 'applyOrg',
  params: ({ event }: { event: { output: Org } }) => ({ org: event.output }),
} as const;
