import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { formatDateTime } from '../../domain/format';
import type { GlobalDialogsActorRef } from '../../machines/global-dialogs/selectors';

/** The timezone mismatch alert: the team's and the browser's zones, and the team's time. */
export function TimezoneAlert({ actor }: { actor: GlobalDialogsActorRef }) {
  const open = useSelector(actor, (s) => s.matches({ timezone: 'open' }));
  const team = useSelector(actor, (s) => s.context.teamTimezone);
  const browser = useSelector(actor, (s) => s.context.browserTimezone);
  const openedAt = useSelector(actor, (s) => s.context.openedAt);
  const close = () => actor.send({ type: 'timezone.close' });
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role="alertdialog"
      open={open}
      onOpenChange={(e) => !e.open && close()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Timezone mismatch</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Text>Dates and times in this team are shown in the team's timezone, not your browser's.</Text>
                <Text>
                  Team timezone: <strong>{team}</strong>
                  {openedAt !== null && ` (now ${formatDateTime(new Date(openedAt).toISOString(), team)})`}
                </Text>
                <Text>
                  Your browser: <strong>{browser}</strong>
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={close}>Got it</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
