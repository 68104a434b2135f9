import { Steps, VisuallyHidden } from '@chakra-ui/react';
import { stepsSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { STAGES } from '../../domain/onboarding-rules';
import { selectGotoStages, selectStage, type OnboardingActorRef } from '../../machines/onboarding/selectors';

/** The stages a person walks through (7, closed, is where they leave: no step of its own). */
const STEPS = STAGES.filter((s) => s.stage < 7);

/**
 * The stages by name (Chakra Steps, one tab each), the current stage's content beside them.
 * Earlier stages can be chosen to go back to: the machine says which (`selectGotoStages`), and a
 * choice is only asked of it (`onboarding.goto`), never applied here.
 */
export function Stepper({ actor, children }: { actor: OnboardingActorRef; children: ReactNode }) {
  const current = useSelector(actor, selectStage);
  const reachable = useSelector(actor, selectGotoStages, (a, b) => a.join() === b.join());
  const index = Math.min(current, STEPS.length) - 1;
  return (
    <Steps.Root
      recipe={stepsSlotRecipe}
      orientation="vertical"
      size="sm"
      count={STEPS.length}
      step={index}
      onStepChange={(details) => actor.send({ type: 'onboarding.goto', stage: details.step + 1 })}
      flexDirection={{ base: 'column', md: 'row' }}
      gap="6"
    >
      <Steps.List aria-label="Onboarding stages" flexShrink={0} w={{ md: '12rem' }} gap="1">
        {STEPS.map(({ stage, title }, i) => (
          // the item is the tab itself: a tab list holds tabs only, and the name is the text shown
          <Steps.Item key={stage} index={i} asChild>
            <Steps.Trigger
              disabled={stage !== current && !reachable.includes(stage)}
              alignItems="center"
              _disabled={{ cursor: 'default' }}
            >
              <VisuallyHidden>Stage {stage}: </VisuallyHidden>
              <Steps.Indicator aria-hidden>
                <Steps.Number />
              </Steps.Indicator>
              <Steps.Title>{title}</Steps.Title>
            </Steps.Trigger>
          </Steps.Item>
        ))}
      </Steps.List>
      {STEPS.map((step, i) => (
        <Steps.Content key={step.stage} index={i} flex="1" minW="0">
          {i === index && children}
        </Steps.Content>
      ))}
    </Steps.Root>
  );
}
