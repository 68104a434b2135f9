import { Box, Flex, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Role } from '../../domain/statuses';
import { productsMachine } from '../../machines/products/products.machine';
import {
  selectChosenName,
  selectConfirmingSwitch,
  selectMailContent,
  selectPendingName,
  selectProductList,
  type ProductsActorRef,
} from '../../machines/products/selectors';
import { useInspect } from '../app/inspect';
import { ActorTreeNotifications } from '../app/notifications';
import { ConfirmDialog } from './confirm-dialog';
import { MailContentEditor } from './mail-content-editor';
import { ProductList } from './product-list';

/** The products screen: the list, and the mail content of the product chosen (of a root started elsewhere). */
export function Products({ root }: { root: ProductsActorRef }) {
  const list = useSelector(root, selectProductList);
  const editor = useSelector(root, selectMailContent);
  const productName = useSelector(root, selectChosenName);
  return (
    <Flex gap="6" align="flex-start">
      <ActorTreeNotifications actor={root} />
      {list && <ProductList list={list} root={root} />}
      <Box flex="1" minW="0">
        {editor ? (
          <MailContentEditor key={editor.id} editor={editor} root={root} productName={productName} />
        ) : (
          <Text color="fg.muted">
            Choose a product to edit the confirmation e-mail its customers get from each OTA.
          </Text>
        )}
      </Box>
      <SwitchProductDialog root={root} />
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
      The e-mails of {current} have changes that are not saved. Open {next} and lose them?
    </ConfirmDialog>
  );
}

/** Starts the screen's root actor (its only actor) for the team and the user's role in it. */
export function ProductsScreen({ teamId, role }: { teamId: string; role: Role }) {
  const root = useActorRef(productsMachine, { inspect: useInspect(), input: { teamId, role } });
  return <Products root={root} />;
}
