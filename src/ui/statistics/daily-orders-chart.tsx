import { Chart, useChart } from '@chakra-ui/charts';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Rectangle, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';
import { formatDay } from '../../domain/format';
import { dailyRows, type DailyRow, type OrderStatistics } from '../../domain/statistics-figures';
import { formatCount } from '../../domain/statistics-format';
import { ordersLink } from '../../domain/statistics-links';
import type { Ota } from '../../domain/statuses';
import type { StatisticsActorRef } from '../../machines/statistics/selectors';
import { ChartCard } from './chart-card';
import { ChannelLegend } from './channel-legend';
import { CHANNEL_COLORS } from './colors';
import { FiguresTable } from './figures-table';
import { OrdersLink } from './orders-link';

/** Day of the month on the axis: the month is the screen's title. */
const dayOfMonth = (day: string) => String(Number(day.slice(8)));

/** Each bar segment names its day and channel, so it can be found and told apart (tests, tools). */
const segment = (ota: Ota) =>
  function Segment(props: BarShapeProps) {
    return (
      <g data-ota={ota} data-day={(props.payload as DailyRow).day}>
        <Rectangle {...props} />
      </g>
    );
  };

/** Orders per day, stacked by channel; a segment opens that day's orders of that channel. */
export function DailyOrdersChart({ root, stats }: { root: StatisticsActorRef; stats: OrderStatistics }) {
  const rows = useMemo(() => dailyRows(stats), [stats]);
  const chart = useChart({
    data: rows,
    series: stats.channels.map((c) => ({
      name: c.ota,
      label: c.name,
      color: CHANNEL_COLORS[c.ota],
      stackId: 'orders',
    })),
  });
  const shapes = useMemo(() => Object.fromEntries(stats.channels.map((c) => [c.ota, segment(c.ota)])), [stats]);
  const link = (day: string, ota: Ota | null = null) =>
    ordersLink({ startDate: day, endDate: day, basis: stats.basis, ota });

  const table = (
    <FiguresTable
      label="Daily orders by channel"
      columns={[
        { label: 'Day' },
        ...stats.channels.map((c) => ({ label: c.name, numeric: true })),
        { label: 'Total', numeric: true },
      ]}
      rows={rows.map((row) => ({
        key: row.day,
        cells: [
          formatDay(row.day),
          ...stats.channels.map((c) =>
            row[c.ota] > 0 ? (
              <OrdersLink
                href={link(row.day, c.ota)}
                label={`${formatCount(row[c.ota])} ${c.name} orders on ${formatDay(row.day)}`}
              >
                {formatCount(row[c.ota])}
              </OrdersLink>
            ) : (
              '0'
            ),
          ),
          row.total > 0 ? (
            <OrdersLink href={link(row.day)} label={`${formatCount(row.total)} orders on ${formatDay(row.day)}`}>
              {formatCount(row.total)}
            </OrdersLink>
          ) : (
            '0'
          ),
        ],
      }))}
    />
  );

  return (
    <ChartCard root={root} chart="daily" title="Daily orders by channel" table={table}>
      <Chart.Root
        chart={chart}
        h="16rem"
        aspectRatio="auto"
        role="img"
        aria-label={`Orders per day by channel: ${formatCount(stats.totalOrders)} in all. Show as table for every figure.`}
      >
        <BarChart responsive data={chart.data} accessibilityLayer={false}>
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={dayOfMonth}
            axisLine={false}
            tickLine={false}
            interval="preserveStartEnd"
          />
          <YAxis allowDecimals={false} axisLine={false} tickLine={false} width={32} />
          <Tooltip
            cursor={{ fill: chart.color('bg.muted') }}
            animationDuration={100}
            labelFormatter={(day) => formatDay(String(day))}
            content={<Chart.Tooltip />}
          />
          {chart.series.map((s) => {
            const ota = s.name as Ota;
            return (
              <Bar
                key={ota}
                dataKey={chart.key(s.name)}
                name={String(s.label)}
                stackId={s.stackId}
                fill={chart.color(s.color)}
                // a hairline of the card's colour between stacked segments keeps them apart
                stroke={chart.color('bg.panel')}
                strokeWidth={1}
                cursor="pointer"
                isAnimationActive={false}
                shape={shapes[ota]}
                onClick={(_, index) => root.send({ type: 'orders.open', ota, day: rows[index].day })}
              />
            );
          })}
        </BarChart>
      </Chart.Root>
      <ChannelLegend stats={stats} />
    </ChartCard>
  );
}
