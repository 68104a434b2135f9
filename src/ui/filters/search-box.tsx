import { chakra } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { filtersSearchMachine } from '../../machines/filters-search/filters-search.machine';
import { useInspect } from '../app/inspect';

interface SearchBoxProps {
  value: string;
  onCommit: (text: string) => void;
}

/** Search by OTA order id or display id: committed on Enter or after a short pause (in the machine). */
export function SearchBox({ value, onCommit }: SearchBoxProps) {
  const inspect = useInspect();
  const search = useActorRef(filtersSearchMachine, { inspect, input: { text: value } });
  const text = useSelector(search, (s) => s.context.text);

  useEffect(() => search.send({ type: 'search.sync', text: value }), [search, value]);
  useEffect(() => {
    const sub = search.on('search.committed', (e) => onCommit(e.text));
    return () => sub.unsubscribe();
  }, [search, onCommit]);

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
