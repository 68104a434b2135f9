import { Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectConfirming, selectRemoving } from '../../machines/team-members/selectors';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import type { TeamMembersRef } from './members-page';

/** "Remove <name>?": the confirmation names the person; Escape or Cancel keeps them. */
export function RemoveMemberDialog({ actor }: { actor: TeamMembersRef }) {
  const member = useSelector(actor, selectConfirming);
  const removing = useSelector(actor, selectRemoving);
  if (!member) return null;
  return (
    <ConfirmDialog
      testId="remove-member-dialog"
      title={`Remove ${member.user.name}?`}
      confirmLabel="Remove"
      cancelLabel="Cancel"
      busy={removing}
      onConfirm={() => actor.send({ type: 'remove.confirm' })}
      onCancel={() => actor.send({ type: 'remove.cancel' })}
    >
      <Text>
        {member.user.name} ({member.user.email}) loses access to the team at once. You can invite them again later.
      </Text>
    </ConfirmDialog>
  );
}
