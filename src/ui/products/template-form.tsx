import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { SyntheticEvent } from 'react';
import type { TemplateField } from '../../domain/mail-content';
import { OTA_LABELS } from '../../domain/statuses';
import {
  selectBuiltIn,
  selectCanEdit,
  selectCanReset,
  selectCanSave,
  selectConfirmingReset,
  selectDraft,
  selectFault,
  selectOta,
  selectReadOnly,
  selectResetting,
  selectSaving,
  type MailContentActorRef,
} from '../../machines/mail-content/selectors';
import type { ProductsActorRef } from '../../machines/products/selectors';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { VariableList } from './variable-list';

const fieldStyle = { px: '2', py: '1.5', borderWidth: '1px', borderRadius: 'md', bg: 'bg', width: 'full' } as const;
const LABELS: Record<TemplateField, string> = { subject: 'Subject', body: 'Body' };

/** Subject and body of the tab's template as typed, the variables, Save and Reset. */
export function TemplateForm({
  editor,
  root,
  productName,
}: {
  editor: MailContentActorRef;
  root: ProductsActorRef;
  productName: string;
}) {
  const ota = useSelector(editor, selectOta);
  const builtIn = useSelector(editor, selectBuiltIn);
  const canSave = useSelector(editor, selectCanSave);
  const canReset = useSelector(editor, selectCanReset);
  const saving = useSelector(editor, selectSaving);
  const resetting = useSelector(editor, selectResetting);
  const confirmingReset = useSelector(editor, selectConfirmingReset);
  const readOnly = useSelector(editor, selectReadOnly);
  if (readOnly) {
    return (
      <Stack gap="4" minW="0" data-testid="template-read-only">
        <Text fontSize="sm" color="fg.muted" data-testid="template-origin">
          {builtIn
            ? `The built-in template is in use for ${OTA_LABELS[ota]}.`
            : `This product has its own template for ${OTA_LABELS[ota]}.`}{' '}
          Only editors and admins of the team can change it.
        </Text>
        <TemplateField editor={editor} field="subject" />
        <TemplateField editor={editor} field="body" />
      </Stack>
    );
  }
  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="4"
      minW="0"
      onSubmit={(e) => {
        e.preventDefault();
        editor.send({ type: 'mail.save' });
      }}
    >
      <Text fontSize="sm" color="fg.muted" data-testid="template-origin">
        {builtIn
          ? `The built-in template is in use for ${OTA_LABELS[ota]}: edit it to give this product its own.`
          : `This product has its own template for ${OTA_LABELS[ota]}.`}
      </Text>
      <TemplateField editor={editor} field="subject" />
      <TemplateField editor={editor} field="body" />
      <VariableList root={root} editor={editor} />
      <HStack gap="2">
        <Button type="submit" disabled={!canSave} loading={saving}>
          Save
        </Button>
        <Button
          variant="outline"
          disabled={!canReset}
          loading={resetting}
          onClick={() => editor.send({ type: 'mail.reset' })}
        >
          Reset to the default template
        </Button>
      </HStack>
      {confirmingReset && (
        <ConfirmDialog
          testId="reset-dialog"
          title="Reset to the default template?"
          confirmLabel="Reset"
          cancelLabel="Cancel"
          onConfirm={() => editor.send({ type: 'mail.resetConfirm' })}
          onCancel={() => editor.send({ type: 'mail.resetCancel' })}
        >
          {productName}&apos;s {OTA_LABELS[ota]} customers will get the built-in confirmation; this product&apos;s own
          template and any unsaved change to it are removed.
        </ConfirmDialog>
      )}
    </chakra.form>
  );
}

/** One part of the template; the server's refusal shows under the field it names. */
function TemplateField({ editor, field }: { editor: MailContentActorRef; field: TemplateField }) {
  const value = useSelector(editor, (s) => selectDraft(s)?.[field] ?? '');
  const fault = useSelector(editor, (s) => (selectFault(s)?.field === field ? selectFault(s) : null));
  const canEdit = useSelector(editor, selectCanEdit);
  const errorId = `mail-${field}-error`;
  const common = {
    ...fieldStyle,
    value,
    readOnly: !canEdit,
    'aria-invalid': fault ? true : undefined,
    'aria-describedby': fault ? errorId : undefined,
    borderColor: fault ? 'border.error' : undefined,
    // where a variable goes
    onSelect: (e: SyntheticEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      editor.send({
        type: 'mail.caret',
        caret: { field, start: e.currentTarget.selectionStart ?? 0, end: e.currentTarget.selectionEnd ?? 0 },
      }),
  };
  return (
    <Stack gap="1">
      <chakra.label display="grid" gap="1">
        <Text fontWeight="bold">{LABELS[field]}</Text>
        {field === 'subject' ? (
          <chakra.input
            {...common}
            maxLength={300}
            onChange={(e) => editor.send({ type: 'mail.edit', field, value: e.target.value })}
          />
        ) : (
          <chakra.textarea
            {...common}
            rows={12}
            maxLength={50000}
            fontFamily="mono"
            fontSize="sm"
            onChange={(e) => editor.send({ type: 'mail.edit', field, value: e.target.value })}
          />
        )}
      </chakra.label>
      {fault && (
        <Text id={errorId} color="fg.error" fontSize="sm" data-testid={`${field}-error`}>
          {fault.message}
        </Text>
      )}
    </Stack>
  );
}
