import { Chart, useChart } from '@chakra-ui/charts';
import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Cell, Pie, PieChart, Tooltip } from 'recharts';
import { channelRows, type OrderStatistics } from '../../domain/statistics-figures';
import { formatCount, formatShare } from '../../domain/statistics-format';
import { ordersLink } from '../../domain/statistics-links';
import type { StatisticsActorRef } from '../../machines/statistics/selectors';
import { ChartCard } from './chart-card';
import { ChannelLegend } from './channel-legend';
import { CHANNEL_COLORS } from './colors';
import { FiguresTable } from './figures-table';
import { OrdersLink } from './orders-link';

/** Each channel's part of the month's orders; a slice opens that channel's orders. */
export function ChannelShareChart({ root, stats }: { root: StatisticsActorRef; stats: OrderStatistics }) {
  const rows = useMemo(() => channelRows(stats), [stats]);
  const chart = useChart({ data: rows.map((r) => ({ ...r, color: CHANNEL_COLORS[r.ota] })) });
  const link = (ota: (typeof rows)[number]['ota']) =>
    ordersLink({ startDate: stats.startDate, endDate: stats.endDate, basis: stats.basis, ota });

  const table = (
    <FiguresTable
      label="Channel share"
      columns={[
        { label: 'Channel' },
        { label: 'Orders', numeric: true },
        { label: 'Share', numeric: true },
        { label: 'No-show rate', numeric: true },
      ]}
      rows={rows.map((r) => ({
        key: r.ota,
        cells: [
          r.name,
          <OrdersLink href={link(r.ota)} label={`${formatCount(r.orders)} ${r.name} orders`}>
            {formatCount(r.orders)}
          </OrdersLink>,
          formatShare(r.share),
          formatShare(r.noShowRate),
        ],
      }))}
    />
  );

  return (
    <ChartCard root={root} chart="share" title="Channel share" table={table}>
      {stats.totalOrders === 0 ? (
        <Text color="fg.muted">No orders in this month.</Text>
      ) : (
        <Chart.Root
          chart={chart}
          h="14rem"
          aspectRatio="auto"
          role="img"
          aria-label={`Share of the orders by channel: ${rows.map((r) => `${r.name} ${formatShare(r.share)}`).join(', ')}.`}
        >
          <PieChart responsive accessibilityLayer={false}>
            <Tooltip
              cursor={false}
              animationDuration={100}
              content={<Chart.Tooltip hideLabel formatter={(value) => formatCount(Number(value))} />}
            />
            <Pie
              data={chart.data}
              dataKey="orders"
              nameKey="name"
              innerRadius="55%"
              outerRadius="90%"
              stroke={chart.color('bg.panel')}
              isAnimationActive={false}
              cursor="pointer"
              onClick={(_, index) => root.send({ type: 'orders.open', ota: rows[index].ota, day: null })}
            >
              {chart.data.map((r) => (
                <Cell key={r.ota} fill={r.color} />
              ))}
            </Pie>
          </PieChart>
        </Chart.Root>
      )}
      <ChannelLegend stats={stats} shares />
    </ChartCard>
  );
}
