import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { formatDateTime } from '../../domain/format';
import type { GlobalDialogsActorRef } from '../../machines/global-dialogs/selectors';

/**
 * The timezone mismatch alert: the team's and the browser's zones, and the team's time.
 *
 * It may open while another modal dialog opens (the settings dialog on `/setting`): each modal
 * marks everything outside itself aria-hidden, and a dialog opening a frame later would hide the
 * alert, leaving a screen reader nothing to read. Its positioner is an assertive live region, which
 * no modal hides; the alert itself hides the rest while open and gives it back when it closes,
 * focus returning to the dialog beneath when there is one.
 */
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
      finalFocusEl={dialogBeneath}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner aria-live="assertive">
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

/** The modal dialog left open under the alert, if any: focus goes back into it. */
function dialogBeneath(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[role="dialog"][aria-modal="true"][data-state="open"]');
}
