import { Box, Flex, Text } from '@chakra-ui/react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
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
  type ReactNode,
} from 'react';
import type { HeaderRow, ItemRow } from '../../domain/date-groups';
import type { ClickMode } from '../../domain/selection-rules';
import type { ListItem, ListKind, ListRow } from '../../machines/list/types';
import {
  selectCanRetry,
  selectFailed,
  selectFailedFirst,
  selectHasMore,
  selectIsLoading,
  selectIsLoadingMore,
  selectItemCount,
  selectRows,
  type ListActorRef,
} from '../../machines/list/selectors';
import { selectFocusId, selectSelectedIds, type SelectionActorRef } from '../../machines/selection/selectors';
import { cellClass, COLUMNS, type ListLayout } from './columns';
import { selectionKey } from './list-keys';
import { useIsPhone } from '../layouts/viewport';
import { CARD_HEADER_HEIGHT, CARD_HEIGHT, CARD_RULES } from './list-cards';
import { HEAD_HEIGHT, HEADER_HEIGHT, HeaderRowView, ItemRowView, LIST_RULES, ROW_HEIGHT, rowDomId } from './list-rows';
import { EmptyRow, FailedRow, MoreFailedBar, SkeletonRows } from './list-states';
import { useScrollAnchor } from './scroll-anchor';
import { SlotPool } from './slot-pool';

/** A few rows beyond the viewport: enough for smooth scrolling, few enough for a small DOM. */
const OVERSCAN = 3;

/** The heights the virtualizer lays out with: table rows under column headers, or a phone's cards (no column headers). */
interface Metrics {
  cards: boolean;
  head: number;
  row: number;
  header: number;
}
const TABLE: Metrics = { cards: false, head: HEAD_HEIGHT, row: ROW_HEIGHT, header: HEADER_HEIGHT };
const CARDS: Metrics = { cards: true, head: 0, row: CARD_HEIGHT, header: CARD_HEADER_HEIGHT };

function clickMode(event: MouseEvent): ClickMode {
  if (event.shiftKey) return 'range';
  if (event.ctrlKey || event.metaKey) return 'toggle';
  return 'replace';
}

/** The last header at or before a row (the day the row belongs to), or -1. */
function headerBefore(headerIndexes: readonly number[], index: number): number {
  let lo = 0;
  let hi = headerIndexes.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (headerIndexes[mid] <= index) {
      found = headerIndexes[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

interface VirtualRowsProps {
  kind: ListKind;
  metrics: Metrics;
  rows: ListRow[];
  scroller: HTMLDivElement | null;
  selected: ReadonlySet<string>;
  focusId: string | null;
  timezone: string;
  issuesAt: number | null;
}

/**
 * The rows in view, and only them: scrolling re-renders this (the virtualizer's state) and not
 * the list's frame, toolbar or selectors. The virtualizer's callbacks change only with the rows,
 * since a new `getItemKey` makes it measure every row again.
 */
const VirtualRows = memo(function VirtualRows({
  kind,
  metrics,
  rows,
  scroller,
  selected,
  focusId,
  timezone,
  issuesAt,
}: VirtualRowsProps) {
  const { head } = metrics;
  const estimateSize = useCallback(
    (index: number) => (rows[index]?.header ? metrics.header : metrics.row),
    [rows, metrics],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const headerIndexes = useMemo(() => rows.flatMap((r, i) => (r.header ? [i] : [])), [rows]);
  const focusIndex = useMemo(() => (focusId ? rows.findIndex((r) => r.id === focusId) : -1), [rows, focusId]);
  // the focus row stays rendered wherever the list is scrolled: the grid names it as its active descendant
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return focusIndex < 0 || indexes.includes(focusIndex) ? indexes : [...indexes, focusIndex].sort((a, b) => a - b);
    },
    [focusIndex],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize,
    getItemKey,
    rangeExtractor,
    overscan: OVERSCAN,
    // the rows start below the column headers; a row scrolled to lands below the pinned day header
    scrollMargin: head,
    scrollPaddingStart: head + metrics.header,
  });

  // rows inserted or removed above the view (live changes) do not move what is in view
  useScrollAnchor(rows, scroller, virtualizer, head);

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
  const focusIndexRef = useRef(focusIndex);
  useEffect(() => {
    focusIndexRef.current = focusIndex;
  }, [focusIndex]);
  useEffect(() => {
    if (focusId && focusIndexRef.current >= 0) virtualizer.scrollToIndex(focusIndexRef.current, { align: 'auto' });
  }, [focusId, virtualizer]);

  // the day of the row at the top of the view is pinned there (one header, moved out of the flow)
  const top = virtualizer.getVirtualItemForOffset((virtualizer.scrollOffset ?? 0) + head);
  const stickyIndex = headerBefore(headerIndexes, top?.index ?? 0);

  // headers and orders recycle elements of their own kind; the elements stay in slot order (a
  // row's place on screen is its offset), so React updates them in place and never moves one
  const [headerSlots] = useState(() => new SlotPool());
  const [itemSlots] = useState(() => new SlotPool());
  const inView = virtualizer.getVirtualItems();
  const headers: Array<{ index: number; start: number }> = inView.filter(
    (v) => rows[v.index].header && v.index !== stickyIndex,
  );
  if (stickyIndex >= 0) headers.unshift({ index: stickyIndex, start: 0 });
  const orders = inView.filter((v) => !rows[v.index].header);
  const slotted = <T extends { index: number }>(views: T[], pool: SlotPool) => {
    const slots = pool.assign(views.map((v) => rows[v.index].id));
    return views.map((v, i) => ({ v, slot: slots[i] })).sort((a, b) => a.slot - b.slot);
  };

  return (
    <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {slotted(headers, headerSlots).map(({ v, slot }) => {
        const row = rows[v.index] as HeaderRow;
        return (
          <HeaderRowView
            key={`h${slot}`}
            kind={kind}
            row={row}
            index={v.index}
            rowIndexBase={metrics.cards ? 1 : 2}
            start={v.start - head}
            sticky={v.index === stickyIndex}
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
            issuesAt={issuesAt}
            index={v.index}
            rowIndexBase={metrics.cards ? 1 : 2}
            card={metrics.cards}
            start={v.start - head}
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
  /** Its columns: the kind's, or the issues' on "Orders with issues". */
  layout: ListLayout;
  list: ListActorRef;
  selection: SelectionActorRef;
  timezone: string;
  /** On "Orders with issues": the screen's clock, which each row's issue is judged at. */
  issuesAt: number | null;
}

/**
 * The date-grouped, virtualised list of orders or tours, an ARIA grid: the column headers' row
 * and the rows inside it, the focus row named by `aria-activedescendant` (DOM focus stays on the
 * grid, so recycled row elements never lose it). Renders the list and selection machines.
 */
export function VirtualList({ kind, layout, list, selection, timezone, issuesAt }: VirtualListProps) {
  // a page or a patch of a thousand rows re-renders the list in a task of its own (concurrent,
  // after the event that brought it), not in the same task as the event and its toast; but the
  // first rows of an empty list at once: a deferred render gives way to every update that comes
  // meanwhile (the navigation's totals answer as the first page lands), and nothing is on screen
  // to keep responsive
  const latest = useSelector(list, selectRows);
  const deferred = useDeferredValue(latest);
  const rows = deferred.length === 0 ? latest : deferred;
  const loading = useSelector(list, selectIsLoading);
  const loadingMore = useSelector(list, selectIsLoadingMore);
  const hasMore = useSelector(list, selectHasMore);
  const failed = useSelector(list, selectFailed);
  const failedFirst = useSelector(list, selectFailedFirst);
  const canRetry = useSelector(list, selectCanRetry);
  const itemCount = useSelector(list, selectItemCount);
  const selectedIds = useSelector(selection, selectSelectedIds);
  const focusId = useSelector(selection, selectFocusId);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  // below 768 px: one column of cards
  const metrics = useIsPhone() ? CARDS : TABLE;

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
      // a card's selection box adds it to the selection or takes it out, as Ctrl+click does
      const box = (event.target as HTMLElement).closest('[data-select-box]');
      selection.send({ type: 'selection.click', id, mode: box ? 'toggle' : clickMode(event) });
    },
    [selection],
  );

  // a shift-click extends the selection of rows, not the page's text selection across them
  // (the grid still takes the focus the prevented mousedown would have given it)
  const onMouseDown = useCallback((event: MouseEvent<HTMLDivElement>) => {
    if (!event.shiftKey || !(event.target as HTMLElement).closest('[data-row-id]')) return;
    event.preventDefault();
    event.currentTarget.focus({ preventScroll: true });
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      // keys on the grid itself, not on a button inside it (Retry)
      if (event.target !== event.currentTarget) return;
      const visible = (scroller?.clientHeight ?? 0) - metrics.head - metrics.header;
      const key = selectionKey(event, Math.max(1, Math.floor(visible / metrics.row)));
      if (!key) return;
      event.preventDefault();
      selection.send(key);
    },
    [selection, scroller, metrics],
  );
  const retry = useCallback(() => list.send({ type: 'list.retry' }), [list]);

  const noun = kind === 'orders' ? 'orders' : 'tours';
  let empty: ReactNode = null;
  if (rows.length === 0) {
    if (failedFirst) empty = <FailedRow kind={kind} onRetry={retry} />;
    else if (loading || itemCount > 0) empty = <SkeletonRows />;
    else empty = <EmptyRow kind={kind} />;
  }
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
      overflow="hidden"
    >
      <Box
        ref={setScroller}
        data-testid="list-scroller"
        role="grid"
        aria-label={noun}
        aria-multiselectable
        // -1: not known yet while more pages may come; the column headers are row 1
        aria-rowcount={hasMore ? -1 : rows.length + (metrics.cards ? 0 : 1)}
        aria-busy={loading || loadingMore}
        aria-activedescendant={focusId ? rowDomId(kind, focusId) : undefined}
        data-item-count={itemCount}
        tabIndex={0}
        flex="1"
        minH="0"
        overflowY="auto"
        overflowX="hidden"
        position="relative"
        outline="none"
        _focusVisible={{ boxShadow: 'inset 0 0 0 2px #006685' }}
        // opaque, so the browser scrolls it on the compositor instead of repainting it each frame
        bg="bg"
        css={metrics.cards ? CARD_RULES : LIST_RULES[layout]}
        onScroll={reportScroll}
        onClick={onClick}
        onMouseDown={onMouseDown}
        onKeyDown={onKeyDown}
      >
        {!metrics.cards && (
          <div role="rowgroup" style={{ position: 'sticky', top: 0, zIndex: 2 }}>
            <Box
              role="row"
              className="cols"
              aria-rowindex={1}
              h={`${HEAD_HEIGHT}px`}
              fontWeight="bold"
              bg="bg"
              borderBottom="1px solid #E1F4FF"
            >
              {COLUMNS[layout].map((c) => (
                <span role="columnheader" key={c.key} className={cellClass(c.key)}>
                  {c.title}
                </span>
              ))}
            </Box>
          </div>
        )}
        {rows.length === 0 ? (
          // the skeleton is no row (hidden while the grid is busy); a message is one full-width row
          empty
        ) : (
          <VirtualRows
            // the other layout's sizes: measured afresh
            key={metrics.cards ? 'cards' : 'table'}
            kind={kind}
            metrics={metrics}
            rows={rows}
            scroller={scroller}
            selected={selected}
            focusId={focusId}
            timezone={timezone}
            issuesAt={issuesAt}
          />
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
      {failed && !failedFirst && canRetry && <MoreFailedBar kind={kind} onRetry={retry} />}
    </Flex>
  );
}
