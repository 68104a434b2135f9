import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatAmount } from '../../domain/amounts';
import { priceLabel } from '../../domain/display-names';
import { changeText, type EditChange, type Editable } from '../../domain/edits';
import { formatTime } from '../../domain/format';
import { FIELDS } from '../../domain/invalid-edits';
import { CommitInput } from './commit-input';

interface Conflict {
  typed: EditChange;
  fresh: Editable | null;
}

/** What the panel asks when a unit price changed and TOTAL did not (worded by the domain). */
export interface TotalAsk {
  message: string;
  update: string;
  keep: string;
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
  /** The question under TOTAL, and its two answers (orders only). */
  totalAsk?: TotalAsk | null;
  onUpdateTotal?: () => void;
  onKeepTotal?: () => void;
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
  totalAsk = null,
  onUpdateTotal,
  onKeepTotal,
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
        <Stack key={price.type} gap="1">
          <Field
            label={`${priceLabel(price.type)} price (${price.currency})`}
            field={FIELDS.price(price.type)}
            error={invalid(FIELDS.price(price.type))}
            note={note(FIELDS.price(price.type))}
          >
            <CommitInput
              label={`${priceLabel(price.type)} price`}
              inputMode="decimal"
              value={kept(isPrice(typed) && typed.priceType === price.type, formatAmount(price.amount, price.currency))}
              // typed as the screen writes the currency ("1.500.000" in VND); the machine reads it
              onCommit={(text) => onChange({ field: 'priceText', priceType: price.type, text })}
              {...checked(FIELDS.price(price.type))}
            />
          </Field>
          {price.type === 'TOTAL' && totalAsk && (
            <TotalQuestion ask={totalAsk} onUpdate={onUpdateTotal} onKeep={onKeepTotal} />
          )}
        </Stack>
      ))}
    </Stack>
  );
}

const isPrice = (c: EditChange | undefined): c is Extract<EditChange, { priceType: string }> =>
  c?.field === 'price' || c?.field === 'priceText';

function freshText(fresh: Editable, typed: EditChange, timezone: string): string {
  if (isDeparture(typed)) return formatTime(fresh.departureAt, timezone);
  if (isPrice(typed)) {
    const price = fresh.prices.find((p) => p.type === typed.priceType);
    return price ? formatAmount(price.amount, price.currency) : '';
  }
  return fresh.displayName ?? '';
}

/** A unit price changed and TOTAL did not: TOTAL is not left stale without the operator saying so. */
function TotalQuestion({ ask, onUpdate, onKeep }: { ask: TotalAsk; onUpdate?: () => void; onKeep?: () => void }) {
  return (
    <Box
      role="group"
      aria-labelledby="total-question"
      data-testid="total-question"
      borderWidth="1px"
      borderColor="border.info"
      bg="bg.info"
      p="2"
      borderRadius="sm"
    >
      <Text id="total-question" role="status" fontSize="sm">
        {ask.message}
      </Text>
      <HStack mt="1" gap="2" wrap="wrap">
        <Button size="xs" onClick={onUpdate}>
          {ask.update}
        </Button>
        <Button size="xs" variant="outline" onClick={onKeep}>
          {ask.keep}
        </Button>
      </HStack>
    </Box>
  );
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
