import { Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectCanSignIn, type OnboardingActorRef } from '../../machines/onboarding/selectors';
import { selectUser } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { StageHeading } from './stage-heading';

export function SignInStage({ actor }: { actor: OnboardingActorRef }) {
  const user = SessionContext.useSelector(selectUser);
  const canSignIn = useSelector(actor, selectCanSignIn);
  return (
    <Stack gap="3">
      <StageHeading stage={1}>Sign in with your work account to set up your organization.</StageHeading>
      {user ? (
        <Text>
          Signed in as <strong>{user.email}</strong>.
        </Text>
      ) : (
        <Button disabled={!canSignIn} onClick={() => actor.send({ type: 'onboarding.signIn' })}>
          Sign in
        </Button>
      )}
    </Stack>
  );
}
