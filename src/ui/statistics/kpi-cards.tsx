import { Card, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney, formatMonth } from '../../domain/format';
import { kpis, type Kpi, type KpiLine, type OrderStatistics } from '../../domain/statistics-figures';
import { changeDirection, formatChange, formatCount, formatShare } from '../../domain/statistics-format';

const ARROWS = { up: '▲', down: '▼', flat: '' } as const;

function valueText(line: KpiLine): string {
  const v = line.value;
  if (v.kind === 'count') return formatCount(v.value);
  if (v.kind === 'money') return formatMoney(v.amount, v.currency);
  return formatShare(v.value);
}

/** The month's KPIs, each a card that opens the orders behind it, with its change against the month before. */
export function KpiCards({ current, previous }: { current: OrderStatistics; previous: OrderStatistics }) {
  const cards = useMemo(() => kpis(current, previous), [current, previous]);
  const before = formatMonth(previous.month);
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 4, xl: 7 }} gap="3" aria-label="Key figures">
      {cards.map((kpi) => (
        <KpiCard key={kpi.id} kpi={kpi} before={before} />
      ))}
    </SimpleGrid>
  );
}

function KpiCard({ kpi, before }: { kpi: Kpi; before: string }) {
  return (
    <LinkBox as="li" data-kpi={kpi.id}>
      <Card.Root size="sm" h="full" _hover={{ borderColor: 'primary.border' }}>
        <Card.Body gap="1">
          <LinkOverlay asChild color="fg.muted" fontSize="sm" fontWeight="medium">
            <RouterLink to={kpi.link}>{kpi.label}</RouterLink>
          </LinkOverlay>
          {kpi.lines.length === 0 && (
            <Text fontSize="2xl" fontWeight="bold">
              —
            </Text>
          )}
          {kpi.lines.map((line, i) => (
            <Stack key={i} gap="0">
              <Text fontSize={kpi.lines.length > 1 ? 'lg' : '2xl'} fontWeight="bold" fontVariantNumeric="tabular-nums">
                {valueText(line)}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                <span aria-hidden="true">{ARROWS[changeDirection(line.change)]} </span>
                {formatChange(line.change)} vs {before}
              </Text>
            </Stack>
          ))}
          {kpi.detail && (
            <Text fontSize="xs" color="fg.muted">
              {kpi.detail}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
