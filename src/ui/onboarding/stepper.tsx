import { Button, chakra, HStack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { STAGES } from '../../domain/onboarding-rules';
import { selectGotoStages, selectStage, type OnboardingActorRef } from '../../machines/onboarding/selectors';

/** The seven stages; earlier ones can be chosen to go back to. */
export function Stepper({ actor }: { actor: OnboardingActorRef }) {
  const current = useSelector(actor, selectStage);
  const reachable = useSelector(actor, selectGotoStages, (a, b) => a.join() === b.join());
  return (
    // the list itself lays the stages out: its items must be its direct children
    <HStack as="ol" aria-label="Onboarding stages" listStyleType="none" p="0" m="0" gap="1" wrap="wrap">
      {STAGES.map(({ stage, title }) => (
        <chakra.li key={stage}>
          <Button
            size="xs"
            variant={stage === current ? 'solid' : 'ghost'}
            aria-current={stage === current ? 'step' : undefined}
            aria-label={`Stage ${stage}: ${title}`}
            title={title}
            disabled={!reachable.includes(stage)}
            onClick={() => actor.send({ type: 'onboarding.goto', stage })}
          >
            {stage}
          </Button>
        </chakra.li>
      ))}
    </HStack>
  );
}
