import { Button, Clipboard, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { languageName, priceLabel } from '../../domain/display-names';
import { formatDateTime, formatMoney } from '../../domain/format';
import { statusLabel } from '../../domain/statuses';
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

/** The customer's e-mail with a button that copies it (the view's only side effect). */
function Email({ email }: { email: string }) {
  return (
    <HStack justify="space-between" align="center" gap="3">
      <Text fontSize="sm" color="fg.muted" flexShrink={0}>
        E-mail
      </Text>
      <HStack gap="1" minW="0">
        <Text fontSize="sm" textAlign="right" minW="0" overflowWrap="anywhere" data-field="E-mail">
          {email}
        </Text>
        <Clipboard.Root value={email} timeout={2000}>
          <Clipboard.Trigger asChild>
            <IconButton size="2xs" variant="ghost" aria-label="Copy e-mail">
              <Clipboard.Indicator />
            </IconButton>
          </Clipboard.Trigger>
        </Clipboard.Root>
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

export function OrderFields({ order, timezone }: { order: OrderDetail; timezone: string }) {
  return (
    <Stack gap="1" data-testid="order-fields">
      <Row label="Order">{order.displayId}</Row>
      <Row label="OTA order id">{order.otaOrderId}</Row>
      <Row label="OTA">{order.ota}</Row>
      <Row label="Customer">{order.customer.name || '—'}</Row>
      {order.customer.email ? <Email email={order.customer.email} /> : <Row label="E-mail">—</Row>}
      <Row label="Booked">{formatDateTime(order.bookedAt, timezone)}</Row>
      <Row label="Departure">{formatDateTime(order.departureAt, timezone)}</Row>
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
