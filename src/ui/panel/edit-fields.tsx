import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { changeText, type EditChange, type Editable } from '../../domain/edits';
import { formatTime } from '../../domain/format';
import { FIELDS } from '../../domain/invalid-edits';
import { CommitInput } from './commit-input';

interface Conflict {
  typed: EditChange;
  fresh: Editable | null;
}

interface EditFieldsProps {
  noun: 'order' | 'tour';
  record: Editable;
  timezone: string;
  conflict: Conflict | null;
  canReapply: boolean;
  /** The message of a field whose typed value was refused, or null. */
  invalid: (field: string) => string | null;
  /** The note of a field someone else changed while it had the focus, or null. */
  note?: (field: string) => string | null;
  onFocusField?: (field: string) => void;
  onBlurField?: (field: string) => void;
  onChange: (change: EditChange) => void;
  /** What was typed in a refused field is given up. */
  onDiscard: (field: string) => void;
  onReapply: () => void;
  onDismiss: () => void;
}

const isDeparture = (c: EditChange) => c.field === 'departureTime' || c.field === 'departureAt';

/**
 * Departure time (24-hour `HH:mm`), price amounts and (tours) the name, each saved as it is
 * committed. A refused value stays in its field with one message under it.
 */
export function EditFields({
  noun,
  record,
  timezone,
  conflict,
  canReapply,
  invalid,
  note = () => null,
  onFocusField,
  onBlurField,
  onChange,
  onDiscard,
  onReapply,
  onDismiss,
}: EditFieldsProps) {
  const typed = conflict?.typed;
  const kept = (match: boolean, value: string) => (typed && match ? changeText(typed, timezone) : value);
  const checked = (field: string) => ({
    invalid: invalid(field) !== null,
    errorId: errorId(field),
    onDiscard: () => onDiscard(field),
    onFocus: () => onFocusField?.(field),
    onBlur: () => onBlurField?.(field),
    noteId: note(field) ? noteId(field) : undefined,
  });
  return (
    <Stack gap="2" data-testid="edit-fields">
      {conflict && (
        <Box
          role="alert"
          data-testid="edit-conflict"
          borderWidth="1px"
          borderColor="orange.400"
          bg="orange.50"
          p="2"
          borderRadius="sm"
        >
          <Text fontWeight="bold">This {noun} was changed by someone else</Text>
          <Text fontSize="sm">
            Your value: <span data-testid="conflict-typed">{typed ? changeText(typed, timezone) : ''}</span>
            {conflict.fresh && typed && (
              <>
                {' · '}Now saved: <span data-testid="conflict-fresh">{freshText(conflict.fresh, typed, timezone)}</span>
              </>
            )}
          </Text>
          <HStack mt="1" gap="2">
            <Button size="xs" onClick={onReapply} disabled={!canReapply}>
              Apply my value
            </Button>
            <Button size="xs" variant="outline" onClick={onDismiss}>
              Keep theirs
            </Button>
          </HStack>
        </Box>
      )}
      {record.displayName !== undefined && (
        <Field label="Name" field={FIELDS.name} error={invalid(FIELDS.name)} note={note(FIELDS.name)} stacked>
          <CommitInput
            label="Tour name"
            multiline
            value={kept(typed?.field === 'displayName', record.displayName)}
            onCommit={(value) => onChange({ field: 'displayName', value })}
            {...checked(FIELDS.name)}
          />
        </Field>
      )}
      <Field
        label="Departure time"
        field={FIELDS.departure}
        error={invalid(FIELDS.departure)}
        note={note(FIELDS.departure)}
      >
        <CommitInput
          label="Departure time"
          placeholder="HH:mm"
          value={kept(!!typed && isDeparture(typed), formatTime(record.departureAt, timezone))}
          onCommit={(time) => onChange({ field: 'departureTime', time })}
          {...checked(FIELDS.departure)}
        />
      </Field>
      {record.prices.map((price) => (
        <Field
          key={price.type}
          label={`${price.type} price (${price.currency})`}
          field={FIELDS.price(price.type)}
          error={invalid(FIELDS.price(price.type))}
          note={note(FIELDS.price(price.type))}
        >
          <CommitInput
            label={`${price.type} price`}
            inputMode="decimal"
            value={kept(typed?.field === 'price' && typed.priceType === price.type, String(price.amount))}
            onCommit={(text) =>
              onChange({ field: 'price', priceType: price.type, amount: text === '' ? Number.NaN : Number(text) })
            }
            {...checked(FIELDS.price(price.type))}
          />
        </Field>
      ))}
    </Stack>
  );
}

function freshText(fresh: Editable, typed: EditChange, timezone: string): string {
  if (isDeparture(typed)) return formatTime(fresh.departureAt, timezone);
  if (typed.field === 'price') return String(fresh.prices.find((p) => p.type === typed.priceType)?.amount ?? '');
  return fresh.displayName ?? '';
}

const errorId = (field: string) => `edit-error-${field}`;
const noteId = (field: string) => `edit-note-${field}`;

interface FieldProps {
  label: string;
  field: string;
  error: string | null;
  /** A change made elsewhere to the field while the person is in it. */
  note?: string | null;
  /** The label above a full-width input rather than beside it. */
  stacked?: boolean;
  children: ReactNode;
}

function Field({ label, field, error, note, stacked, children }: FieldProps) {
  const Line = stacked ? Stack : HStack;
  return (
    <Stack gap="0.5">
      <Line justify="space-between" gap={stacked ? '0.5' : '2'}>
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        {children}
      </Line>
      {error && (
        <Text id={errorId(field)} role="alert" fontSize="xs" color="fg.error" textAlign="right">
          {error}
        </Text>
      )}
      {note && (
        <Text
          id={noteId(field)}
          role="status"
          fontSize="xs"
          color="orange.fg"
          textAlign="right"
          data-testid="edit-note"
        >
          {note}
        </Text>
      )}
    </Stack>
  );
}
