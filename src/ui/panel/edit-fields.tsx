import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { changeText, timeOf, type EditChange, type Editable } from '../../domain/edits';
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
  onChange: (change: EditChange) => void;
  onReapply: () => void;
  onDismiss: () => void;
}

const isDeparture = (c: EditChange) => c.field === 'departureTime' || c.field === 'departureAt';

/** Departure time (24-hour `HH:mm`), price amounts and (tours) the name, each saved as it is committed. */
export function EditFields({
  noun,
  record,
  timezone,
  conflict,
  canReapply,
  onChange,
  onReapply,
  onDismiss,
}: EditFieldsProps) {
  const typed = conflict?.typed;
  const kept = (match: boolean, value: string) => (typed && match ? changeText(typed, timezone) : value);
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
        <Field label="Name">
          <CommitInput
            label="Tour name"
            value={kept(typed?.field === 'displayName', record.displayName)}
            onCommit={(value) => onChange({ field: 'displayName', value })}
          />
        </Field>
      )}
      <Field label="Departure time">
        <CommitInput
          label="Departure time"
          placeholder="HH:mm"
          value={kept(!!typed && isDeparture(typed), timeOf(record.departureAt, timezone))}
          onCommit={(time) => onChange({ field: 'departureTime', time })}
        />
      </Field>
      {record.prices.map((price) => (
        <Field key={price.type} label={`${price.type} price (${price.currency})`}>
          <CommitInput
            label={`${price.type} price`}
            inputMode="decimal"
            value={kept(typed?.field === 'price' && typed.priceType === price.type, String(price.amount))}
            onCommit={(text) =>
              onChange({ field: 'price', priceType: price.type, amount: text === '' ? Number.NaN : Number(text) })
            }
          />
        </Field>
      ))}
    </Stack>
  );
}

function freshText(fresh: Editable, typed: EditChange, timezone: string): string {
  if (isDeparture(typed)) return timeOf(fresh.departureAt, timezone);
  if (typed.field === 'price') return String(fresh.prices.find((p) => p.type === typed.priceType)?.amount ?? '');
  return fresh.displayName ?? '';
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <HStack justify="space-between" gap="2">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      {children}
    </HStack>
  );
}
