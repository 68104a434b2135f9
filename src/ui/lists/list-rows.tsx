import { memo, type CSSProperties } from 'react';
import { dayLabel, timeIn, type HeaderRow } from '../../domain/date-groups';
import { statusLabel } from '../../domain/statuses';
import type { ListItem, ListKind, Order, Tour } from '../../machines/list.types';

/**
 * The rows of the virtual list: plain elements with shared styles, nothing heavy per row, so
 * thousands of loaded rows scroll at frame rate (only the visible ones exist in the DOM).
 */
export const ROW_HEIGHT = 36;
export const HEADER_HEIGHT = 32;

export const COLUMNS: Record<ListKind, { template: string; titles: string[] }> = {
  orders: {
    template: '110px 70px 1.2fr 56px 2fr 40px 130px 90px',
    titles: ['Order', 'OTA', 'OTA order', 'Time', 'Product', 'Qty', 'Status', 'Tour'],
  },
  tours: {
    template: '110px 1.6fr 130px 2fr 70px 130px',
    titles: ['Tour', 'Name', 'Departure', 'Product', 'Orders', 'Status'],
  },
};

const BORDER = '1px solid #E1F4FF';
const SELECTED_BG = '#E1F4FF';
const FOCUS_OUTLINE = '2px solid #0081A7';

const rowBase: CSSProperties = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  display: 'grid',
  alignItems: 'center',
  columnGap: 8,
  padding: '0 12px',
  boxSizing: 'border-box',
  borderBottom: BORDER,
  cursor: 'default',
  whiteSpace: 'nowrap',
};
const cell: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis' };
const muted: CSSProperties = { ...cell, color: '#6b7280' };
const strong: CSSProperties = { ...cell, fontWeight: 700 };

export interface RowState {
  start: number;
  selected: boolean;
  focused: boolean;
}

function rowStyle(kind: ListKind, height: number, state: RowState, header: boolean): CSSProperties {
  return {
    ...rowBase,
    gridTemplateColumns: header ? '1fr auto' : COLUMNS[kind].template,
    height,
    transform: `translateY(${state.start}px)`,
    background: state.selected ? SELECTED_BG : header ? '#F4FAFD' : undefined,
    outline: state.focused ? FOCUS_OUTLINE : undefined,
    outlineOffset: state.focused ? -2 : undefined,
  };
}

function OrderCells({ order, timezone }: { order: Order; timezone: string }) {
  return (
    <>
      <span style={strong}>{order.displayId}</span>
      <span style={cell}>{order.ota}</span>
      <span style={cell}>{order.otaOrderId}</span>
      <span style={cell}>{timeIn(order.departureAt, timezone)}</span>
      <span style={cell}>
        {order.product.route} <span style={muted}>· {order.product.pack || order.product.id}</span>
      </span>
      <span style={cell}>{order.quantity.total}</span>
      <span style={cell}>{statusLabel(order.statusV2)}</span>
      <span style={muted}>{order.tour?.displayId ?? ''}</span>
    </>
  );
}

function TourCells({ tour, timezone }: { tour: Tour; timezone: string }) {
  return (
    <>
      <span style={strong}>{tour.displayId}</span>
      <span style={cell}>{tour.displayName}</span>
      <span style={cell}>{timeIn(tour.departureAt, timezone)}</span>
      <span style={cell}>{tour.product ? `${tour.product.route} · ${tour.product.pack}` : ''}</span>
      <span style={cell}>{tour.orderCount}</span>
      <span style={cell}>{statusLabel(tour.statusV2)}</span>
    </>
  );
}

interface ItemRowProps extends RowState {
  kind: ListKind;
  item: ListItem;
  timezone: string;
}

export const ItemRowView = memo(function ItemRowView({ kind, item, timezone, ...state }: ItemRowProps) {
  return (
    <div
      role="row"
      data-row-id={item.id}
      data-focused={state.focused || undefined}
      aria-selected={state.selected}
      style={rowStyle(kind, ROW_HEIGHT, state, false)}
    >
      {kind === 'orders' ? (
        <OrderCells order={item as Order} timezone={timezone} />
      ) : (
        <TourCells tour={item as Tour} timezone={timezone} />
      )}
    </div>
  );
});

interface HeaderRowProps extends RowState {
  kind: ListKind;
  row: HeaderRow;
}

export const HeaderRowView = memo(function HeaderRowView({ kind, row, ...state }: HeaderRowProps) {
  const noun = kind === 'orders' ? (row.count === 1 ? 'order' : 'orders') : row.count === 1 ? 'tour' : 'tours';
  return (
    <div
      role="row"
      data-row-id={row.id}
      data-date-header={row.date}
      data-focused={state.focused || undefined}
      aria-selected={state.selected}
      style={rowStyle(kind, HEADER_HEIGHT, state, true)}
    >
      <span style={strong}>{dayLabel(row.date)}</span>
      <span style={muted} data-day-count={row.count}>
        {row.count} {noun}
      </span>
    </div>
  );
});
