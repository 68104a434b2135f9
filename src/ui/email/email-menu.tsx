import { Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { EmailKind } from '../../domain/email-recipients';
import { selectCanStart, selectOffReason, type EmailSendActorRef } from '../../machines/email-send/selectors';

const ITEMS: Array<{ kind: EmailKind; label: string }> = [
  { kind: 'CONFIRMATION', label: 'Send confirmation' },
  { kind: 'INFORMATION', label: 'Send information' },
  { kind: 'CANCELLATION', label: 'Send cancellation' },
  { kind: 'REVIEW', label: 'Ask for a review' },
];

/** "Email" for the selected orders (toolbar) or the panel's order: the e-mail machine decides what is enabled. */
export function EmailMenu({ email, target }: { email: EmailSendActorRef; target: 'selection' | 'open' }) {
  const enabled = useSelector(email, selectCanStart('CONFIRMATION', target));
  return (
    <Menu.Root onSelect={(d) => email.send({ type: 'email.start', kind: d.value as EmailKind, target })}>
      <Menu.Trigger asChild>
        <Button size={target === 'open' ? 'xs' : 'sm'} variant="outline" disabled={!enabled}>
          Email
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="200px">
            {ITEMS.map((item) => (
              <EmailMenuItem key={item.kind} email={email} {...item} />
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** A kind the team's country has not enabled is shown off, saying so (the flags as the machine last read them). */
function EmailMenuItem({ email, kind, label }: { email: EmailSendActorRef; kind: EmailKind; label: string }) {
  const off = useSelector(email, selectOffReason(kind));
  return (
    <Menu.Item value={kind} disabled={off !== null} height="auto" minH="1.7rem">
      {off === null ? (
        label
      ) : (
        <Stack gap="0" py="1">
          <Text>{label}</Text>
          <Text textStyle="xs" color="fg.muted">
            {off}
          </Text>
        </Stack>
      )}
    </Menu.Item>
  );
}
