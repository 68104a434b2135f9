import { Button, chakra, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { statusLabel } from '../../domain/statuses';
import { selectAsking, selectKind, selectTarget, type BulkStatusActorRef } from '../../machines/bulk-status/selectors';
import { leavingQuestion } from '../../machines/bulk-status/types';
import { Modal } from '../dialogs/modal';

/**
 * The bulk machine's question before a move out of Tour Completed or Canceled: how many and
 * which (display ids with the status they leave). Shown while the machine is `confirming`.
 */
export function LeaveDoneDialog({ bulk }: { bulk: BulkStatusActorRef }) {
  const asking = useSelector(bulk, selectAsking);
  const kind = useSelector(bulk, selectKind);
  const target = useSelector(bulk, selectTarget);
  if (!asking.length) return null;
  const cancel = () => bulk.send({ type: 'bulk.cancel' });
  return (
    <Modal
      testId="leave-done-dialog"
      role="alertdialog"
      title={leavingQuestion(kind, asking.length)}
      onClose={cancel}
      footer={
        <>
          <Button variant="outline" onClick={cancel}>
            Cancel
          </Button>
          <Button onClick={() => bulk.send({ type: 'bulk.confirm' })}>Move to {statusLabel(target ?? '')}</Button>
        </>
      }
    >
      <Text mb="2">They will move to {statusLabel(target ?? '')}:</Text>
      <chakra.ul ps="5" listStyleType="disc" maxH="12rem" overflowY="auto" data-testid="leave-done-ids">
        {asking.map((row) => (
          <li key={row.id}>
            {row.displayId ?? row.id} ({statusLabel(row.statusV2 ?? '')})
          </li>
        ))}
      </chakra.ul>
    </Modal>
  );
}
