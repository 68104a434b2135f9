import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '../../domain/product';
import { selectError, selectUser } from '../../machines/session.selectors';
import { SessionContext } from '../app/actors';

/** Where a signed-in user without a team lands; the onboarding stages come here. */
export function OnboardingPage() {
  const session = SessionContext.useActorRef();
  const user = SessionContext.useSelector(selectUser);
  const error = SessionContext.useSelector(selectError);
  const canLogout = SessionContext.useSelector((s) => s.can({ type: 'session.logout' }));

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Welcome to {PRODUCT_NAME}
      </Heading>
      {user ? (
        <Text>
          Signed in as <strong>{user.email}</strong>. Your account is not part of a team yet.
        </Text>
      ) : (
        <Text>Sign in to set up your organization.</Text>
      )}
      {error && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {canLogout ? (
        <Button variant="outline" onClick={() => session.send({ type: 'session.logout' })}>
          Logout
        </Button>
      ) : (
        <Button onClick={() => session.send({ type: 'session.login' })}>Sign in</Button>
      )}
    </Stack>
  );
}
