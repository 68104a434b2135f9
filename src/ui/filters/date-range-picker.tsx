import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { inRange, monthGrid, monthTitle, WEEKDAY_LABELS } from '../../domain/calendar';
import {
  selectDraftEnd,
  selectDraftStart,
  selectIsOpen,
  selectRangeLabel,
  selectVisibleMonth,
  type DateRangeActorRef,
} from '../../machines/date-range/selectors';

/** The date range button and its popover with the 42-day grid: a screen's date range machine, rendered. */
export function DateRangePicker({ picker }: { picker: DateRangeActorRef }) {
  const open = useSelector(picker, selectIsOpen);
  const label = useSelector(picker, selectRangeLabel);

  return (
    <Box position="relative">
      <Button
        variant="outline"
        size="sm"
        aria-label={`Date range: ${label}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => picker.send({ type: open ? 'range.cancel' : 'range.open' })}
      >
        {label}
      </Button>
      {open && <RangePopover picker={picker} />}
    </Box>
  );
}

function RangePopover({ picker }: { picker: DateRangeActorRef }) {
  const month = useSelector(picker, selectVisibleMonth);
  const draftStart = useSelector(picker, selectDraftStart);
  const draftEnd = useSelector(picker, selectDraftEnd);
  const cancel = () => picker.send({ type: 'range.cancel' });

  return (
    <>
      <Box position="fixed" inset="0" zIndex="overlay" onClick={cancel} data-testid="date-range-backdrop" />
      <Box
        role="dialog"
        aria-label="Choose dates"
        position="absolute"
        top="100%"
        left="0"
        mt="1"
        zIndex="popover"
        bg="bg"
        borderWidth="1px"
        borderRadius="md"
        boxShadow="lg"
        p="3"
        onKeyDown={(e) => e.key === 'Escape' && cancel()}
      >
        <HStack justify="space-between" mb="2">
          <Button
            size="xs"
            variant="ghost"
            aria-label="Previous month"
            onClick={() => picker.send({ type: 'range.prevMonth' })}
          >
            ‹
          </Button>
          <Text fontWeight="bold" aria-live="polite">
            {monthTitle(month)}
          </Text>
          <Button
            size="xs"
            variant="ghost"
            aria-label="Next month"
            onClick={() => picker.send({ type: 'range.nextMonth' })}
          >
            ›
          </Button>
        </HStack>
        <Box display="grid" gridTemplateColumns="repeat(7, 2rem)" gap="0.5" role="grid" aria-label={monthTitle(month)}>
          {WEEKDAY_LABELS.map((d) => (
            <Text key={d} textAlign="center" fontSize="xs" color="fg.muted">
              {d}
            </Text>
          ))}
          {monthGrid(month).map((cell) => {
            const selected = inRange(cell.date, draftStart, draftEnd);
            return (
              <Button
                key={cell.date}
                size="xs"
                minW="2rem"
                variant={selected ? 'solid' : 'ghost'}
                color={!selected && !cell.inMonth ? 'fg.subtle' : undefined}
                aria-label={cell.date}
                aria-pressed={selected}
                data-in-month={cell.inMonth}
                onClick={() => picker.send({ type: 'range.pick', date: cell.date })}
              >
                {cell.day}
              </Button>
            );
          })}
        </Box>
        <HStack justify="flex-end" mt="2">
          <Button size="xs" variant="ghost" onClick={() => picker.send({ type: 'range.clear' })}>
            Clear
          </Button>
          <Button size="xs" variant="outline" onClick={cancel}>
            Cancel
          </Button>
          <Button size="xs" onClick={() => picker.send({ type: 'range.apply' })}>
            Apply
          </Button>
        </HStack>
      </Box>
    </>
  );
}
