import { Box, Button, CloseButton, HStack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { DATE_BASES, SORT_LABELS, type DateBasis } from '../../domain/list-filters';
import { ORDER_SORTS, OTAS, STATUSES, statusLabel, type Ota, type OrderSort, type Status } from '../../domain/statuses';
import {
  selectDateRange,
  selectDefaultSort,
  selectFilterValues,
  selectCanReset,
  selectIsActive,
  selectNotices,
  selectSearchBox,
  type ListFiltersActorRef,
} from '../../machines/list-filters/selectors';
import type { ListKind } from '../../machines/list/types';
import { DateRangePicker } from './date-range-picker';
import { FilterSelect } from './filter-select';
import { SearchBox } from './search-box';

const otaLabel = (ota: Ota) => ota;
const sortLabel = (sort: OrderSort) => SORT_LABELS[sort];
const BASIS_LABELS: Record<DateBasis, string> = { departure: 'Departing', booking: 'Booked' };
const basisLabel = (basis: DateBasis) => BASIS_LABELS[basis];

/**
 * Date range (and which date it filters on), OTA, status, search and sort of the list: the screen's
 * filters machine, rendered. One row at 1280 px with the panel open: the search box takes the room
 * left, and whether a search is active sits with the list's count (`FilterStatus`).
 */
export function FilterBar({ kind, filters: actor }: { kind: ListKind; filters: ListFiltersActorRef }) {
  const filters = useSelector(actor, selectFilterValues);
  const defaultSort = useSelector(actor, selectDefaultSort);
  const notices = useSelector(actor, selectNotices);
  const picker = useSelector(actor, selectDateRange);
  const search = useSelector(actor, selectSearchBox);

  return (
    <Box>
      <HStack gap="2" wrap="wrap" py="2" role="search" aria-label="Filters">
        {kind === 'orders' && (
          <FilterSelect<DateBasis>
            label="Dates by"
            value={filters.basis}
            options={DATE_BASES}
            optionLabel={basisLabel}
            onChange={(basis) => actor.send({ type: 'filters.set', patch: { basis: basis ?? 'departure' } })}
          />
        )}
        {picker && <DateRangePicker picker={picker} />}
        {kind === 'orders' && (
          <FilterSelect<Ota>
            label="OTA"
            anyLabel="All OTAs"
            value={filters.ota}
            options={OTAS}
            optionLabel={otaLabel}
            onChange={(ota) => actor.send({ type: 'filters.set', patch: { ota } })}
          />
        )}
        <FilterSelect<Status>
          label="Status"
          anyLabel="All statuses"
          value={filters.status}
          options={STATUSES}
          optionLabel={statusLabel}
          onChange={(status) => actor.send({ type: 'filters.set', patch: { status } })}
        />
        {search && <SearchBox kind={kind} search={search} />}
        <FilterSelect<OrderSort>
          label="Sort"
          value={filters.sort}
          options={ORDER_SORTS}
          optionLabel={sortLabel}
          onChange={(sort) => actor.send({ type: 'filters.set', patch: { sort: sort ?? defaultSort } })}
        />
      </HStack>
      {notices.length > 0 && (
        <HStack
          role="alert"
          align="flex-start"
          gap="2"
          px="3"
          py="2"
          mb="2"
          borderRadius="md"
          bg="orange.subtle"
          color="orange.fg"
        >
          <Box flex="1">
            {notices.map((notice) => (
              <Text key={notice}>{notice}</Text>
            ))}
          </Box>
          <CloseButton size="xs" aria-label="Dismiss" onClick={() => actor.send({ type: 'filters.dismissNotices' })} />
        </HStack>
      )}
    </Box>
  );
}

/** "Search active" when SPEC section 4 says so, and Reset whenever the filters differ from the defaults. */
export function FilterStatus({ filters: actor }: { filters: ListFiltersActorRef }) {
  const active = useSelector(actor, selectIsActive);
  const canReset = useSelector(actor, selectCanReset);
  if (!canReset) return null;
  return (
    <HStack gap="1">
      {active && (
        <Text
          as="span"
          fontSize="xs"
          fontWeight="bold"
          px="2"
          py="0.5"
          borderRadius="full"
          bg="colorPalette.subtle"
          color="colorPalette.fg"
          whiteSpace="nowrap"
          role="status"
        >
          Search active
        </Text>
      )}
      <Button size="xs" variant="ghost" onClick={() => actor.send({ type: 'filters.reset' })}>
        Reset
      </Button>
    </HStack>
  );
}
