import { Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ListKind } from '../../machines/list/types';
import { selectTotal, type ListActorRef } from '../../machines/list/selectors';

const NUMBER = new Intl.NumberFormat('en-US');

/** How many orders or tours the list's filters match ("1,234 orders"), announced when it changes. */
export function ListCount({ kind, list }: { kind: ListKind; list: ListActorRef }) {
  const total = useSelector(list, selectTotal);
  const noun = kind === 'orders' ? (total === 1 ? 'order' : 'orders') : total === 1 ? 'tour' : 'tours';
  return (
    <Text fontSize="sm" fontWeight="bold" minW="90px" aria-live="polite" data-testid="list-count">
      {total === null ? '' : `${NUMBER.format(total)} ${noun}`}
    </Text>
  );
}
