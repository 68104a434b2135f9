import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe, fieldSlotRecipe, inputRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { CHANNEL_KEYS_TEXT, otaLabel } from '../../domain/channel-keys';
import {
  selectAskingClose,
  selectConfirming,
  selectCopy,
  selectCreated,
  selectRevoking,
} from '../../machines/channel-keys/selectors';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import type { ChannelKeysRef } from './connections-page';

/**
 * A new key's secret, once: the key to copy (the machine copies it), and that it will not be shown
 * again. Done, Escape or closing forgets it (the machine drops it from its context); before it was
 * copied, the machine asks first.
 */
export function SecretDialog({ actor }: { actor: ChannelKeysRef }) {
  const created = useSelector(actor, selectCreated);
  const copy = useSelector(actor, selectCopy);
  const asking = useSelector(actor, selectAskingClose);
  const copyButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={created !== null}
      placement="center"
      closeOnInteractOutside={false}
      initialFocusEl={() => copyButton.current}
      lazyMount
      unmountOnExit
      onOpenChange={(details) => {
        if (!details.open) actor.send({ type: 'secret.close' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="key-secret-dialog">
            <Dialog.Header>
              <Dialog.Title>
                API key for {created ? otaLabel(created.key.channel) : ''}: {created?.key.name}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontWeight="semibold">{CHANNEL_KEYS_TEXT.shownOnce}</Text>
                <Field.Root recipe={fieldSlotRecipe}>
                  <Field.Label>API key</Field.Label>
                  <Input
                    recipe={inputRecipe}
                    readOnly
                    fontFamily="mono"
                    value={created?.secret ?? ''}
                    data-testid="key-secret"
                  />
                </Field.Root>
                <Text role="status" fontSize="sm" color={copy === 'failed' ? 'red.700' : 'fg.muted'} minH="5">
                  {copy === 'copied' ? 'Copied.' : copy === 'failed' ? CHANNEL_KEYS_TEXT.copyFailed : ''}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                ref={copyButton}
                variant="outline"
                loading={copy === 'copying'}
                onClick={() => actor.send({ type: 'secret.copy' })}
              >
                {copy === 'copied' ? 'Copy again' : 'Copy'}
              </Button>
              <Button onClick={() => actor.send({ type: 'secret.close' })}>Done</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      {asking && (
        <ConfirmDialog
          testId="close-secret-dialog"
          title={CHANNEL_KEYS_TEXT.closeUncopied}
          confirmLabel="Close without copying"
          cancelLabel="Keep it open"
          onConfirm={() => actor.send({ type: 'secret.discard' })}
          onCancel={() => actor.send({ type: 'secret.stay' })}
        >
          <Text>{CHANNEL_KEYS_TEXT.closeUncopiedBody}</Text>
        </ConfirmDialog>
      )}
    </Dialog.Root>
  );
}

/** "Revoke <name>?": the channel's next call with the key is refused; Escape or Cancel keeps it. */
export function RevokeKeyDialog({ actor }: { actor: ChannelKeysRef }) {
  const key = useSelector(actor, selectConfirming);
  const revoking = useSelector(actor, selectRevoking);
  if (!key) return null;
  return (
    <ConfirmDialog
      testId="revoke-key-dialog"
      title={`Revoke ${key.name}?`}
      confirmLabel="Revoke"
      cancelLabel="Cancel"
      busy={revoking}
      onConfirm={() => actor.send({ type: 'revoke.confirm' })}
      onCancel={() => actor.send({ type: 'revoke.cancel' })}
    >
      <Text>
        {otaLabel(key.channel)}’s next call with this key is refused. This cannot be undone: to connect again, create a
        new key.
      </Text>
    </ConfirmDialog>
  );
}
