import { SegmentGroup } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { DateBasis } from '../../domain/statistics-period';
import { selectBasis, type StatisticsActorRef } from '../../machines/statistics/selectors';
import { segmentGroupRecipe } from './recipes';

const BASES: { value: DateBasis; label: string }[] = [
  { value: 'departure', label: 'Departure date' },
  { value: 'booking', label: 'Booking date' },
];

/** Which date puts an order in the month: its departure or its booking. */
export function BasisSwitch({ root }: { root: StatisticsActorRef }) {
  const basis = useSelector(root, selectBasis);
  return (
    <SegmentGroup.Root
      recipe={segmentGroupRecipe}
      size="sm"
      value={basis}
      aria-label="Count orders by"
      onValueChange={(e) => e.value && root.send({ type: 'period.basis', basis: e.value as DateBasis })}
    >
      <SegmentGroup.Indicator />
      <SegmentGroup.Items items={BASES} />
    </SegmentGroup.Root>
  );
}
