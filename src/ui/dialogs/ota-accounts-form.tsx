import { Alert, Button, chakra, Grid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Fragment } from 'react';
import { otaLabel } from '../../../shared/otas';
import type { OtaAccountsActorRef } from '../../machines/onboarding/selectors';

/**
 * The team's OTA e-mail accounts (onboarding stage 5 and the OTA dialog): one row per OTA, a
 * checkbox to use it and its address, which the person may type (their own inbox rather than the
 * one made up from the contact's domain). The machine checks the addresses on save.
 */
export function OtaAccountsForm({ actor }: { actor: OtaAccountsActorRef }) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'ota.retry' }));
  const canToggle = useSelector(actor, (s) => s.matches('ready'));
  const available = useSelector(actor, (s) => s.context.available);
  const selected = useSelector(actor, (s) => s.context.selected);
  const error = useSelector(actor, (s) => s.context.error);

  if (loading) return <Spinner aria-label="Loading OTA accounts" />;
  if (failed)
    return (
      <Stack gap="2" align="start">
        <Text>The OTA accounts could not be loaded.</Text>
        <Button size="sm" variant="outline" disabled={!canRetry} onClick={() => actor.send({ type: 'ota.retry' })}>
          Retry
        </Button>
      </Stack>
    );
  return (
    <Stack gap="2">
      <chakra.fieldset>
        <chakra.legend fontWeight="medium" mb="2">
          OTA accounts
        </chakra.legend>
        {available.length === 0 && <Text color="fg.muted">This team has no OTA e-mail accounts yet.</Text>}
        <Grid templateColumns="auto 4.5rem minmax(0, 1fr)" gap="2" alignItems="center">
          {available.map((a) => (
            // keyed by OTA: typing changes the address, not the row
            <Fragment key={a.ota}>
              <input
                type="checkbox"
                aria-label={`Use ${a.email} (${otaLabel(a.ota)})`}
                checked={selected.includes(a.email)}
                disabled={!canToggle}
                onChange={() => actor.send({ type: 'ota.toggle', email: a.email })}
              />
              <Text as="span" fontWeight="medium">
                {otaLabel(a.ota)}
              </Text>
              <chakra.input
                type="email"
                aria-label={`${otaLabel(a.ota)} inbox address`}
                value={a.email}
                disabled={!canToggle}
                onChange={(e) => actor.send({ type: 'ota.address', ota: a.ota, email: e.target.value })}
                h="8"
                px="2"
                borderWidth="1px"
                borderRadius="md"
                bg="bg"
                minW="0"
              />
            </Fragment>
          ))}
        </Grid>
      </chakra.fieldset>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
