import { chakra, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { PLANS } from '../../domain/onboarding-rules';
import { selectErrors, selectValues, type OnboardingActorRef } from '../../machines/onboarding/selectors';
import { StageHeading } from './stage-heading';

export function PlanStage({ actor }: { actor: OnboardingActorRef }) {
  const { plan } = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  return (
    <Stack gap="3">
      <StageHeading stage={4}>You can change it later.</StageHeading>
      <chakra.fieldset aria-invalid={errors.plan ? true : undefined}>
        <chakra.legend srOnly>Plan</chakra.legend>
        <Stack gap="2">
          {PLANS.map((p) => (
            <chakra.label key={p.id} display="flex" gap="2" alignItems="start" p="2" borderWidth="1px" rounded="md">
              <input
                type="radio"
                name="plan"
                value={p.id}
                checked={plan === p.id}
                onChange={() => actor.send({ type: 'onboarding.change', values: { plan: p.id } })}
              />
              <span>
                <Text as="span" fontWeight="bold">
                  {p.label}
                </Text>
                <Text as="span" display="block" color="fg.muted" fontSize="sm">
                  {p.description}
                </Text>
              </span>
            </chakra.label>
          ))}
        </Stack>
      </chakra.fieldset>
      {errors.plan && (
        <Text fontSize="sm" color="fg.error">
          {errors.plan}
        </Text>
      )}
    </Stack>
  );
}
