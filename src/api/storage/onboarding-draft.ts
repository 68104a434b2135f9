import { fromPromise } from 'xstate';
import { EMPTY_VALUES, isStage, type OnboardingValues, type Stage } from '../../domain/onboarding-rules';

/**
 * The onboarding draft in browser storage: every keystroke and the stage, so a reload resumes
 * where the person was (the organization on the server has only what was submitted, and no
 * country). The machine reaches storage only through the `readDraft` actor and the
 * `saveDraft` / `clearDraft` actions, which tests replace with `.provide()`.
 */
export const DRAFT_KEY = 'onboardingDraft';

export interface OnboardingDraft {
  /** Whose draft it is: another account signing in on this browser starts afresh. */
  userId: string;
  stage: Stage;
  orgId: string | null;
  teamId: string | null;
  values: OnboardingValues;
}

function parse(text: string | null, userId: string): OnboardingDraft | null {
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Partial<OnboardingDraft>;
    if (draft.userId !== userId || !isStage(draft.stage)) return null;
    return {
      userId,
      stage: draft.stage,
      orgId: typeof draft.orgId === 'string' ? draft.orgId : null,
      teamId: typeof draft.teamId === 'string' ? draft.teamId : null,
      values: { ...EMPTY_VALUES, ...draft.values },
    };
  } catch {
    return null;
  }
}

export const readDraft = fromPromise<OnboardingDraft | null, { userId: string }>(async ({ input }) => {
  try {
    return parse(window.localStorage.getItem(DRAFT_KEY), input.userId);
  } catch {
    return null; // storage unavailable: nothing was kept
  }
});

export function writeDraft(draft: OnboardingDraft | null): void {
  try {
    if (draft) window.localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    else window.localStorage.removeItem(DRAFT_KEY);
  } catch (error) {
    console.warn('[onboarding] cannot keep the draft in storage', error);
  }
}
