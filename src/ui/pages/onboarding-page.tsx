import { Alert, Button, Heading, HStack, Spinner, Stack } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Stage } from '../../domain/onboarding-rules';
import { onboardingMachine } from '../../machines/onboarding/onboarding.machine';
import {
  selectCanBack,
  selectCanNext,
  selectError,
  selectIsBusy,
  selectIsClosed,
  selectIsRestoring,
  selectStage,
  type OnboardingActorRef,
} from '../../machines/onboarding/selectors';
import { selectUser } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { CompletionStage } from '../onboarding/completion-stage';
import { ContactStage } from '../onboarding/contact-stage';
import { OrganizationStage } from '../onboarding/organization-stage';
import { OtaAccountsStage } from '../onboarding/ota-accounts-stage';
import { PlanStage } from '../onboarding/plan-stage';
import { SignInStage } from '../onboarding/sign-in-stage';
import { Stepper } from '../onboarding/stepper';
import { useInspect } from '../app/inspect';

const STAGE_VIEWS: Record<Exclude<Stage, 7>, ComponentType<{ actor: OnboardingActorRef }>> = {
  1: SignInStage,
  2: OrganizationStage,
  3: ContactStage,
  4: PlanStage,
  5: OtaAccountsStage,
  6: CompletionStage,
};

/** `/auth/onboarding`: the seven stages, one machine per signed-in user (or visitor). */
export function OnboardingPage() {
  const userId = SessionContext.useSelector((s) => selectUser(s)?.id ?? null);
  return <Onboarding key={userId ?? 'visitor'} userId={userId} />;
}

function Onboarding({ userId }: { userId: string | null }) {
  const inspect = useInspect();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const actor = useActorRef(onboardingMachine, { inspect, input: { session, userId } });
  // where Finish goes is the machine's to say; the router only takes it there
  useEffect(() => {
    const closed = actor.on('onboarding.closed', (event) => void navigate(event.to, { replace: true }));
    return () => closed.unsubscribe();
  }, [actor, navigate]);
  const stage = useSelector(actor, selectStage);
  const closed = useSelector(actor, selectIsClosed);
  const busy = useSelector(actor, selectIsBusy);
  const restoring = useSelector(actor, selectIsRestoring);
  const error = useSelector(actor, selectError);
  const canNext = useSelector(actor, selectCanNext);
  const canBack = useSelector(actor, selectCanBack);

  // closed (stage 7): on the way to the first day's page
  if (closed) return <Spinner aria-label="Opening your first day" />;
  if (restoring) return <Spinner aria-label="Loading your organization" />;
  const StageView = STAGE_VIEWS[stage as Exclude<Stage, 7>];
  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Set up your organization
      </Heading>
      <Stepper actor={actor}>
        <Stack gap="5">
          <StageView actor={actor} />
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <HStack justify="space-between">
            <Button variant="outline" disabled={!canBack} onClick={() => actor.send({ type: 'onboarding.back' })}>
              Back
            </Button>
            {stage > 1 || userId ? (
              <Button loading={busy} disabled={!canNext} onClick={() => actor.send({ type: 'onboarding.next' })}>
                {stage === 6 ? 'Finish' : 'Next'}
              </Button>
            ) : null}
          </HStack>
        </Stack>
      </Stepper>
    </Stack>
  );
}
