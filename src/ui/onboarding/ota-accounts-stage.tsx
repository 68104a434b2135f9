import { Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectOtaAccounts, type OnboardingActorRef } from '../../machines/onboarding/selectors';
import { OtaAccountsForm } from '../dialogs/ota-accounts-form';
import { StageHeading } from './stage-heading';

export function OtaAccountsStage({ actor }: { actor: OnboardingActorRef }) {
  const ota = useSelector(actor, selectOtaAccounts);
  return (
    <Stack gap="3">
      <StageHeading stage={5}>Choose the e-mail accounts your OTA bookings arrive at.</StageHeading>
      {ota && <OtaAccountsForm actor={ota} />}
    </Stack>
  );
}
