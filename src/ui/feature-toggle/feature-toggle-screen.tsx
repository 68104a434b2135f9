import { Alert, Button, Box, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { featureToggleMachine } from '../../machines/feature-toggle/feature-toggle.machine';
import {
  selectCanRetry,
  selectFlags,
  selectLoadFailed,
  selectLoading,
  selectReady,
  type FeatureToggleActorRef,
} from '../../machines/feature-toggle/selectors';
import { useInspect } from '../app/inspect';
import { ActorTreeNotifications } from '../app/notifications';
import { FlagCard } from './flag-card';

function LoadingFlags() {
  return (
    <Box role="status">
      <VisuallyHidden>Loading feature flags…</VisuallyHidden>
      <Stack gap="4" aria-hidden="true">
        <Skeleton height="48" borderRadius="l3" />
        <Skeleton height="48" borderRadius="l3" />
      </Stack>
    </Box>
  );
}

function LoadFailed({ root }: { root: FeatureToggleActorRef }) {
  const canRetry = useSelector(root, selectCanRetry);
  return (
    <Alert.Root status="error" alignItems="center">
      <Alert.Indicator />
      <Alert.Title flex="1">The feature flags could not be loaded.</Alert.Title>
      <Button size="sm" variant="outline" disabled={!canRetry} onClick={() => root.send({ type: 'flags.retry' })}>
        Retry
      </Button>
    </Alert.Root>
  );
}

/** The page over a running root: skeleton, failure with Retry, or the flags. */
export function FeatureToggles({ root, timezone }: { root: FeatureToggleActorRef; timezone: string }) {
  const loading = useSelector(root, selectLoading);
  const failed = useSelector(root, selectLoadFailed);
  const ready = useSelector(root, selectReady);
  const flags = useSelector(root, selectFlags);
  return (
    <Stack gap="4" maxW="60rem">
      <ActorTreeNotifications actor={root} />
      <Text color="fg.muted">
        Each flag is on for the teams of the countries checked. A change applies at once, for every team of those
        countries.
      </Text>
      {loading && <LoadingFlags />}
      {failed && <LoadFailed root={root} />}
      {ready && flags.length === 0 && <Text>There are no feature flags.</Text>}
      {flags.map((flag) => (
        <FlagCard key={flag.id} root={root} id={flag.id} timezone={timezone} />
      ))}
    </Stack>
  );
}

/** `/setting/feature-toggle`: starts the page's root actor (its only actor). */
export function FeatureToggleScreen({ timezone }: { timezone: string }) {
  const root = useActorRef(featureToggleMachine, { inspect: useInspect() });
  return <FeatureToggles root={root} timezone={timezone} />;
}
