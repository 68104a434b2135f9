import { chakra, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import {
  selectCanEdit,
  selectFieldError,
  type ProductScheduleActorRef,
} from '../../machines/product-schedule/selectors';

/** Pieces of the schedule editor: an input with its label and the message of its field. */

export const inputStyle = { px: '2', py: '1', borderWidth: '1px', borderRadius: 'md', bg: 'bg', minW: '0' } as const;

/** The element id of a field's message (a path such as `options[0].units[1].maxAge`). */
export const errorId = (field: string) => `schedule-error-${field.replace(/[^A-Za-z0-9]+/g, '-')}`;

/** The message of a field (the draft's own error, else the server's), for `aria-describedby`. */
export function FieldMessage({ editor, field }: { editor: ProductScheduleActorRef; field: string }) {
  const message = useSelector(editor, selectFieldError(field));
  if (!message) return null;
  return (
    <Text id={errorId(field)} color="red.700" fontSize="sm" data-testid="field-error" data-field={field}>
      {message}
    </Text>
  );
}

/** What an input of a field says about its error. */
export function useFieldState(editor: ProductScheduleActorRef, field: string) {
  const message = useSelector(editor, selectFieldError(field));
  const canEdit = useSelector(editor, selectCanEdit);
  return {
    readOnly: !canEdit,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? errorId(field) : undefined,
    borderColor: message ? 'border.error' : undefined,
  } as const;
}

interface NumberInputProps {
  editor: ProductScheduleActorRef;
  field: string;
  /** Its accessible name, unless a label names it by `id`. */
  label?: string;
  id?: string;
  value: number | null | undefined;
  /** NaN when emptied (an error until a number is typed). */
  onValue: (value: number) => void;
  step?: string;
  width?: string;
}

/** A number of the schedule; an empty input is NaN in the draft, which its rule refuses. */
export function NumberInput({
  editor,
  field,
  label,
  id,
  value,
  onValue,
  step = '1',
  width = '6rem',
}: NumberInputProps) {
  const state = useFieldState(editor, field);
  return (
    <chakra.input
      {...inputStyle}
      {...state}
      width={width}
      type="number"
      min={0}
      step={step}
      id={id}
      aria-label={label}
      value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
      onChange={(e) => onValue(e.target.value === '' ? Number.NaN : e.target.valueAsNumber)}
    />
  );
}

/** A labelled field of the form with its message under it. */
export function LabelledField({
  editor,
  field,
  label,
  hint,
  children,
}: {
  editor: ProductScheduleActorRef;
  field: string;
  label: string;
  hint?: string;
  children: (props: { id: string }) => ReactNode;
}) {
  const id = `schedule-field-${field.replace(/[^A-Za-z0-9]+/g, '-')}`;
  return (
    <Stack gap="1">
      <chakra.label htmlFor={id} fontWeight="bold">
        {label}
      </chakra.label>
      {children({ id })}
      {hint && (
        <Text fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      )}
      <FieldMessage editor={editor} field={field} />
    </Stack>
  );
}
