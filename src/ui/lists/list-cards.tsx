import { checkInSummary } from '../../domain/check-in';
import { formatTime } from '../../domain/format';
import { statusLabel } from '../../domain/statuses';
import type { ListKind, Order, Tour } from '../../machines/list/types';

/**
 * The lists on a phone (below 768 px): one column of cards instead of table rows, in the same
 * virtual grid (date headers pinned, rows recycled, constant DOM). Each card has two lines and a
 * 44 px selection box at its start; a tap on the card opens it, a tap on the box selects it.
 */
export const CARD_HEIGHT = 64;
/** A day header on a phone: its tap (select the day) gets the touch target's height too. */
export const CARD_HEADER_HEIGHT = 44;
/** Touch targets of a phone (WCAG 2.5.5). */
export const TOUCH = 44;

const BORDER = '1px solid #E1F4FF';

/** The cards' looks, rules of the list like the rows' (one style sheet, nothing inline but offsets). */
function cardRules() {
  return {
    scrollPaddingTop: `${CARD_HEADER_HEIGHT}px`,
    '& [role=row][data-row-id]': {
      position: 'absolute',
      left: '0',
      width: '100%',
      height: `${CARD_HEIGHT}px`,
      display: 'grid',
      gridTemplateColumns: `${TOUCH}px minmax(0, 1fr) auto`,
      gridTemplateRows: '1fr 1fr',
      columnGap: '4px',
      padding: '6px 12px 6px 0',
      boxSizing: 'border-box',
      borderBottom: BORDER,
      contain: 'strict',
      whiteSpace: 'nowrap',
      alignItems: 'center',
    },
    '& [role=row] > span': { overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 },
    '& [role=row][data-date-header]': {
      height: `${CARD_HEADER_HEIGHT}px`,
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      gridTemplateRows: '1fr',
      padding: '0 12px',
      background: '#F4FAFD',
    },
    '& [data-date-header][data-sticky]': { position: 'sticky', top: '0', zIndex: 1 },
    '& [role=row][aria-selected=true]': { background: '#E1F4FF' },
    '& [data-focused]': { outline: '2px solid #006685', outlineOffset: '-2px' },
    '& .strong': { fontWeight: 700 },
    '& .muted': { color: '#4b5563' },
    '& .end': { textAlign: 'end' },
    // the box spans both lines: the whole 44 x 52 px start of the card is its target
    '& [role=row] > .pick': {
      gridRow: '1 / span 2',
      alignSelf: 'stretch',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      minHeight: `${TOUCH}px`,
    },
    '& [data-select-box]': {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: `${TOUCH}px`,
      height: `${TOUCH}px`,
      cursor: 'pointer',
    },
    '& [data-select-box]::before': {
      content: '""',
      width: '18px',
      height: '18px',
      borderRadius: '4px',
      border: '2px solid #4b5563',
      boxSizing: 'border-box',
      background: '#fff',
    },
    '& [data-select-box][aria-checked=true]::before': {
      background:
        "#0080A6 no-repeat center / 12px url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 12 12'%3E%3Cpath d='M2 6.5l2.5 2.5L10 3.5' stroke='white' stroke-width='2' fill='none'/%3E%3C/svg%3E\")",
      borderColor: '#0080A6',
    },
  } as const;
}

export const CARD_RULES = cardRules();

/** The selection box of a card: a tap toggles the card in the selection (the grid's click handler reads `data-select-box`). */
function SelectBox({ label, selected }: { label: string; selected: boolean }) {
  return (
    <span role="gridcell" className="pick">
      <span role="checkbox" aria-checked={selected} aria-label={`Select ${label}`} data-select-box />
    </span>
  );
}

function OrderCard({ order, timezone, selected }: { order: Order; timezone: string; selected: boolean }) {
  const pax = order.quantity.total;
  return (
    <>
      <SelectBox label={order.displayId} selected={selected} />
      <span role="gridcell">
        <span className="strong">{order.displayId}</span>
        <span className="muted"> · {formatTime(order.departureAt, timezone)}</span>
      </span>
      <span role="gridcell" className="end">
        {statusLabel(order.statusV2)}
      </span>
      <span role="gridcell" title={order.customer.name}>
        {order.customer.name}
      </span>
      <span role="gridcell" className="end muted">
        {pax} pax
      </span>
    </>
  );
}

function TourCard({ tour, timezone, selected }: { tour: Tour; timezone: string; selected: boolean }) {
  const checkIn = tour.checkIn;
  return (
    <>
      <SelectBox label={tour.displayId} selected={selected} />
      <span role="gridcell" title={tour.displayName}>
        <span className="strong">{tour.displayName}</span>
        <span className="muted"> · {formatTime(tour.departureAt, timezone)}</span>
      </span>
      <span role="gridcell" className="end">
        {statusLabel(tour.statusV2)}
      </span>
      <span role="gridcell" className="muted" data-check-in>
        {checkIn && checkIn.checkedInParties > 0 ? checkInSummary(checkIn) : tour.displayId}
      </span>
      <span role="gridcell" className="end muted">
        {tour.orderCount} {tour.orderCount === 1 ? 'order' : 'orders'}
      </span>
    </>
  );
}

/** A card's content: order or tour. */
export function CardCells({
  kind,
  item,
  timezone,
  selected,
}: {
  kind: ListKind;
  item: Order | Tour;
  timezone: string;
  selected: boolean;
}) {
  return kind === 'orders' ? (
    <OrderCard order={item as Order} timezone={timezone} selected={selected} />
  ) : (
    <TourCard tour={item as Tour} timezone={timezone} selected={selected} />
  );
}
