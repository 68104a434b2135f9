import { Box, Flex, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { groupByDate } from '../../domain/date-groups';
import type { SelectionActorRef } from '../../machines/app.selectors';
import type { ListKind, RowKey } from '../../machines/list.types';
import {
  selectDailyCounts,
  selectHasMore,
  selectIsLoading,
  selectIsLoadingMore,
  selectItems,
  selectSort,
  type ListActorRef,
} from '../../machines/list/selectors';
import type { ClickMode, SelectionKey } from '../../machines/selection.machine';
import { COLUMNS, HEADER_HEIGHT, HeaderRowView, ItemRowView, ROW_HEIGHT } from './list-rows';

/** A few rows beyond the viewport: enough for smooth scrolling, few enough for a small DOM. */
const OVERSCAN = 6;

const KEYS: Record<string, SelectionKey> = {
  ArrowUp: 'ArrowUp',
  ArrowDown: 'ArrowDown',
  ' ': 'Space',
  Enter: 'Enter',
  Escape: 'Escape',
};

function clickMode(event: MouseEvent): ClickMode {
  if (event.shiftKey) return 'range';
  if (event.ctrlKey || event.metaKey) return 'toggle';
  return 'replace';
}

interface VirtualListProps {
  kind: ListKind;
  list: ListActorRef;
  selection: SelectionActorRef;
  timezone: string;
}

/** The date-grouped, virtualised list of orders or tours: renders the list and selection machines. */
export function VirtualList({ kind, list, selection, timezone }: VirtualListProps) {
  const items = useSelector(list, selectItems);
  const dailyCounts = useSelector(list, selectDailyCounts);
  const sort = useSelector(list, selectSort);
  const loading = useSelector(list, selectIsLoading);
  const loadingMore = useSelector(list, selectIsLoadingMore);
  const hasMore = useSelector(list, selectHasMore);
  const selectedIds = useSelector(selection, (s) => s.context.ids);
  const focusId = useSelector(selection, (s) => s.context.focusId);

  const { rows, keys } = useMemo(
    () => groupByDate(items, { timezone, sort, dailyCounts }),
    [items, timezone, sort, dailyCounts],
  );
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  /** A header reads as selected when every row of its day is. */
  const fullDays = useMemo(() => {
    const open = new Set<string>();
    const seen = new Set<string>();
    for (const row of rows) {
      if (row.header) continue;
      seen.add(row.date);
      if (!selected.has(row.id)) open.add(row.date);
    }
    return new Set([...seen].filter((d) => !open.has(d)));
  }, [rows, selected]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.header ? HEADER_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: OVERSCAN,
  });

  const reportScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    list.send({
      type: 'list.scrolled',
      offset: el.scrollTop,
      viewportHeight: el.clientHeight,
      contentHeight: el.scrollHeight,
    });
  }, [list]);

  // a page that landed while the view is still near the bottom asks for the next one
  useEffect(reportScroll, [reportScroll, rows.length]);

  // the focus row comes into view when the focus moves, not when a page lands under the reader
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  useEffect(() => {
    if (!focusId) return;
    const index = rowsRef.current.findIndex((r) => r.id === focusId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [focusId, virtualizer]);

  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-id]');
      const id = row?.dataset.rowId;
      if (!id) return;
      selection.send({ type: 'selection.click', id, mode: clickMode(event), rows: keys as RowKey[] });
    },
    [selection, keys],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const key = KEYS[event.key];
      if (!key) return;
      event.preventDefault();
      selection.send({ type: 'selection.key', key, rows: keys as RowKey[] });
    },
    [selection, keys],
  );

  const noun = kind === 'orders' ? 'orders' : 'tours';
  const columns = COLUMNS[kind];
  return (
    <Flex
      direction="column"
      flex="1"
      minH="0"
      minW="0"
      position="relative"
      borderWidth="1px"
      borderColor="#E1F4FF"
      borderRadius="l2"
    >
      <div
        role="row"
        style={{
          display: 'grid',
          gridTemplateColumns: columns.template,
          columnGap: 8,
          padding: '6px 12px',
          fontWeight: 700,
          borderBottom: '1px solid #E1F4FF',
        }}
      >
        {columns.titles.map((title) => (
          <span role="columnheader" key={title}>
            {title}
          </span>
        ))}
      </div>
      <Box
        ref={scrollRef}
        data-testid="list-scroller"
        role="grid"
        aria-label={noun}
        aria-multiselectable
        // -1: not known yet while more pages may come
        aria-rowcount={hasMore ? -1 : rows.length}
        data-item-count={items.length}
        aria-busy={loading || loadingMore}
        tabIndex={0}
        flex="1"
        minH="0"
        overflowY="auto"
        position="relative"
        outline="none"
        _focusVisible={{ boxShadow: 'inset 0 0 0 2px #0081A7' }}
        onScroll={reportScroll}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        {rows.length === 0 ? (
          <Text p="6" color="fg.muted" textAlign="center">
            {loading ? 'Loading…' : `No ${noun}`}
          </Text>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = rows[v.index];
              const state = { start: v.start, focused: row.id === focusId };
              return row.header ? (
                <HeaderRowView key={row.id} kind={kind} row={row} selected={fullDays.has(row.date)} {...state} />
              ) : (
                <ItemRowView
                  key={row.id}
                  kind={kind}
                  item={row.item}
                  timezone={timezone}
                  selected={selected.has(row.id)}
                  {...state}
                />
              );
            })}
          </div>
        )}
      </Box>
      {loadingMore && (
        // over the list, not below it: the scroller keeps its height while a page loads
        <Text
          position="absolute"
          bottom="0"
          insetInline="0"
          px="3"
          py="1"
          fontSize="xs"
          bg="bg/80"
          color="fg.muted"
          role="status"
        >
          Loading more…
        </Text>
      )}
    </Flex>
  );
}
