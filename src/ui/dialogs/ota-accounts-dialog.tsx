import { Button, Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import type { GlobalDialogsActorRef } from '../../machines/global-dialogs/selectors';
import type { OtaAccountsActorRef } from '../../machines/onboarding/selectors';
import { OtaAccountsForm } from './ota-accounts-form';

/** The OTA account selection dialog (onboarding stage 5 over any screen). */
export function OtaAccountsDialog({ actor }: { actor: GlobalDialogsActorRef }) {
  const ota = useSelector(actor, (s) => s.children.otaAccounts as OtaAccountsActorRef | undefined);
  const close = () => actor.send({ type: 'ota.close' });
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={ota !== undefined}
      onOpenChange={(e) => !e.open && close()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Select OTA accounts</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{ota && <OtaAccountsForm actor={ota} />}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                Later
              </Button>
              {ota && <SaveButton ota={ota} />}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function SaveButton({ ota }: { ota: OtaAccountsActorRef }) {
  const canSave = useSelector(ota, (s) => s.can({ type: 'ota.save' }));
  const saving = useSelector(ota, (s) => s.matches('saving'));
  return (
    <Button loading={saving} disabled={!canSave} onClick={() => ota.send({ type: 'ota.save' })}>
      Save
    </Button>
  );
}
