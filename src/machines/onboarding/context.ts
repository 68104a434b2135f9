import type { AnyActorRef } from 'xstate';
import type { Org, OrgChange } from '../../api/services/onboarding';
import {
  isStage,
  mergeOrg,
  toInformation,
  type FieldErrors,
  type OnboardingValues,
  type Stage,
} from '../../domain/onboarding-rules';
import type { OnboardingDraft } from '../../api/storage/onboarding-draft';

/** The onboarding machine's input, context and events. */
export interface OnboardingInput {
  /** The session: onboarding asks it to sign in (stage 1) and to reload the user when done. */
  session: AnyActorRef;
  /** The signed-in user's id, or null for a visitor (stage 1). */
  userId: string | null;
}

export interface OnboardingContext {
  session: AnyActorRef;
  userId: string | null;
  stage: Stage;
  values: OnboardingValues;
  /** Messages of the current stage's invalid fields, shown after Next was pressed. */
  errors: FieldErrors;
  orgId: string | null;
  teamId: string | null;
  error: string | null;
}

export type OnboardingEvent =
  | { type: 'onboarding.signIn' }
  | { type: 'onboarding.change'; values: Partial<OnboardingValues> }
  | { type: 'onboarding.next' }
  | { type: 'onboarding.back' }
  | { type: 'onboarding.goto'; stage: number };

export const SAVE_ORG_FAILED = 'Could not save your organization. Please try again.';
export const TEAM_NOT_CREATED = 'Your team could not be created. Please check the country and try again.';

/** What each stage's Next sends to `PATCH /api/v1/orgs`: its own fields and the stage reached. */
export function orgChangeFor(stage: 2 | 3 | 4 | 6, { values }: OnboardingContext): OrgChange {
  switch (stage) {
    case 2:
      // the country is recorded (the plan stage creates the team with it), so any browser resumes with it
      return { name: values.name.trim(), countryCode: values.countryCode, stage: 3 };
    case 3:
      return { information: toInformation(values), stage: 4 };
    case 4:
      // a name and a country create the team, in the country's timezone
      return { name: values.name.trim(), countryCode: values.countryCode, plan: values.plan, stage: 5 };
    case 6:
      return { stage: 7 };
  }
}

export function draftOf(context: OnboardingContext): OnboardingDraft | null {
  if (!context.userId) return null;
  const { userId, stage, orgId, teamId, values } = context;
  return { userId, stage, orgId, teamId, values };
}

export function fromDraft(draft: OnboardingDraft): Partial<OnboardingContext> {
  return { stage: draft.stage, orgId: draft.orgId, teamId: draft.teamId, values: draft.values };
}

/** What the server answered to a save: its ids, and its values over the typed ones. */
export function fromOrg(context: OnboardingContext, org: Org): Partial<OnboardingContext> {
  return { orgId: org.id, teamId: org.teamId ?? context.teamId, values: mergeOrg(context.values, org) };
}

/** Resuming: the organization on the server wins over the draft of this browser, stage included. */
export function resumeFromOrg(context: OnboardingContext, org: Org): Partial<OnboardingContext> {
  return { ...fromOrg(context, org), stage: isStage(org.stage) ? org.stage : context.stage };
}

/** The stage a reload resumes at: stages 5 and 6 need the team, else the plan stage creates it. */
export function resumeStage({ stage, teamId }: OnboardingContext): Stage {
  const capped = Math.min(stage, teamId ? 6 : 4);
  return Math.max(capped, 2) as Stage;
}

/** State names by stage, for `onboarding.goto` and the views. */
export const STAGE_STATES = {
  1: 'signIn',
  2: 'organization',
  3: 'contact',
  4: 'plan',
  5: 'otaAccounts',
  6: 'completion',
  7: 'closed',
} as const satisfies Record<Stage, string>;

/** Back down to an earlier stage (1 to 5); stages ahead are reached with Next, 7 only by finishing. */
export function canGoTo(context: Pick<OnboardingContext, 'stage'>, stage: number): boolean {
  return Number.isInteger(stage) && stage >= 1 && stage < context.stage && stage <= 5;
}
