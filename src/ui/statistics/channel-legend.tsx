import { HStack, Text, Wrap } from '@chakra-ui/react';
import { shareOf, type OrderStatistics } from '../../domain/statistics-figures';
import { formatCount, formatShare } from '../../domain/statistics-format';
import { ordersLink } from '../../domain/statistics-links';
import { CHANNEL_COLORS } from './colors';
import { OrdersLink } from './orders-link';
import { Swatch } from './swatch';

/** The channels' colours with their month's orders (and share), each a link to those orders. */
export function ChannelLegend({ stats, shares = false }: { stats: OrderStatistics; shares?: boolean }) {
  return (
    <Wrap as="ul" listStyleType="none" gap="4" mt="3" aria-label="Channels">
      {stats.channels.map((c) => (
        <HStack as="li" key={c.ota} gap="1.5">
          <Swatch color={CHANNEL_COLORS[c.ota]} />
          <Text color="fg.muted">{c.name}</Text>
          <OrdersLink
            href={ordersLink({ startDate: stats.startDate, endDate: stats.endDate, basis: stats.basis, ota: c.ota })}
            label={`${formatCount(c.monthlyTotal)} ${c.name} orders`}
          >
            {formatCount(c.monthlyTotal)}
          </OrdersLink>
          {shares && <Text color="fg.muted">({formatShare(shareOf(c.monthlyTotal, stats.totalOrders))})</Text>}
        </HStack>
      ))}
    </Wrap>
  );
}
