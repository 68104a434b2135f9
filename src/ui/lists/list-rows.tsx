import { memo } from 'react';
import type { HeaderRow } from '../../domain/date-groups';
import { formatDay, formatTime } from '../../domain/format';
import { issueLabel } from '../../domain/list-views';
import { statusLabel } from '../../domain/statuses';
import type { ListItem, ListKind, Order, Tour } from '../../machines/list/types';
import { cellClass, columnRules, COLUMN_GAP, ROW_PADDING, type ListLayout } from './columns';
import { CardCells } from './list-cards';

/**
 * The rows of the virtual list: plain elements with shared styles, nothing heavy per row, so
 * thousands of loaded rows scroll at frame rate (only the visible ones exist in the DOM).
 */
export const ROW_HEIGHT = 36;
export const HEADER_HEIGHT = 32;
/** The column headers' row, pinned at the top of the list. */
export const HEAD_HEIGHT = 32;

const BORDER = '1px solid #E1F4FF';
const SELECTED_BG = '#E1F4FF';
const HEADER_BG = '#F4FAFD';
const FOCUS_OUTLINE = '2px solid #006685';

/** The row element's id, for the grid's `aria-activedescendant` (row ids are unique within a list). */
export const rowDomId = (kind: ListKind, id: string) => `${kind}-row-${id}`;

/**
 * The rows' looks, as rules of the list (its `css`) rather than inline styles: a row that scrolls
 * into view then carries one inline property (its offset), and the browser resolves the styles of
 * its cells once for all of them instead of once per element.
 */
function listRules(kind: ListLayout) {
  return {
    containerType: 'inline-size',
    // a row scrolled into view (by the browser, or a test) lands below the pinned headers
    scrollPaddingTop: `${HEAD_HEIGHT + HEADER_HEIGHT}px`,
    '& [role=row].cols': {
      display: 'grid',
      alignItems: 'center',
      columnGap: `${COLUMN_GAP}px`,
      padding: `0 ${ROW_PADDING}px`,
      boxSizing: 'border-box',
      whiteSpace: 'nowrap',
    },
    '& [role=row][data-row-id]': {
      position: 'absolute',
      left: '0',
      width: '100%',
      height: `${ROW_HEIGHT}px`,
      display: 'grid',
      alignItems: 'center',
      columnGap: `${COLUMN_GAP}px`,
      padding: `0 ${ROW_PADDING}px`,
      boxSizing: 'border-box',
      borderBottom: BORDER,
      cursor: 'default',
      contain: 'strict',
      whiteSpace: 'nowrap',
    },
    '& [role=row] > span': { overflow: 'hidden', textOverflow: 'ellipsis' },
    // as specific as the item rows' rule, so a day header keeps its own height (the virtualizer's estimate)
    '& [role=row][data-date-header]': {
      height: `${HEADER_HEIGHT}px`,
      gridTemplateColumns: '1fr auto',
      background: HEADER_BG,
    },
    // the day of the rows at the top stays in view while they scroll (below the column headers)
    '& [data-date-header][data-sticky]': { position: 'sticky', top: `${HEAD_HEIGHT}px`, zIndex: 1 },
    '& [role=row][aria-selected=true]': { background: SELECTED_BG },
    '& [data-focused]': { outline: FOCUS_OUTLINE, outlineOffset: '-2px' },
    '& .strong': { fontWeight: 700 },
    // 6.6:1 on the selected rows' background, 7.5:1 on white
    '& .muted': { color: '#4b5563' },
    ...columnRules(kind, '.cols'),
  } as const;
}

/** For the list's `css`, one object per layout (so the style sheet is written once). */
export const LIST_RULES: Record<ListLayout, ReturnType<typeof listRules>> = {
  orders: listRules('orders'),
  issues: listRules('issues'),
  tours: listRules('tours'),
};

/** The classes of each column's cells, built once. */
const cls = (key: string, extra = '') => `${cellClass(key)}${extra ? ` ${extra}` : ''}`;

export interface RowState {
  /** Position among all rows (headers included), for assistive technology: elements are recycled out of order. */
  index: number;
  /** The `aria-rowindex` of the first row: 2 under the column headers' row, 1 for a phone's cards (none). */
  rowIndexBase: number;
  start: number;
  selected: boolean;
  focused: boolean;
}

/** The e-mails an order's customer got (SPEC's checkpoints), in a few letters: `Conf · Info · Review`. */
function sentEmails(checks: Order['emailCheckpoints']): string {
  const sent = [checks.confirmation && 'Conf', checks.info && 'Info', checks.review && 'Review'];
  return sent.filter(Boolean).join(' · ');
}

/** The issue cell of "Orders with issues": why the order is there, judged at the screen's clock. */
function IssueCell({ order, now }: { order: Order; now: number }) {
  const issue = issueLabel(order, new Date(now)) ?? '';
  return (
    <span role="gridcell" className={cls('issue')} title={issue} data-issue>
      {issue}
    </span>
  );
}

function OrderCells({ order, timezone, issuesAt }: { order: Order; timezone: string; issuesAt: number | null }) {
  const product = `${order.product.route} · ${order.product.pack || order.product.id}`;
  // a long name shows whole in its tooltip, with the address it is known by
  const customer = order.customer.email ? `${order.customer.name} · ${order.customer.email}` : order.customer.name;
  return (
    <>
      <span role="gridcell" className={cls('order', 'strong')}>
        {order.displayId}
      </span>
      <span role="gridcell" className={cls('ota')}>
        {order.ota}
      </span>
      <span role="gridcell" className={cls('otaOrder')} title={order.otaOrderId}>
        {order.otaOrderId}
      </span>
      {issuesAt !== null && <IssueCell order={order} now={issuesAt} />}
      <span role="gridcell" className={cls('time')}>
        {formatTime(order.departureAt, timezone)}
      </span>
      <span role="gridcell" className={cls('customer')} title={customer}>
        {order.customer.name}
      </span>
      <span role="gridcell" className={cls('product')} title={product}>
        {order.product.route} <span className="muted">· {order.product.pack || order.product.id}</span>
      </span>
      <span role="gridcell" className={cls('qty')}>
        {order.quantity.total}
      </span>
      <span role="gridcell" className={cls('status')}>
        {statusLabel(order.statusV2)}
      </span>
      <span role="gridcell" className={cls('tour', 'muted')}>
        {order.tour?.displayId ?? ''}
      </span>
      <span role="gridcell" className={cls('emails', 'muted')} data-email-checkpoints>
        {sentEmails(order.emailCheckpoints)}
      </span>
    </>
  );
}

function TourCells({ tour, timezone }: { tour: Tour; timezone: string }) {
  const product = tour.product ? `${tour.product.route} · ${tour.product.pack}` : '';
  return (
    <>
      <span role="gridcell" className={cls('tour', 'strong')}>
        {tour.displayId}
      </span>
      <span role="gridcell" className={cls('name')} title={tour.displayName}>
        {tour.displayName}
      </span>
      <span role="gridcell" className={cls('time')}>
        {formatTime(tour.departureAt, timezone)}
      </span>
      <span role="gridcell" className={cls('product')} title={product}>
        {product}
      </span>
      <span role="gridcell" className={cls('orders')}>
        {tour.orderCount}
      </span>
      <span role="gridcell" className={cls('status')}>
        {statusLabel(tour.statusV2)}
      </span>
    </>
  );
}

interface ItemRowProps extends RowState {
  kind: ListKind;
  item: ListItem;
  timezone: string;
  /** On "Orders with issues": the screen's clock, which each row's issue is judged at; else null. */
  issuesAt: number | null;
  /** A phone's card (./list-cards) rather than a table row. */
  card?: boolean;
}

export const ItemRowView = memo(function ItemRowView({ kind, item, timezone, issuesAt, card, ...state }: ItemRowProps) {
  return (
    <div
      role="row"
      id={rowDomId(kind, item.id)}
      className={card ? 'card' : 'cols'}
      data-row-id={item.id}
      data-focused={state.focused || undefined}
      aria-selected={state.selected}
      aria-rowindex={state.index + state.rowIndexBase}
      style={{ top: state.start }}
    >
      {card ? (
        <CardCells kind={kind} item={item} timezone={timezone} selected={state.selected} />
      ) : kind === 'orders' ? (
        <OrderCells order={item as Order} timezone={timezone} issuesAt={issuesAt} />
      ) : (
        <TourCells tour={item as Tour} timezone={timezone} />
      )}
    </div>
  );
});

interface HeaderRowProps extends RowState {
  kind: ListKind;
  row: HeaderRow;
  /** Pinned at the top: the day of the rows scrolling under it. */
  sticky: boolean;
}

export const HeaderRowView = memo(function HeaderRowView({ kind, row, sticky, ...state }: HeaderRowProps) {
  const noun = kind === 'orders' ? (row.count === 1 ? 'order' : 'orders') : row.count === 1 ? 'tour' : 'tours';
  return (
    <div
      role="row"
      id={rowDomId(kind, row.id)}
      data-row-id={row.id}
      data-date-header={row.date}
      data-sticky={sticky || undefined}
      data-focused={state.focused || undefined}
      aria-selected={state.selected}
      aria-rowindex={state.index + state.rowIndexBase}
      style={{ top: sticky ? undefined : state.start }}
    >
      <span role="gridcell" className="strong">
        {formatDay(row.date)}
      </span>
      <span role="gridcell" className="muted" data-day-count={row.count}>
        {row.count.toLocaleString('en-US')} {noun}
      </span>
    </div>
  );
});
