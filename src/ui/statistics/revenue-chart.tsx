import { Chart, useChart } from '@chakra-ui/charts';
import { Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../domain/format';
import { revenueByCurrency, type CurrencyRevenue, type OrderStatistics } from '../../domain/statistics-figures';
import { ordersLink } from '../../domain/statistics-links';
import type { Ota } from '../../domain/statuses';
import type { StatisticsActorRef } from '../../machines/statistics/selectors';
import { ChartCard } from './chart-card';
import { CHANNEL_COLORS } from './colors';
import { FiguresTable } from './figures-table';
import { OrdersLink } from './orders-link';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Revenue per channel, one chart per currency (amounts in different currencies share no axis). */
export function RevenueChart({ root, stats }: { root: StatisticsActorRef; stats: OrderStatistics }) {
  const currencies = useMemo(() => revenueByCurrency(stats), [stats]);
  const link = (ota: Ota) =>
    ordersLink({ startDate: stats.startDate, endDate: stats.endDate, basis: stats.basis, ota });

  const table = (
    <FiguresTable
      label="Revenue by channel"
      columns={[{ label: 'Channel' }, ...currencies.map((c) => ({ label: c.currency, numeric: true }))]}
      rows={stats.channels.map((channel, i) => ({
        key: channel.ota,
        cells: [
          <OrdersLink href={link(channel.ota)} label={`${channel.name} orders`}>
            {channel.name}
          </OrdersLink>,
          ...currencies.map((c) => formatMoney(c.channels[i].amount, c.currency)),
        ],
      }))}
    />
  );

  return (
    <ChartCard root={root} chart="revenue" title="Revenue by channel" table={table}>
      {currencies.length === 0 ? (
        <Text color="fg.muted">No revenue in this month.</Text>
      ) : (
        <Stack gap="4">
          {currencies.map((c) => (
            <CurrencyChart key={c.currency} root={root} revenue={c} />
          ))}
        </Stack>
      )}
    </ChartCard>
  );
}

function CurrencyChart({ root, revenue }: { root: StatisticsActorRef; revenue: CurrencyRevenue }) {
  const chart = useChart({ data: revenue.channels.map((c) => ({ ...c, color: CHANNEL_COLORS[c.ota] })) });
  const money = (amount: number) => formatMoney(amount, revenue.currency);
  return (
    <Stack gap="1">
      <Text fontWeight="medium">{revenue.currency}</Text>
      <Chart.Root
        chart={chart}
        h={`${revenue.channels.length * 2 + 1}rem`}
        aspectRatio="auto"
        role="img"
        aria-label={`Revenue in ${revenue.currency} by channel: ${revenue.channels.map((c) => `${c.name} ${money(c.amount)}`).join(', ')}.`}
      >
        <BarChart responsive data={chart.data} layout="vertical" accessibilityLayer={false}>
          <CartesianGrid stroke={chart.color('border.muted')} horizontal={false} />
          <XAxis type="number" tickFormatter={(v: number) => compact.format(v)} axisLine={false} tickLine={false} />
          <YAxis type="category" dataKey="name" axisLine={false} tickLine={false} width={56} interval={0} />
          <Tooltip
            cursor={{ fill: chart.color('bg.muted') }}
            animationDuration={100}
            content={<Chart.Tooltip hideLabel formatter={(value) => money(Number(value))} />}
          />
          <Bar
            dataKey="amount"
            name={revenue.currency}
            isAnimationActive={false}
            cursor="pointer"
            onClick={(_, index) => root.send({ type: 'orders.open', ota: revenue.channels[index].ota, day: null })}
          >
            {chart.data.map((c) => (
              <Cell key={c.ota} fill={c.color} />
            ))}
          </Bar>
        </BarChart>
      </Chart.Root>
    </Stack>
  );
}
