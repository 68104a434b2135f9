import { Button, EmptyState, Spinner, Stack, Table, Text, VStack } from '@chakra-ui/react';
import { emptyStateSlotRecipe, tableSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { formatDateTime } from '../../domain/format';
import {
  selectCanRestore,
  selectEmpty,
  selectFailed,
  selectForbidden,
  selectLoading,
  selectRecords,
  selectRestoringId,
  type DeletedRecordsActorRef,
} from '../../machines/deleted-records/selectors';
import type { DeletedRecord } from '../../machines/deleted-records/types';
import { ActorTreeNotifications } from '../app/notifications';

/** `/deleted`: the team's orders and tours deleted in the last 30 days, each with Restore. */
export function DeletedScreen({ root, timezone }: { root: DeletedRecordsActorRef; timezone: string }) {
  return (
    <>
      <ActorTreeNotifications actor={root} />
      <DeletedBody root={root} timezone={timezone} />
    </>
  );
}

function DeletedBody({ root, timezone }: { root: DeletedRecordsActorRef; timezone: string }) {
  const forbidden = useSelector(root, selectForbidden);
  const loading = useSelector(root, selectLoading);
  const failed = useSelector(root, selectFailed);
  const empty = useSelector(root, selectEmpty);
  const records = useSelector(root, selectRecords);
  if (forbidden)
    return (
      <Text color="fg.muted">Only editors and admins of the team can see and restore deleted orders and tours.</Text>
    );
  if (loading) return <Spinner size="sm" aria-label="Loading deleted records" />;
  if (failed)
    return (
      <Stack role="alert" align="start" gap="2" data-testid="deleted-error">
        <Text color="red.700">The deleted orders and tours could not be loaded.</Text>
        <Button size="sm" variant="outline" onClick={() => root.send({ type: 'deleted.retry' })}>
          Retry
        </Button>
      </Stack>
    );
  if (empty)
    return (
      <EmptyState.Root recipe={emptyStateSlotRecipe} data-testid="deleted-empty">
        <EmptyState.Content>
          <VStack textAlign="center">
            <EmptyState.Title>Nothing deleted in the last 30 days</EmptyState.Title>
            <EmptyState.Description>
              Orders and tours deleted by the team show here, and can be restored for 30 days.
            </EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="table.border" rounded="l2">
      <Table.Root recipe={tableSlotRecipe} size="sm" data-testid="deleted-table">
        <Table.Caption captionSide="top" textAlign="start" color="fg.muted" mb="2">
          Deleted in the last 30 days, newest first. Restore brings a record back into its lists.
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {['Kind', 'ID', 'Name', 'Departure', 'Deleted by', 'Deleted', 'Restorable until', 'Action'].map((label) => (
              <Table.ColumnHeader key={label}>{label}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {records.map((record) => (
            <Row key={`${record.kind}/${record.id}`} root={root} record={record} timezone={timezone} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Row({ root, record, timezone }: { root: DeletedRecordsActorRef; record: DeletedRecord; timezone: string }) {
  const restoring = useSelector(root, (s) => selectRestoringId(s) === record.id);
  const canRestore = useSelector(root, (s) => selectCanRestore(s, record.id));
  const noun = record.kind === 'order' ? 'order' : 'tour';
  return (
    <Table.Row data-testid="deleted-row">
      <Table.Cell>{record.kind === 'order' ? 'Order' : 'Tour'}</Table.Cell>
      <Table.Cell as="th" scope="row" fontWeight="semibold">
        {record.displayId}
      </Table.Cell>
      <Table.Cell>{record.name}</Table.Cell>
      <Table.Cell>{record.departureAt ? formatDateTime(record.departureAt, timezone) : '—'}</Table.Cell>
      <Table.Cell>{record.deletedBy.name}</Table.Cell>
      <Table.Cell>{formatDateTime(record.deletedAt, timezone)}</Table.Cell>
      <Table.Cell>{formatDateTime(record.restorableUntil, timezone)}</Table.Cell>
      <Table.Cell>
        <Button
          size="xs"
          variant="outline"
          aria-label={`Restore ${noun} ${record.displayId}`}
          loading={restoring}
          disabled={!canRestore}
          onClick={() => root.send({ type: 'deleted.restore', id: record.id })}
        >
          Restore
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}
