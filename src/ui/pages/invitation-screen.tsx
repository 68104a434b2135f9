import { Alert, Button, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { formatWhen, ROLE_LABELS, ROLE_SUMMARIES, roleWithArticle } from '../../domain/members';
import { PRODUCT_NAME } from '../../domain/product';
import type { invitationMachine } from '../../machines/invitation/invitation.machine';
import { selectAccepting, selectInvitation, selectInvitationView } from '../../machines/invitation/selectors';
import { selectIsBusy } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';

type InvitationRef = ActorRefFrom<typeof invitationMachine>;

/** What an invitation link offers and the one step that fits whoever opened it. */
export function InvitationScreen({ root, signedInEmail }: { root: InvitationRef; signedInEmail: string | null }) {
  const view = useSelector(root, selectInvitationView);
  const invitation = useSelector(root, selectInvitation);
  const accepting = useSelector(root, selectAccepting);
  const error = useSelector(root, (s) => s.context.error);
  const signingIn = SessionContext.useSelector(selectIsBusy);

  if (view === 'loading' || view === 'joined') {
    return (
      <Stack align="center" gap="3" py="6" aria-busy="true" data-testid="invitation-busy">
        <Spinner size="lg" color="primary.solid" />
        <Text color="fg.muted">
          {view === 'joined' ? `Opening ${invitation?.teamName}…` : 'Loading the invitation…'}
        </Text>
      </Stack>
    );
  }
  if (view === 'failed') {
    return (
      <Stack gap="4" data-testid="invitation-failed">
        <Heading as="h1" size="xl">
          Invitation
        </Heading>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
        <Button variant="outline" onClick={() => root.send({ type: 'invitation.retry' })}>
          Retry
        </Button>
      </Stack>
    );
  }
  if (view === 'gone' || !invitation) {
    return (
      <Stack gap="4" data-testid="invitation-gone">
        <Heading as="h1" size="xl">
          This invitation link is not valid
        </Heading>
        <Text>
          It may have expired, been revoked or been used already. Ask an admin of the team for a new invitation.
        </Text>
        <Link asChild color="primary.fg">
          <RouterLink to="/">Go to {PRODUCT_NAME}</RouterLink>
        </Link>
      </Stack>
    );
  }

  const role = ROLE_LABELS[invitation.role];
  return (
    <Stack gap="5" data-testid={`invitation-${view}`}>
      <Stack gap="2">
        <Heading as="h1" size="xl">
          Join {invitation.teamName}
        </Heading>
        <Text>
          {invitation.invitedBy} invited <strong>{invitation.email}</strong> to join {invitation.teamName} on{' '}
          {PRODUCT_NAME} as <strong>{roleWithArticle(invitation.role)}</strong>.
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {role}: {ROLE_SUMMARIES[invitation.role]}. The invitation expires on {formatWhen(invitation.expiresAt)}.
        </Text>
      </Stack>
      {view === 'signedOut' && (
        <Stack gap="2">
          <Button loading={signingIn} onClick={() => root.send({ type: 'invitation.signIn' })}>
            Sign in to accept
          </Button>
          <Text color="fg.muted" fontSize="sm">
            Sign in with {invitation.email}.
          </Text>
        </Stack>
      )}
      {view === 'wrongAccount' && (
        <Stack gap="3">
          <Alert.Root status="warning" data-testid="invitation-wrong-account">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>This invitation is for another address</Alert.Title>
              <Alert.Description>
                You are signed in as {signedInEmail}. The invitation is for {invitation.email}.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Button loading={signingIn} onClick={() => root.send({ type: 'invitation.switchAccount' })}>
            Sign out and sign in as {invitation.email}
          </Button>
        </Stack>
      )}
      {view === 'ready' && (
        <Stack gap="2">
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <Button loading={accepting} onClick={() => root.send({ type: 'invitation.accept' })}>
            Accept invitation
          </Button>
          <Text color="fg.muted" fontSize="sm">
            Signed in as {signedInEmail}.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
