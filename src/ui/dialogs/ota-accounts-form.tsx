import { Alert, Button, chakra, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { OtaAccountsActorRef } from '../../machines/onboarding/selectors';

/** The team's OTA e-mail accounts as checkboxes (onboarding stage 5 and the OTA dialog). */
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
        <Stack gap="1">
          {available.map((a) => (
            <chakra.label key={a.email} display="flex" gap="2" alignItems="center">
              <input
                type="checkbox"
                checked={selected.includes(a.email)}
                disabled={!canToggle}
                onChange={() => actor.send({ type: 'ota.toggle', email: a.email })}
              />
              <span>
                {a.email}{' '}
                <Text as="span" color="fg.muted">
                  ({a.ota})
                </Text>
              </span>
            </chakra.label>
          ))}
        </Stack>
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
