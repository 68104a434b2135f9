import { Chart, useChart } from '@chakra-ui/charts';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { channelRows, type OrderStatistics } from '../../domain/statistics-figures';
import { formatCount } from '../../domain/statistics-format';
import { ordersLink } from '../../domain/statistics-links';
import type { StatisticsActorRef } from '../../machines/statistics/selectors';
import { ChartCard } from './chart-card';
import { PASSENGER_COLORS } from './colors';
import { FiguresTable } from './figures-table';
import { OrdersLink } from './orders-link';
import { SeriesLegend } from './swatch';

/** Adults and children per channel, stacked; a bar opens that channel's orders. */
export function PassengersChart({ root, stats }: { root: StatisticsActorRef; stats: OrderStatistics }) {
  const rows = useMemo(() => channelRows(stats), [stats]);
  const chart = useChart({
    data: rows,
    series: [
      { name: 'adult', label: 'Adults', color: PASSENGER_COLORS.adult, stackId: 'passengers' },
      { name: 'child', label: 'Children', color: PASSENGER_COLORS.child, stackId: 'passengers' },
    ],
  });
  const link = (r: (typeof rows)[number]) =>
    ordersLink({ startDate: stats.startDate, endDate: stats.endDate, basis: stats.basis, ota: r.ota });

  const table = (
    <FiguresTable
      label="Passengers by channel"
      columns={[
        { label: 'Channel' },
        { label: 'Adults', numeric: true },
        { label: 'Children', numeric: true },
        { label: 'Passengers', numeric: true },
        { label: 'Orders', numeric: true },
      ]}
      rows={rows.map((r) => ({
        key: r.ota,
        cells: [
          r.name,
          formatCount(r.adult),
          formatCount(r.child),
          formatCount(r.adult + r.child),
          <OrdersLink href={link(r)} label={`${formatCount(r.orders)} ${r.name} orders`}>
            {formatCount(r.orders)}
          </OrdersLink>,
        ],
      }))}
    />
  );

  return (
    <ChartCard root={root} chart="passengers" title="Passengers by channel" table={table}>
      <Chart.Root
        chart={chart}
        h="14rem"
        aspectRatio="auto"
        role="img"
        aria-label={`Passengers by channel: ${rows.map((r) => `${r.name} ${formatCount(r.adult)} adults and ${formatCount(r.child)} children`).join(', ')}.`}
      >
        <BarChart responsive data={chart.data} accessibilityLayer={false}>
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis dataKey="name" axisLine={false} tickLine={false} />
          <YAxis allowDecimals={false} axisLine={false} tickLine={false} width={40} />
          <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
          {chart.series.map((s) => (
            <Bar
              key={String(s.name)}
              dataKey={chart.key(s.name)}
              name={String(s.label)}
              stackId={s.stackId}
              fill={chart.color(s.color)}
              stroke={chart.color('bg.panel')}
              isAnimationActive={false}
              cursor="pointer"
              onClick={(_, index) => root.send({ type: 'orders.open', ota: rows[index].ota, day: null })}
            />
          ))}
        </BarChart>
      </Chart.Root>
      <SeriesLegend
        items={[
          { label: 'Adults', color: PASSENGER_COLORS.adult },
          { label: 'Children', color: PASSENGER_COLORS.child },
        ]}
      />
    </ChartCard>
  );
}
