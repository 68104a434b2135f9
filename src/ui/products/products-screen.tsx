import { Box, Flex, Tabs, Text } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';
import { useActorRef, useSelector } from '@xstate/react';
import type { Role } from '../../domain/statuses';
import { productsMachine } from '../../machines/products/products.machine';
import {
  selectChosenName,
  selectConfirmingSwitch,
  selectLeaveGuard,
  selectMailContent,
  selectPendingName,
  selectProductList,
  selectSchedule,
  selectSection,
  type ProductsActorRef,
} from '../../machines/products/selectors';
import type { ProductSection } from '../../machines/products/types';
import { useInspect } from '../app/inspect';
import { ActorTreeNotifications } from '../app/notifications';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { LeaveQuestion } from '../dialogs/leave-question';
import { MailContentEditor } from './mail-content-editor';
import { ProductList } from './product-list';
import { ScheduleEditor } from './schedule-editor';

/** The products screen: the list, and the mail content or the schedule of the product chosen (of a
 *  root started elsewhere). */
export function Products({ root }: { root: ProductsActorRef }) {
  const list = useSelector(root, selectProductList);
  const editor = useSelector(root, selectMailContent);
  const schedule = useSelector(root, selectSchedule);
  const section = useSelector(root, selectSection);
  const productName = useSelector(root, selectChosenName);
  const leaveGuard = useSelector(root, selectLeaveGuard);
  return (
    // on a phone the list sits above the editor
    <Flex gap="6" align={{ base: 'stretch', md: 'flex-start' }} direction={{ base: 'column', md: 'row' }}>
      <ActorTreeNotifications actor={root} />
      {list && <ProductList list={list} root={root} />}
      <Box flex="1" minW="0">
        {editor && schedule ? (
          <Tabs.Root
            recipe={tabsSlotRecipe}
            value={section}
            onValueChange={(details) =>
              root.send({ type: 'product.section', section: details.value as ProductSection })
            }
          >
            <Tabs.List aria-label={`${productName}: what to edit`}>
              <Tabs.Trigger value="mail">Confirmation e-mail</Tabs.Trigger>
              <Tabs.Trigger value="schedule">Schedule</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value={section}>
              {section === 'mail' ? (
                <MailContentEditor key={editor.id} editor={editor} root={root} productName={productName} />
              ) : (
                <ScheduleEditor key={schedule.id} editor={schedule} productName={productName} />
              )}
            </Tabs.Content>
          </Tabs.Root>
        ) : (
          <Text color="fg.muted">
            Choose a product to edit the confirmation e-mail its customers get from each OTA, or what a reseller needs
            to sell it.
          </Text>
        )}
      </Box>
      <SwitchProductDialog root={root} />
      <LeaveQuestion guard={leaveGuard} what={productName} />
    </Flex>
  );
}

/** Asked when another product is chosen while the open one has unsaved changes. */
function SwitchProductDialog({ root }: { root: ProductsActorRef }) {
  const open = useSelector(root, selectConfirmingSwitch);
  const current = useSelector(root, selectChosenName);
  const next = useSelector(root, selectPendingName);
  if (!open) return null;
  return (
    <ConfirmDialog
      testId="switch-product-dialog"
      title="Discard unsaved changes?"
      confirmLabel="Discard changes"
      cancelLabel="Keep editing"
      onConfirm={() => root.send({ type: 'product.discard' })}
      onCancel={() => root.send({ type: 'product.keep' })}
    >
      {current} has changes that are not saved (its e-mails or its schedule). Open {next} and lose them?
    </ConfirmDialog>
  );
}

/** Starts the screen's root actor (its only actor) for the team, the user's role in it and its currency. */
export function ProductsScreen({ teamId, role, currency }: { teamId: string; role: Role; currency: string }) {
  const root = useActorRef(productsMachine, { inspect: useInspect(), input: { teamId, role, currency } });
  return <Products root={root} />;
}
