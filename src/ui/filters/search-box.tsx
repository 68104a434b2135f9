import { chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { FiltersSearchActorRef } from '../../machines/filters-search/filters-search.machine';

/** Search by OTA order id or display id: committed on Enter or after a short pause (in the machine). */
export function SearchBox({ search }: { search: FiltersSearchActorRef }) {
  const text = useSelector(search, (s) => s.context.text);
  return (
    <chakra.input
      type="search"
      aria-label="Search"
      placeholder="OTA order id or display id"
      value={text}
      onChange={(e) => search.send({ type: 'search.change', text: e.target.value })}
      onKeyDown={(e) => e.key === 'Enter' && search.send({ type: 'search.submit' })}
      h="8"
      px="2"
      minW="16rem"
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
    />
  );
}
