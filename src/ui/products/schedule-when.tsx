import { Button, chakra, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { WEEKDAYS, type ProductSchedule, type Weekday } from '../../../shared/schedule';
import type { NumberField } from '../../machines/product-schedule/draft';
import {
  selectCanAddClosed,
  selectCanEdit,
  selectClosedPick,
  type ProductScheduleActorRef,
} from '../../machines/product-schedule/selectors';
import { FieldMessage, inputStyle, LabelledField, NumberInput, useFieldState } from './schedule-field';

/** When a product runs: its availability type and hours, its places, cut-offs and closed dates. */

export const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

interface Props {
  editor: ProductScheduleActorRef;
  draft: ProductSchedule;
}

export function ScheduleWhen({ editor, draft }: Props) {
  const canEdit = useSelector(editor, selectCanEdit);
  const perDay = draft.availabilityType === 'OPENING_HOURS';
  const numbers: { field: NumberField; label: string; hint: string }[] = [
    {
      field: 'capacity',
      label: perDay ? 'Places per day' : 'Places per departure',
      hint: 'Shared by every option; orders and holds take them.',
    },
    { field: 'durationMinutes', label: 'Duration (minutes)', hint: 'How long it lasts from the start.' },
    {
      field: 'bookingCutoffMinutes',
      label: 'Booking cut-off (minutes)',
      hint: 'Bookings close this many minutes before the start.',
    },
    {
      field: 'cancellationCutoffMinutes',
      label: 'Cancellation cut-off (minutes)',
      hint: 'A reseller can cancel until this many minutes before the start.',
    },
  ];
  return (
    <Stack as="section" aria-labelledby="schedule-when-heading" gap="4">
      <Heading as="h3" size="md" id="schedule-when-heading">
        When it runs
      </Heading>
      <chakra.fieldset display="flex" gap="4" flexWrap="wrap">
        <chakra.legend fontWeight="bold" mb="1">
          Availability
        </chakra.legend>
        {(
          [
            ['START_TIME', 'Departures at set times'],
            ['OPENING_HOURS', 'Open from/to (any time of the day)'],
          ] as const
        ).map(([type, label]) => (
          <chakra.label key={type} display="flex" gap="2" alignItems="center">
            <input
              type="radio"
              name="availability-type"
              value={type}
              checked={draft.availabilityType === type}
              disabled={!canEdit}
              onChange={() => editor.send({ type: 'schedule.edit', edit: { kind: 'type', availabilityType: type } })}
            />
            {label}
          </chakra.label>
        ))}
      </chakra.fieldset>
      {draft.availabilityType === 'START_TIME' ? (
        <StartTimes editor={editor} draft={draft} />
      ) : (
        <OpeningHours editor={editor} draft={draft} />
      )}
      <Flex gap="4" flexWrap="wrap">
        {numbers.map(({ field, label, hint }) => (
          <LabelledField key={field} editor={editor} field={field} label={label} hint={hint}>
            {({ id }) => (
              <NumberInput
                editor={editor}
                field={field}
                id={id}
                value={draft[field]}
                onValue={(value) => editor.send({ type: 'schedule.edit', edit: { kind: 'number', field, value } })}
              />
            )}
          </LabelledField>
        ))}
      </Flex>
      <ClosedDates editor={editor} draft={draft} />
    </Stack>
  );
}

function StartTimes({ editor, draft }: Props) {
  const canEdit = useSelector(editor, selectCanEdit);
  return (
    <chakra.fieldset>
      <chakra.legend fontWeight="bold" mb="1">
        Start times
      </chakra.legend>
      <FieldMessage editor={editor} field="startTimes" />
      <Stack gap="2" data-testid="start-times">
        {WEEKDAYS.map((day) => (
          <DayTimes key={day} editor={editor} day={day} times={draft.startTimes?.[day] ?? []} canEdit={canEdit} />
        ))}
      </Stack>
    </chakra.fieldset>
  );
}

function DayTimes({
  editor,
  day,
  times,
  canEdit,
}: {
  editor: ProductScheduleActorRef;
  day: Weekday;
  times: string[];
  canEdit: boolean;
}) {
  const field = `startTimes.${day}`;
  const state = useFieldState(editor, field);
  const name = DAY_NAMES[day];
  return (
    <Stack gap="1">
      <HStack gap="2" flexWrap="wrap">
        <Text width="6rem" fontWeight="bold" id={`day-${day}`}>
          {name}
        </Text>
        {times.length === 0 && <Text color="fg.muted">No departure</Text>}
        {times.map((time, index) => (
          <HStack key={index} gap="0">
            <chakra.input
              {...inputStyle}
              {...state}
              type="time"
              aria-label={`${name} start time ${index + 1}`}
              value={time}
              onChange={(e) =>
                editor.send({ type: 'schedule.edit', edit: { kind: 'timeSet', day, index, time: e.target.value } })
              }
            />
            {canEdit && (
              <Button
                size="xs"
                variant="ghost"
                aria-label={`Remove ${name} ${time || `start time ${index + 1}`}`}
                onClick={() => editor.send({ type: 'schedule.edit', edit: { kind: 'timeRemove', day, index } })}
              >
                ×
              </Button>
            )}
          </HStack>
        ))}
        {canEdit && (
          <>
            <Button
              size="xs"
              variant="outline"
              aria-label={`Add a time on ${name}`}
              onClick={() => editor.send({ type: 'schedule.edit', edit: { kind: 'timeAdd', day } })}
            >
              Add a time
            </Button>
            <Button
              size="xs"
              variant="ghost"
              aria-label={`Every day as on ${name}`}
              onClick={() => editor.send({ type: 'schedule.edit', edit: { kind: 'timeCopy', day } })}
            >
              Every day
            </Button>
          </>
        )}
      </HStack>
      <FieldMessage editor={editor} field={field} />
    </Stack>
  );
}

function OpeningHours({ editor, draft }: Props) {
  const canEdit = useSelector(editor, selectCanEdit);
  const hours = draft.openingHours ?? { days: [], from: '', to: '' };
  const from = useFieldState(editor, 'openingHours.from');
  const to = useFieldState(editor, 'openingHours.to');
  return (
    <Stack gap="3">
      <FieldMessage editor={editor} field="openingHours" />
      <chakra.fieldset>
        <chakra.legend fontWeight="bold" mb="1">
          Open on
        </chakra.legend>
        <HStack gap="4" flexWrap="wrap">
          {WEEKDAYS.map((day) => (
            <chakra.label key={day} display="flex" gap="1" alignItems="center">
              <input
                type="checkbox"
                checked={hours.days.includes(day)}
                disabled={!canEdit}
                onChange={(e) =>
                  editor.send({ type: 'schedule.edit', edit: { kind: 'hoursDay', day, open: e.target.checked } })
                }
              />
              {DAY_NAMES[day]}
            </chakra.label>
          ))}
        </HStack>
        <FieldMessage editor={editor} field="openingHours.days" />
      </chakra.fieldset>
      <Flex gap="4">
        {(
          [
            ['from', 'Opens at', from],
            ['to', 'Closes at', to],
          ] as const
        ).map(([part, label, state]) => (
          <Stack key={part} gap="1">
            <chakra.label display="grid" gap="1">
              <Text fontWeight="bold">{label}</Text>
              <chakra.input
                {...inputStyle}
                {...state}
                type="time"
                value={hours[part]}
                onChange={(e) =>
                  editor.send({ type: 'schedule.edit', edit: { kind: 'hoursTime', part, time: e.target.value } })
                }
              />
            </chakra.label>
            <FieldMessage editor={editor} field={`openingHours.${part}`} />
          </Stack>
        ))}
      </Flex>
    </Stack>
  );
}

function ClosedDates({ editor, draft }: Props) {
  const canEdit = useSelector(editor, selectCanEdit);
  const pick = useSelector(editor, selectClosedPick);
  const canAdd = useSelector(editor, selectCanAddClosed);
  return (
    <chakra.fieldset>
      <chakra.legend fontWeight="bold" mb="1">
        Closed dates
      </chakra.legend>
      <FieldMessage editor={editor} field="closedDates" />
      {draft.closedDates.length === 0 && <Text color="fg.muted">Open every day of the schedule.</Text>}
      <Stack as="ul" gap="1" listStyleType="none" data-testid="closed-dates">
        {draft.closedDates.map((date, i) => (
          <li key={`${date}-${i}`}>
            <HStack gap="2">
              <Text>{date}</Text>
              {canEdit && (
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={`Open again on ${date}`}
                  onClick={() => editor.send({ type: 'schedule.edit', edit: { kind: 'closedRemove', date } })}
                >
                  ×
                </Button>
              )}
            </HStack>
            <FieldMessage editor={editor} field={`closedDates[${i}]`} />
          </li>
        ))}
      </Stack>
      {canEdit && (
        <HStack gap="2" mt="2">
          <chakra.label display="flex" gap="2" alignItems="center">
            <Text>Close on</Text>
            <chakra.input
              {...inputStyle}
              type="date"
              value={pick}
              onChange={(e) => editor.send({ type: 'schedule.pickClosed', date: e.target.value })}
            />
          </chakra.label>
          <Button
            size="xs"
            variant="outline"
            disabled={!canAdd}
            onClick={() => editor.send({ type: 'schedule.addClosed' })}
          >
            Add closed date
          </Button>
        </HStack>
      )}
    </chakra.fieldset>
  );
}
