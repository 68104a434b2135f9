import { Box, Button, CloseButton, HStack, Text } from '@chakra-ui/react';
import { useCallback } from 'react';
import { isSearchActive, SORT_LABELS } from '../../domain/list-filters';
import { ORDER_SORTS, OTAS, STATUSES, statusLabel, type Ota, type OrderSort, type Status } from '../../domain/statuses';
import type { WorkspaceProps } from '../workspace/workspace-props';
import { DateRangePicker } from './date-range-picker';
import { FilterSelect } from './filter-select';
import { SearchBox } from './search-box';
import { useListFilterState } from './use-list-filters';

const otaLabel = (ota: Ota) => ota;
const sortLabel = (sort: OrderSort) => SORT_LABELS[sort];

/** Date range, OTA, status, search and sort of the list; all of it lives in the URL query. */
export function FilterBar({ kind, timezone }: WorkspaceProps) {
  const { filters, defaults, today, notices, setFilters, updateFilters, dismissNotices } = useListFilterState(kind, timezone);
  const active = isSearchActive(filters, defaults);

  const applyRange = useCallback(
    (startDate: string | null, endDate: string | null) => updateFilters({ startDate, endDate }),
    [updateFilters],
  );
  const commitSearch = useCallback((search: string) => updateFilters({ search }), [updateFilters]);

  return (
    <Box>
      <HStack gap="2" wrap="wrap" py="2" role="search" aria-label="Filters">
        <DateRangePicker start={filters.startDate} end={filters.endDate} today={today} onApply={applyRange} />
        {kind === 'orders' && (
          <FilterSelect<Ota>
            label="OTA"
            anyLabel="All OTAs"
            value={filters.ota}
            options={OTAS}
            optionLabel={otaLabel}
            onChange={(ota) => updateFilters({ ota })}
          />
        )}
        <FilterSelect<Status>
          label="Status"
          anyLabel="All statuses"
          value={filters.status}
          options={STATUSES}
          optionLabel={statusLabel}
          onChange={(status) => updateFilters({ status })}
        />
        <SearchBox value={filters.search} onCommit={commitSearch} />
        <FilterSelect<OrderSort>
          label="Sort"
          value={filters.sort}
          options={ORDER_SORTS}
          optionLabel={sortLabel}
          onChange={(sort) => updateFilters({ sort: sort ?? defaults.sort })}
        />
        {active && (
          <HStack gap="1">
            <Text
              as="span"
              fontSize="xs"
              fontWeight="bold"
              px="2"
              py="0.5"
              borderRadius="full"
              bg="colorPalette.subtle"
              color="colorPalette.fg"
              role="status"
            >
              Search active
            </Text>
            <Button size="xs" variant="ghost" onClick={() => setFilters(defaults)}>
              Reset
            </Button>
          </HStack>
        )}
      </HStack>
      {notices.length > 0 && (
        <HStack role="alert" align="flex-start" gap="2" px="3" py="2" mb="2" borderRadius="md" bg="orange.subtle" color="orange.fg">
          <Box flex="1">
            {notices.map((notice) => (
              <Text key={notice}>{notice}</Text>
            ))}
          </Box>
          <CloseButton size="xs" aria-label="Dismiss" onClick={dismissNotices} />
        </HStack>
      )}
    </Box>
  );
}
