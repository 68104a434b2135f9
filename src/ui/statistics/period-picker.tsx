import { chakra, HStack, IconButton, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { formatMonth } from '../../domain/format';
import { selectMonth, type StatisticsActorRef } from '../../machines/statistics/selectors';

/** The month shown, the months before and after, and any month typed in. */
export function PeriodPicker({ root }: { root: StatisticsActorRef }) {
  const month = useSelector(root, selectMonth);
  const inputId = useId();
  return (
    <HStack gap="2" wrap="wrap">
      <IconButton
        size="sm"
        variant="outline"
        aria-label="Previous month"
        onClick={() => root.send({ type: 'period.previous' })}
      >
        ‹
      </IconButton>
      <Text as="h2" fontSize="lg" fontWeight="bold" minW="10rem" textAlign="center" aria-live="polite">
        {formatMonth(month)}
      </Text>
      <IconButton
        size="sm"
        variant="outline"
        aria-label="Next month"
        onClick={() => root.send({ type: 'period.next' })}
      >
        ›
      </IconButton>
      <chakra.label htmlFor={inputId} fontSize="sm" color="fg.muted" ms="2">
        Month
      </chakra.label>
      {/* a month the browser could not complete (cleared, half typed) is refused by the screen */}
      <chakra.input
        id={inputId}
        type="month"
        value={month}
        onChange={(e) => root.send({ type: 'period.month', month: e.currentTarget.value })}
        h="8"
        px="2"
        borderWidth="1px"
        borderColor="border"
        rounded="l2"
        bg="bg"
        _focusVisible={{ focusRing: 'outside' }}
      />
    </HStack>
  );
}
