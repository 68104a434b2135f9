import { Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { findCountry } from '../../../shared/countries';
import { PLANS } from '../../domain/onboarding-rules';
import { selectValues, type OnboardingActorRef } from '../../machines/onboarding/selectors';
import { StageHeading } from './stage-heading';

export function CompletionStage({ actor }: { actor: OnboardingActorRef }) {
  const values = useSelector(actor, selectValues);
  const country = findCountry(values.countryCode);
  const plan = PLANS.find((p) => p.id === values.plan);
  return (
    <Stack gap="2">
      <StageHeading stage={6}>All set. Finish to open your orders.</StageHeading>
      <Text>
        <strong>{values.name}</strong>
        {country && ` · ${country.name} (${country.timezone})`}
        {plan && ` · ${plan.label} plan`}
      </Text>
      <Text color="fg.muted">Point of contact: {values.fullName}</Text>
    </Stack>
  );
}
