import { Button, DatePicker, HStack, parseDate, Portal, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { DatesSetAside } from '../../domain/list-filters';
import {
  selectCanClear,
  selectChoosingEnd,
  selectIsDisabled,
  selectIsOpen,
  selectMarkedDays,
  selectRangeLabel,
  selectSetAside,
  selectTimezone,
  type DateRangeActorRef,
} from '../../machines/date-range/selectors';

/** Why the range shows set aside, in the words beside it. */
const SET_ASIDE_NOTES: Record<NonNullable<DatesSetAside>, string> = {
  search: 'all dates while searching',
  today: "not used on today's tours",
  tomorrow: "not used on tomorrow's tours",
};

/**
 * The date range button and its calendar (Chakra's DatePicker: range mode, six fixed weeks from
 * Monday, arrow keys between days, Escape closes back onto the button): a date range machine,
 * rendered. The machine decides what is open, picked and applied; the calendar reports picks.
 */
export function DateRangePicker({ picker }: { picker: DateRangeActorRef }) {
  const open = useSelector(picker, selectIsOpen);
  const disabled = useSelector(picker, selectIsDisabled);
  const setAside = useSelector(picker, selectSetAside);
  const label = useSelector(picker, selectRangeLabel);
  const timezone = useSelector(picker, selectTimezone);
  const marked = useSelector(picker, selectMarkedDays);
  const value = useMemo(() => (marked ? marked.split(',').map((day) => parseDate(day)) : []), [marked]);
  const note = setAside ? SET_ASIDE_NOTES[setAside] : null;
  const trigger = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useFocusBackOnClose(open, trigger, content);

  return (
    <HStack gap="2">
      <DatePicker.Root
        selectionMode="range"
        // a closed calendar is 42 cells and their controls: keep it out of the DOM (bench:scroll)
        lazyMount
        unmountOnExit
        fixedWeeks
        startOfWeek={1}
        maxView="day"
        // the machine closes the calendar when a range is complete
        closeOnSelect={false}
        locale="en-GB"
        timeZone={timezone}
        translations={{ content: 'Choose dates' }}
        open={open}
        onOpenChange={(details) => picker.send({ type: details.open ? 'range.open' : 'range.close' })}
        value={value}
        onValueChange={(details) =>
          picker.send({ type: 'range.pick', days: details.value.filter(Boolean).map((day) => day.toString()) })
        }
        disabled={disabled}
        positioning={{ placement: 'bottom-start' }}
        size="sm"
        width="auto"
      >
        {/* the calendar opens anchored to the control */}
        <DatePicker.Control width="auto">
          <DatePicker.Trigger asChild unstyled>
            <Button
              ref={trigger}
              variant="outline"
              size="sm"
              aria-label={`Date range: ${label}${note ? `, set aside: ${note}` : ''}`}
            >
              <Text as="span" textDecoration={note ? 'line-through' : undefined}>
                {label}
              </Text>
            </Button>
          </DatePicker.Trigger>
        </DatePicker.Control>
        <Portal>
          <DatePicker.Positioner>
            <DatePicker.Content ref={content}>
              <DatePicker.View view="day">
                {/* the month's name as text: a view switch would be named "day view", not what it shows */}
                <DatePicker.ViewControl>
                  <DatePicker.PrevTrigger />
                  <DatePicker.RangeText aria-live="polite" />
                  <DatePicker.NextTrigger />
                </DatePicker.ViewControl>
                <DatePicker.DayTable />
              </DatePicker.View>
              <PickerFooter picker={picker} />
            </DatePicker.Content>
          </DatePicker.Positioner>
        </Portal>
      </DatePicker.Root>
      {note && (
        <Text fontSize="xs" color="fg.muted" aria-hidden>
          {note}
        </Text>
      )}
    </HStack>
  );
}

/**
 * When the calendar closes with the focus inside it (Escape, a completed range, "Clear dates"),
 * the focus goes back to the button; a click elsewhere keeps the focus where it landed.
 */
function useFocusBackOnClose(
  open: boolean,
  trigger: RefObject<HTMLButtonElement | null>,
  content: RefObject<HTMLDivElement | null>,
) {
  const wasOpen = useRef(open);
  useEffect(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || Boolean(content.current?.contains(active));
    if (wasOpen.current && !open && lost) trigger.current?.focus();
    wasOpen.current = open;
  }, [open, trigger, content]);
}

/** Which end the next pick sets, and the way back to no range ("Pick a date"). */
function PickerFooter({ picker }: { picker: DateRangeActorRef }) {
  const choosingEnd = useSelector(picker, selectChoosingEnd);
  const canClear = useSelector(picker, selectCanClear);
  return (
    <HStack justify="space-between" gap="2">
      <Text fontSize="xs" color="fg.muted" aria-live="polite">
        {choosingEnd ? 'Pick the last day' : 'Pick the first day'}
      </Text>
      {canClear && (
        <Button size="xs" variant="ghost" onClick={() => picker.send({ type: 'range.clear' })}>
          Clear dates
        </Button>
      )}
    </HStack>
  );
}
