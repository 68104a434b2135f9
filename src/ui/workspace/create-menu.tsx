import { Button, Menu, Portal } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ListKind } from '../../machines/list/types';
import type { TourActionsActorRef } from '../../machines/tour-actions/selectors';
import {
  selectCanCreate,
  selectCanLink,
  selectCreateTourDialog,
  selectLinkTourDialog,
} from '../../machines/tour-actions/selectors';
import { CreateTourDialog } from './create-tour-dialog';
import { LinkTourDialog } from './link-tour-dialog';

interface CreateMenuProps {
  kind: ListKind;
  actions: TourActionsActorRef;
  timezone: string;
}

/**
 * The create menu: on orders, "Create tour from selected orders" (the create-tour menu) and
 * "Add to existing tour" (linked-tour or multi-linked-tour dialog); on tours, "New tour".
 * The machine decides what is enabled.
 */
export function CreateMenu({ kind, actions, timezone }: CreateMenuProps) {
  const canCreate = useSelector(actions, selectCanCreate);
  const canLink = useSelector(actions, selectCanLink);
  const createTour = useSelector(actions, selectCreateTourDialog);
  const linkTour = useSelector(actions, selectLinkTourDialog);

  return (
    <>
      <Menu.Root
        onSelect={(details) => actions.send({ type: details.value === 'link' ? 'tours.link' : 'tours.create' })}
      >
        <Menu.Trigger asChild>
          <Button size="sm" variant="outline" disabled={!canCreate && !canLink}>
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
      {linkTour && <LinkTourDialog actor={linkTour} timezone={timezone} />}
    </>
  );
}
