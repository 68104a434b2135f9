import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { STATUSES, statusLabel, type Status } from '../../domain/statuses';
import { selectCanMove, selectMoving, type BulkStatusActorRef } from '../../machines/bulk-status/selectors';
import { selectSelectedCount, type SelectionActorRef } from '../../machines/selection/selectors';
import { LeaveDoneDialog } from './leave-done-dialog';

/** The selection count and "Move to": moves every selected order or tour to one status. */
export function StatusMenu({ bulk, selection }: { bulk: BulkStatusActorRef; selection: SelectionActorRef }) {
  const selected = useSelector(selection, selectSelectedCount);
  const canMove = useSelector(bulk, selectCanMove);
  const saving = useSelector(bulk, selectMoving);

  return (
    <>
      <Text fontSize="sm" color="fg.muted" minW="80px" data-testid="selection-count" aria-live="polite">
        {selected} selected
      </Text>
      <Menu.Root onSelect={(details) => bulk.send({ type: 'bulk.move', status: details.value as Status })}>
        <Menu.Trigger asChild>
          <Button size="sm" variant="outline" disabled={!canMove} loading={saving} loadingText="Moving…">
            Move to
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="200px">
              {STATUSES.map((status) => (
                <Menu.Item key={status} value={status}>
                  {statusLabel(status)}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Button
        size="sm"
        variant="ghost"
        disabled={selected === 0}
        onClick={() => selection.send({ type: 'selection.clear' })}
      >
        Clear selection
      </Button>
      <LeaveDoneDialog bulk={bulk} />
    </>
  );
}
