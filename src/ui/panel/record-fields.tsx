import { Button, chakra, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { checkInSummary, departureManifestPath, tourManifestPath } from '../../domain/check-in';
import { checkInText, copyLabel, mapHref, telHref, type ContactField } from '../../domain/contact';
import { languageName, priceLabel } from '../../domain/display-names';
import { formatDateTime, formatMoney } from '../../domain/format';
import { statusLabel } from '../../domain/statuses';
import { selectCopier, type ContactCopyRef, type DetailRef } from '../../machines/detail/selectors';
import type { OrderDetail, TourDetail } from '../../machines/detail/types';

/** Every field of SPEC section 3 for an order or a tour, read-only (edits live in EditFields). */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack justify="space-between" align="flex-start" gap="3">
      <Text fontSize="sm" color="fg.muted" flexShrink={0}>
        {label}
      </Text>
      {/* long values (a tour's name, an e-mail) wrap instead of being cut */}
      <Text fontSize="sm" textAlign="right" minW="0" overflowWrap="anywhere" data-field={label}>
        {children}
      </Text>
    </HStack>
  );
}

/** A copy glyph (the button's name says what it copies). */
const CopyGlyph = () => (
  <chakra.svg viewBox="0 0 24 24" boxSize="3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <rect x="9" y="9" width="13" height="13" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </chakra.svg>
);

/**
 * A way to reach the customer (e-mail, phone, pick-up, notes): the value, as a link when it has one,
 * and a copy button whose copy is the panel's copier's to make and announce. An absent value says "None".
 */
function Contact({
  field,
  label,
  value,
  href,
  copier,
}: {
  field: ContactField;
  label: string;
  value: string | null;
  href?: (value: string) => string | null;
  copier?: ContactCopyRef;
}) {
  const text = value?.trim() ? value : null;
  const link = text && href ? href(text) : null;
  const external = link?.startsWith('http');
  return (
    <HStack justify="space-between" align="flex-start" gap="3">
      <Text fontSize="sm" color="fg.muted" flexShrink={0}>
        {label}
      </Text>
      <HStack gap="1" minW="0" align="flex-start">
        <Text fontSize="sm" textAlign="right" minW="0" overflowWrap="anywhere" whiteSpace="pre-line" data-field={label}>
          {!text ? (
            'None'
          ) : link ? (
            <Link href={link} color="primary.fg" {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}>
              {text}
            </Link>
          ) : (
            text
          )}
        </Text>
        {text && copier && (
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={copyLabel(field)}
            onClick={() => copier.send({ type: 'contact.copy', field, text })}
          >
            <CopyGlyph />
          </IconButton>
        )}
      </HStack>
    </HStack>
  );
}

const flags = (checks: Record<string, boolean>) =>
  Object.entries(checks)
    .map(([name, on]) => `${name} ${on ? '✓' : '–'}`)
    .join(' · ');

const prices = (list: Array<{ type: string; amount: number; currency: string }>) =>
  list.length ? list.map((p) => `${priceLabel(p.type)} ${formatMoney(p.amount, p.currency)}`).join(', ') : '—';

export function OrderFields({ order, timezone, detail }: { order: OrderDetail; timezone: string; detail?: DetailRef }) {
  const copier = useSelector(detail, (s) => (s ? selectCopier(s) : undefined));
  const checkIn = order.checkIn ? checkInText(order.checkIn, order.quantity.total, timezone) : null;
  return (
    <Stack gap="1" data-testid="order-fields">
      <Row label="Order">{order.displayId}</Row>
      <Row label="OTA order id">{order.otaOrderId}</Row>
      <Row label="OTA">{order.ota}</Row>
      <Row label="Customer">{order.customer.name || '—'}</Row>
      <Contact field="email" label="E-mail" value={order.customer.email} copier={copier} />
      <Contact field="phone" label="Phone" value={order.customer.phone ?? null} href={telHref} copier={copier} />
      <Contact field="pickup" label="Pick-up" value={order.pickup ?? null} href={mapHref} copier={copier} />
      <Contact field="notes" label="Notes" value={order.notes ?? null} copier={copier} />
      {checkIn && <Row label="Check-in">{checkIn}</Row>}
      <Row label="Booked">{formatDateTime(order.bookedAt, timezone)}</Row>
      <Row label="Departure">{formatDateTime(order.departureAt, timezone)}</Row>
      {/* who else is on the departure: the tour's manifest, or the departure's when it has no tour */}
      <HStack justify="flex-end">
        <Link asChild fontSize="sm" color="primary.fg" fontWeight="medium">
          <RouterLink
            to={
              order.tour ? tourManifestPath(order.tour.id) : departureManifestPath(order.product.id, order.departureAt)
            }
          >
            Departure manifest
          </RouterLink>
        </Link>
      </HStack>
      <Row label="Language">{languageName(order.language) || '—'}</Row>
      <Row label="Product">{order.product.route}</Row>
      <Row label="Pack">{order.product.pack || order.product.id}</Row>
      <Row label="Quantity">
        {order.quantity.total} (adult {order.quantity.adult}, child {order.quantity.child})
      </Row>
      <Row label="Prices">{prices(order.prices)}</Row>
      <Row label="Tour">{order.tour ? order.tour.displayId : 'Not linked'}</Row>
      <Row label="Status">{statusLabel(order.statusV2)}</Row>
      <Row label="Emails">{flags(order.emailCheckpoints)}</Row>
      <Row label="Reviews">{flags(order.reviewCheckpoints)}</Row>
    </Stack>
  );
}

export function TourFields({
  tour,
  timezone,
  canUnlink,
  onUnlink,
}: {
  tour: TourDetail;
  timezone: string;
  canUnlink: (orderId: string) => boolean;
  onUnlink: (orderId: string) => void;
}) {
  return (
    <Stack gap="1" data-testid="tour-fields">
      <Row label="Tour">{tour.displayId}</Row>
      <Row label="Name">{tour.displayName}</Row>
      <Row label="Departure">{formatDateTime(tour.departureAt, timezone)}</Row>
      <Row label="Product">
        {tour.product ? `${tour.product.route} · ${tour.product.pack || tour.product.id}` : '—'}
      </Row>
      <Row label="Prices">{prices(tour.prices)}</Row>
      <Row label="Status">{statusLabel(tour.statusV2)}</Row>
      {/* the day's check-in, and the manifest where it is taken */}
      <HStack justify="space-between" align="center" gap="3">
        <Text fontSize="sm" data-field="Check-in">
          {checkInSummary(tour.checkIn)}
        </Text>
        <Link asChild fontSize="sm" color="primary.fg" fontWeight="medium">
          <RouterLink to={tourManifestPath(tour.id)}>Manifest</RouterLink>
        </Link>
      </HStack>
      <Text fontSize="sm" color="fg.muted" mt="2">
        Orders ({tour.orders.length})
      </Text>
      {tour.orders.map((order) => (
        <HStack key={order.id} justify="space-between" data-testid="linked-order">
          <Text fontSize="sm">
            {order.displayId} · {order.otaOrderId} · {order.quantity.total} pax
          </Text>
          <Button size="xs" variant="ghost" disabled={!canUnlink(order.id)} onClick={() => onUnlink(order.id)}>
            Unlink
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}
