import { Button, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { RemoverRef } from '../../machines/detail/selectors';
import { Modal } from '../dialogs/modal';

/** The question before an order or tour is deleted, naming it and what its deletion does. */
export function DeleteDialog({ remover }: { remover: RemoverRef }) {
  const asking = useSelector(remover, (s) => s.hasTag('asking'));
  const deleting = useSelector(remover, (s) => s.hasTag('busy'));
  const target = useSelector(remover, (s) => s.context.target);
  const kind = useSelector(remover, (s) => s.context.kind);
  if (!asking || !target) return null;
  const noun = kind === 'orders' ? 'order' : 'tour';
  const cancel = () => remover.send({ type: 'delete.cancel' });
  const orders = target.orderCount === 1 ? 'its order is' : `its ${target.orderCount ?? 0} orders are`;
  return (
    <Modal
      testId="delete-dialog"
      title={`Delete ${noun} ${target.displayId}?`}
      role="alertdialog"
      onClose={cancel}
      footer={
        <>
          <Button variant="outline" onClick={cancel} disabled={deleting}>
            Cancel
          </Button>
          <Button colorPalette="red" loading={deleting} onClick={() => remover.send({ type: 'delete.confirm' })}>
            Delete {noun}
          </Button>
        </>
      }
    >
      <Text>
        {kind === 'orders'
          ? `The order of ${target.name} leaves every list and count.`
          : `The tour ${target.name} leaves every list; ${orders} unlinked and kept.`}{' '}
        An editor can restore it under Recently deleted for 30 days.
      </Text>
    </Modal>
  );
}
