import { Grid, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { OTA_LABELS } from '../../domain/statuses';
import { OTAS, type Ota } from '../../domain/statuses';
import {
  selectError,
  selectOta,
  selectSwitchable,
  selectUnsavedTabs,
  selectView,
  type MailContentActorRef,
} from '../../machines/mail-content/selectors';
import type { ProductsActorRef } from '../../machines/products/selectors';
import { PageFailed, PageLoading } from '../settings/page-state';
import { MailPreview } from './mail-preview';
import { TemplateForm } from './template-form';

interface EditorProps {
  editor: MailContentActorRef;
  root: ProductsActorRef;
  productName: string;
}

/** A product's confirmation e-mail, one OTA per tab; a tab with unsaved changes says so. */
export function MailContentEditor({ editor, root, productName }: EditorProps) {
  const ota = useSelector(editor, selectOta);
  const switchable = useSelector(editor, selectSwitchable);
  const unsaved = useSelector(editor, selectUnsavedTabs);
  return (
    <Stack gap="4" minW="0" data-testid="mail-content">
      <Heading as="h2" size="lg">
        {productName}: confirmation e-mail
      </Heading>
      <Tabs.Root
        recipe={tabsSlotRecipe}
        value={ota}
        onValueChange={(details) => editor.send({ type: 'mail.ota', ota: details.value as Ota })}
      >
        <Tabs.List aria-label="OTA">
          {OTAS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} disabled={tab !== ota && !switchable.split(',').includes(tab)}>
              {OTA_LABELS[tab]}
              {unsaved.split(',').includes(tab) && (
                <Text as="span" fontSize="xs" color="fg.muted">
                  (unsaved)
                </Text>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={ota}>
          <TabBody editor={editor} root={root} productName={productName} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

function TabBody({ editor, root, productName }: EditorProps) {
  const view = useSelector(editor, selectView);
  const error = useSelector(editor, selectError);
  if (view === 'loading') return <PageLoading testId="mail-loading" label="Loading the template…" />;
  if (view === 'failed') {
    return (
      <PageFailed testId="mail-failed" message={error ?? ''} onRetry={() => editor.send({ type: 'mail.retry' })} />
    );
  }
  return (
    <Grid templateColumns="minmax(0, 1fr) minmax(0, 1fr)" gap="6" alignItems="start">
      <TemplateForm editor={editor} root={root} productName={productName} />
      <MailPreview editor={editor} />
    </Grid>
  );
}
