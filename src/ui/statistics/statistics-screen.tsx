import { Alert, Button, Grid, SimpleGrid, Skeleton, Stack, HStack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import {
  selectCanRetry,
  selectCurrent,
  selectError,
  selectLoading,
  selectNotices,
  selectPrevious,
  type StatisticsActorRef,
} from '../../machines/statistics/selectors';
import { ActorTreeNotifications } from '../app/notifications';
import { BasisSwitch } from './basis-switch';
import { ChannelShareChart } from './channel-share-chart';
import { DailyOrdersChart } from './daily-orders-chart';
import { KpiCards } from './kpi-cards';
import { PassengersChart } from './passengers-chart';
import { PeriodPicker } from './period-picker';
import { RevenueChart } from './revenue-chart';

/** The statistics screen over its running root: period, KPIs and charts, or skeletons, or the failure. */
export function StatisticsScreen({ root }: { root: StatisticsActorRef }) {
  const notices = useSelector(root, selectNotices);
  return (
    <Stack gap="4">
      <ActorTreeNotifications actor={root} />
      <HStack justify="space-between" gap="3" wrap="wrap">
        <PeriodPicker root={root} />
        <BasisSwitch root={root} />
      </HStack>
      {notices.length > 0 && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            {notices.map((notice) => (
              <Alert.Description key={notice}>{notice}</Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      )}
      <Figures root={root} />
    </Stack>
  );
}

function Figures({ root }: { root: StatisticsActorRef }) {
  const loading = useSelector(root, selectLoading);
  const error = useSelector(root, selectError);
  const canRetry = useSelector(root, selectCanRetry);
  const current = useSelector(root, selectCurrent);
  const previous = useSelector(root, selectPrevious);

  if (error)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{error}</Alert.Title>
        </Alert.Content>
        <Button size="sm" variant="outline" disabled={!canRetry} onClick={() => root.send({ type: 'stats.retry' })}>
          Retry
        </Button>
      </Alert.Root>
    );
  if (loading || !current || !previous) return <FiguresSkeleton />;
  return (
    <Stack gap="4">
      <KpiCards current={current} previous={previous} />
      <DailyOrdersChart root={root} stats={current} />
      <Grid templateColumns={{ base: '1fr', lg: 'repeat(3, 1fr)' }} gap="4">
        <ChannelShareChart root={root} stats={current} />
        <PassengersChart root={root} stats={current} />
        <RevenueChart root={root} stats={current} />
      </Grid>
    </Stack>
  );
}

/** The layout of the figures, while they load. */
function FiguresSkeleton() {
  return (
    <Stack gap="4" aria-busy="true" aria-label="Loading the statistics" role="status">
      <SimpleGrid columns={{ base: 2, md: 4, xl: 7 }} gap="3">
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} h="6.5rem" rounded="l3" />
        ))}
      </SimpleGrid>
      <Skeleton h="20rem" rounded="l3" />
      <Grid templateColumns={{ base: '1fr', lg: 'repeat(3, 1fr)' }} gap="4">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h="18rem" rounded="l3" />
        ))}
      </Grid>
    </Stack>
  );
}
