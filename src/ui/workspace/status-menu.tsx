import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { STATUSES, statusLabel, type Status } from '../../domain/statuses';
import type { SelectionActorRef } from '../../machines/app/selectors';
import { bulkStatusMachine } from '../../machines/bulk-status/bulk-status.machine';
import type { ListHandle } from '../../machines/list/types';
import { useNotifications } from '../app/notifications';
import type { WorkspaceProps } from './workspace-props';
import { useInspect } from '../app/inspect';

const ANY_MOVE = { type: 'bulk.move', ids: [], status: 'new' } as const;

/** Rows that leave the list (moved out of the view, filtered away) leave the selection too. */
function usePrunedSelection(list: ListHandle, selection: SelectionActorRef) {
  const items = useSelector(list, (s) => s.context.items);
  useEffect(() => {
    selection.send({ type: 'selection.prune', ids: items.map((item) => item.id) });
  }, [items, selection]);
}

/** The selection count and "Move to": moves every selected order or tour to one status. */
export function StatusMenu({ kind, list, counts, selection }: WorkspaceProps) {
  const inspect = useInspect();
  const bulk = useActorRef(bulkStatusMachine, { inspect, input: { kind, list, counts } });
  useNotifications(bulk);
  usePrunedSelection(list, selection);
  const selected = useSelector(selection, (s) => s.context.ids.length);
  const canMove = useSelector(bulk, (s) => s.can(ANY_MOVE));
  const saving = useSelector(bulk, (s) => s.hasTag('saving'));

  const move = (status: Status) => bulk.send({ type: 'bulk.move', ids: selection.getSnapshot().context.ids, status });

  return (
    <>
      <Text fontSize="sm" color="fg.muted" minW="80px" data-testid="selection-count" aria-live="polite">
        {selected} selected
      </Text>
      <Menu.Root onSelect={(details) => move(details.value as Status)}>
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
    </>
  );
}
