import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { wasSignedOut } from '../../domain/paths';
import { PRODUCT_NAME } from '../../domain/product';
import { selectCanLogin, selectError, selectIsBusy } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';

export const SIGNED_OUT_MESSAGE = 'You were signed out. Please sign in again.';

export function LoginPage() {
  const { search } = useLocation();
  const session = SessionContext.useActorRef();
  const error = SessionContext.useSelector(selectError);
  const busy = SessionContext.useSelector(selectIsBusy);
  const canLogin = SessionContext.useSelector(selectCanLogin);

  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Sign in to {PRODUCT_NAME}
        </Heading>
        <Text color="fg.muted">Use your work account to continue.</Text>
      </Stack>
      {wasSignedOut(search) && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{SIGNED_OUT_MESSAGE}</Alert.Title>
        </Alert.Root>
      )}
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      <Button loading={busy} disabled={!canLogin} onClick={() => session.send({ type: 'session.login' })}>
        Sign in
      </Button>
    </Stack>
  );
}
