import { Box, Flex, Text } from '@chakra-ui/react';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useSelector } from '@xstate/react';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import type { HeaderRow, ItemRow } from '../../domain/date-groups';
import type { ClickMode, SelectionKey } from '../../domain/selection-rules';
import type { ListItem, ListKind, ListRow } from '../../machines/list/types';
import {
  selectHasMore,
  selectIsLoading,
  selectIsLoadingMore,
  selectRows,
  type ListActorRef,
} from '../../machines/list/selectors';
import { selectFocusId, selectSelectedIds, type SelectionActorRef } from '../../machines/selection/selectors';
import { COLUMNS, HEADER_HEIGHT, HeaderRowView, ItemRowView, ROW_HEIGHT, ROW_RULES } from './list-rows';
import { SlotPool } from './slot-pool';

/** A few rows beyond the viewport: enough for smooth scrolling, few enough for a small DOM. */
const OVERSCAN = 3;

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

interface VirtualRowsProps {
  kind: ListKind;
  rows: ListRow[];
  scroller: HTMLDivElement | null;
  selected: ReadonlySet<string>;
  focusId: string | null;
  timezone: string;
}

/**
 * The rows in view, and only them: scrolling re-renders this (the virtualizer's state) and not
 * the list's frame, toolbar or selectors. The virtualizer's callbacks change only with the rows,
 * since a new `getItemKey` makes it measure every row again.
 */
const VirtualRows = memo(function VirtualRows({ kind, rows, scroller, selected, focusId, timezone }: VirtualRowsProps) {
  const estimateSize = useCallback((index: number) => (rows[index]?.header ? HEADER_HEIGHT : ROW_HEIGHT), [rows]);
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
  });

  /** A header reads as selected when every loaded row of its day is (checked for the headers in view only). */
  const isFullDay = useMemo(() => {
    const known = new Map<number, boolean>();
    return (index: number, header: HeaderRow): boolean => {
      let full = known.get(index);
      if (full === undefined) {
        full = header.loaded > 0 && header.loaded <= selected.size;
        for (let i = index + 1; full && i <= index + header.loaded; i++) full = selected.has(rows[i].id);
        known.set(index, full);
      }
      return full;
    };
  }, [rows, selected]);

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

  // headers and orders recycle elements of their own kind; the elements stay in slot order (a
  // row's place on screen is its offset), so React updates them in place and never moves one
  const [headerSlots] = useState(() => new SlotPool());
  const [itemSlots] = useState(() => new SlotPool());
  const inView = virtualizer.getVirtualItems();
  const headers = inView.filter((v) => rows[v.index].header);
  const orders = inView.filter((v) => !rows[v.index].header);
  const slotted = (views: VirtualItem[], pool: SlotPool) => {
    const slots = pool.assign(views.map((v) => rows[v.index].id));
    return views.map((v, i) => ({ v, slot: slots[i] })).sort((a, b) => a.slot - b.slot);
  };

  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {slotted(headers, headerSlots).map(({ v, slot }) => {
        const row = rows[v.index] as HeaderRow;
        return (
          <HeaderRowView
            key={`h${slot}`}
            kind={kind}
            row={row}
            index={v.index}
            start={v.start}
            focused={row.id === focusId}
            selected={isFullDay(v.index, row)}
          />
        );
      })}
      {slotted(orders, itemSlots).map(({ v, slot }) => {
        const row = rows[v.index] as ItemRow<ListItem>;
        return (
          <ItemRowView
            key={`i${slot}`}
            kind={kind}
            item={row.item}
            timezone={timezone}
            index={v.index}
            start={v.start}
            focused={row.id === focusId}
            selected={selected.has(row.id)}
          />
        );
      })}
    </div>
  );
});

interface VirtualListProps {
  kind: ListKind;
  list: ListActorRef;
  selection: SelectionActorRef;
  timezone: string;
}

/** The date-grouped, virtualised list of orders or tours: renders the list and selection machines. */
export function VirtualList({ kind, list, selection, timezone }: VirtualListProps) {
  // a page or a patch of a thousand rows re-renders the list in a task of its own (concurrent,
  // after the event that brought it), not in the same task as the event and its toast
  const rows = useDeferredValue(useSelector(list, selectRows));
  const loading = useSelector(list, selectIsLoading);
  const loadingMore = useSelector(list, selectIsLoadingMore);
  const hasMore = useSelector(list, selectHasMore);
  const selectedIds = useSelector(selection, selectSelectedIds);
  const focusId = useSelector(selection, selectFocusId);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);

  // state, not a ref: the rows below start measuring once the scroller exists
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const reportScroll = useCallback(() => {
    if (!scroller) return;
    list.send({
      type: 'list.scrolled',
      offset: scroller.scrollTop,
      viewportHeight: scroller.clientHeight,
      contentHeight: scroller.scrollHeight,
    });
  }, [list, scroller]);

  // a page that landed while the view is still near the bottom asks for the next one
  useEffect(reportScroll, [reportScroll, rows.length]);

  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-id]');
      const id = row?.dataset.rowId;
      if (!id) return;
      selection.send({ type: 'selection.click', id, mode: clickMode(event) });
    },
    [selection],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const key = KEYS[event.key];
      if (!key) return;
      event.preventDefault();
      selection.send({ type: 'selection.key', key });
    },
    [selection],
  );

  const itemCount = useSelector(list, (s) => s.context.items.length);
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
      <Flex
        direction="column"
        flex="1"
        minH="0"
        role="grid"
        aria-label={noun}
        aria-multiselectable
        // -1: not known yet while more pages may come; the column headers are row 1
        aria-rowcount={hasMore ? -1 : rows.length + 1}
        aria-busy={loading || loadingMore}
      >
        <div role="rowgroup">
          <div
            role="row"
            aria-rowindex={1}
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
        </div>
        <Box
          ref={setScroller}
          data-testid="list-scroller"
          role="rowgroup"
          data-item-count={itemCount}
          tabIndex={0}
          flex="1"
          minH="0"
          overflowY="auto"
          position="relative"
          outline="none"
          _focusVisible={{ boxShadow: 'inset 0 0 0 2px #0081A7' }}
          // opaque, so the browser scrolls it on the compositor instead of repainting it each frame
          bg="bg"
          css={ROW_RULES[kind]}
          onScroll={reportScroll}
          onClick={onClick}
          onKeyDown={onKeyDown}
        >
          {rows.length === 0 ? (
            <Box role="row" p="6" color="fg.muted" textAlign="center">
              <span role="gridcell">{loading ? 'Loading…' : `No ${noun}`}</span>
            </Box>
          ) : (
            <VirtualRows
              kind={kind}
              rows={rows}
              scroller={scroller}
              selected={selected}
              focusId={focusId}
              timezone={timezone}
            />
          )}
        </Box>
      </Flex>
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
