import { Button, Menu, Portal } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { tourActionsMachine } from '../../machines/tour-actions/tour-actions.machine';
import { useNotifications } from '../app/notifications';
import { CreateTourDialog } from './create-tour-dialog';
import { LinkTourDialog } from './link-tour-dialog';
import type { WorkspaceProps } from './workspace-props';
import { useInspect } from '../app/inspect';

/**
 * The create menu: on orders, "Create tour from selected orders" (the create-tour menu) and
 * "Add to existing tour" (linked-tour or multi-linked-tour dialog); on tours, "New tour".
 * The machine decides what is enabled.
 */
export function CreateMenu({ kind, teamId, timezone, list, counts, selection }: WorkspaceProps) {
  const inspect = useInspect();
  const actions = useActorRef(tourActionsMachine, { inspect, input: { kind, teamId, timezone, list, counts } });
  useNotifications(actions);
  const ids = useSelector(selection, (s) => s.context.ids);
  useEffect(() => actions.send({ type: 'tours.select', ids }), [actions, ids]);

  const canCreate = useSelector(actions, (s) => s.can({ type: 'tours.create' }));
  const canLink = useSelector(actions, (s) => s.can({ type: 'tours.link' }));
  const createTour = useSelector(actions, (s) => s.children.createTourDialog);
  const linkTour = useSelector(actions, (s) => s.children.linkTourDialog);

  return (
    <>
      <Menu.Root
        onSelect={(details) => actions.send({ type: details.value === 'link' ? 'tours.link' : 'tours.create' })}
      >
        <Menu.Trigger asChild>
          <Button size="sm" variant="outline">
            Create
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="240px">
              {kind === 'orders' ? (
                <>
                  <Menu.Item value="create" disabled={!canCreate}>
                    Create tour from selected orders
                  </Menu.Item>
                  <Menu.Item value="link" disabled={!canLink}>
                    Add to existing tour
                  </Menu.Item>
                </>
              ) : (
                <Menu.Item value="create" disabled={!canCreate}>
                  New tour
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {createTour && <CreateTourDialog actor={createTour} />}
      {linkTour && <LinkTourDialog actor={linkTour} list={list} timezone={timezone} />}
    </>
  );
}
