import { chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { SEARCH_MAX_LENGTH } from '../../domain/list-filters';
import { focusesSearch } from '../../domain/shortcuts';
import type { FiltersSearchActorRef } from '../../machines/filters-search/filters-search.machine';
import type { ListKind } from '../../machines/list/types';
import { isTypingTarget } from '../typing-target';

/** What each list is searched by (the server's `q` for orders; tours by display id). */
const PLACEHOLDERS: Record<ListKind, string> = {
  orders: 'Order id, OTA order id, customer name, e-mail or phone',
  tours: 'Tour id (T-000123)',
};

/** The search box: committed on Enter or after a short pause (in the machine); every date is searched. */
export function SearchBox({ kind, search }: { kind: ListKind; search: FiltersSearchActorRef }) {
  const text = useSelector(search, (s) => s.context.text);
  const input = useRef<HTMLInputElement>(null);
  // `/` anywhere on the list's page (but in a field) puts the caret in the search
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!focusesSearch(event, isTypingTarget(event.target))) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <chakra.input
      ref={input}
      type="search"
      aria-label="Search"
      placeholder={PLACEHOLDERS[kind]}
      maxLength={SEARCH_MAX_LENGTH}
      value={text}
      onChange={(e) => search.send({ type: 'search.change', text: e.target.value })}
      onKeyDown={(e) => e.key === 'Enter' && search.send({ type: 'search.submit' })}
      h="8"
      px="2"
      // takes the room the other filters leave, so the bar stays one row at 1280 px with the
      // panel open, even with the range set aside while searching
      flex="1 1 7rem"
      minW="7rem"
      maxW="24rem"
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
    />
  );
}
