import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { selectConfirming, selectRemoving } from '../../machines/team-members/selectors';
import type { TeamMembersRef } from './members-page';

/** "Remove <name>?": the confirmation names the person; Escape or Cancel keeps them. */
export function RemoveMemberDialog({ actor }: { actor: TeamMembersRef }) {
  const member = useSelector(actor, selectConfirming);
  const removing = useSelector(actor, selectRemoving);
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role="alertdialog"
      open={member !== null}
      placement="center"
      lazyMount
      unmountOnExit
      onOpenChange={(details) => {
        if (!details.open) actor.send({ type: 'remove.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="remove-member-dialog">
            <Dialog.Header>
              <Dialog.Title>Remove {member?.user.name}?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {member?.user.name} ({member?.user.email}) loses access to the team at once. You can invite them again
                later.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" disabled={removing} onClick={() => actor.send({ type: 'remove.cancel' })}>
                Cancel
              </Button>
              <Button colorPalette="red" loading={removing} onClick={() => actor.send({ type: 'remove.confirm' })}>
                Remove
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
