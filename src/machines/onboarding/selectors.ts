import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { STAGES, type Stage } from '../../domain/onboarding-rules';
import type { onboardingMachine } from './onboarding.machine';
import type { otaAccountsMachine } from '../ota-accounts/ota-accounts.machine';
import { canGoTo } from './context';

/** Narrow reads of the onboarding machine for the views (use with `useSelector`). */
export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;
export type OnboardingActorRef = ActorRefFrom<typeof onboardingMachine>;
export type OtaAccountsActorRef = ActorRefFrom<typeof otaAccountsMachine>;

export const selectStage = (s: OnboardingSnapshot): Stage => s.context.stage;
export const selectValues = (s: OnboardingSnapshot) => s.context.values;
export const selectErrors = (s: OnboardingSnapshot) => s.context.errors;
export const selectError = (s: OnboardingSnapshot) => s.context.error;
export const selectIsBusy = (s: OnboardingSnapshot) => s.hasTag('busy');
/** Reading the draft and the organization back, before any stage shows. */
export const selectIsRestoring = (s: OnboardingSnapshot) => s.matches('restoring') || s.matches('fetchingOrg');
export const selectIsClosed = (s: OnboardingSnapshot) => s.status === 'done';
export const selectCanNext = (s: OnboardingSnapshot) => !s.hasTag('busy') && s.can({ type: 'onboarding.next' });
export const selectCanBack = (s: OnboardingSnapshot) => !s.hasTag('busy') && s.can({ type: 'onboarding.back' });
export const selectCanSignIn = (s: OnboardingSnapshot) => s.can({ type: 'onboarding.signIn' });
export const selectOtaAccounts = (s: OnboardingSnapshot) => s.children.otaAccounts as OtaAccountsActorRef | undefined;

/**
 * The stages the stepper can go back to. `onboarding.goto` is always accepted (an invalid stage is
 * logged), so `can` cannot tell: the stepper asks the same rule the machine's guard uses.
 */
export const selectGotoStages = (s: OnboardingSnapshot): Stage[] =>
  s.hasTag('busy') || !s.matches('stages')
    ? []
    : STAGES.map((x) => x.stage).filter((stage) => canGoTo(s.context, stage));
