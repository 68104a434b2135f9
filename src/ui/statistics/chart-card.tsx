import { Button, Card, Heading, HStack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { selectMode, type StatisticsActorRef } from '../../machines/statistics/selectors';
import type { ChartId } from '../../machines/statistics/types';

interface ChartCardProps {
  root: StatisticsActorRef;
  chart: ChartId;
  title: string;
  /** The picture (for the eye and the mouse)... */
  children: ReactNode;
  /** ...and the same figures as a table, with links, for the keyboard and screen readers. */
  table: ReactNode;
}

/** A chart with its title and a switch between the chart and a table of every figure it shows. */
export function ChartCard({ root, chart, title, children, table }: ChartCardProps) {
  const mode = useSelector(root, selectMode(chart));
  const headingId = useId();
  const asTable = mode === 'table';
  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm">
      <Card.Header>
        <HStack justify="space-between" gap="2">
          <Heading as="h2" size="md" id={headingId}>
            {title}
          </Heading>
          {/* a toggle keeps its name; its pressed state says which view is shown */}
          <Button
            size="xs"
            variant="outline"
            aria-pressed={asTable}
            _pressed={{ bg: 'primary.subtle', borderColor: 'primary.border' }}
            onClick={() => root.send({ type: 'chart.mode', chart, mode: asTable ? 'chart' : 'table' })}
          >
            Show as table
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>{asTable ? table : children}</Card.Body>
    </Card.Root>
  );
}
