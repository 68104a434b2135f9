import { Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ListKind } from '../../machines/list/types';
import { COLUMNS } from './columns';
import { ROW_HEIGHT } from './list-rows';

/** What the list shows when it has no rows: the first page loading, its failure, or an empty result. */

const SKELETON_ROWS = 8;

/** Grey bars where the first page's rows will be (hidden from assistive technology: the grid is busy). */
export function SkeletonRows() {
  return (
    <Stack gap="0" aria-hidden data-testid="list-skeleton">
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <HStack key={i} h={`${ROW_HEIGHT}px`} px="3" gap="3" borderBottom="1px solid #E1F4FF">
          <Skeleton h="3" w="20" />
          <Skeleton h="3" flex="1" />
          <Skeleton h="3" w="24" />
        </HStack>
      ))}
    </Stack>
  );
}

/** One full-width row of the grid with a message (and a Retry button when the request failed). */
function MessageRow({ kind, children }: { kind: ListKind; children: ReactNode }) {
  return (
    <div role="row" aria-rowindex={2}>
      <Box role="gridcell" aria-colspan={COLUMNS[kind].length} p="6" textAlign="center">
        {children}
      </Box>
    </div>
  );
}

export function EmptyRow({ kind }: { kind: ListKind }) {
  return (
    <MessageRow kind={kind}>
      <Text color="fg.muted">No {kind}</Text>
    </MessageRow>
  );
}

/** The first page failed: not "No orders", which would say there are none. */
export function FailedRow({ kind, onRetry }: { kind: ListKind; onRetry: () => void }) {
  return (
    <MessageRow kind={kind}>
      <Stack role="alert" align="center" gap="2" data-testid="list-error">
        <Text color="red.700">The {kind} could not be loaded.</Text>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </MessageRow>
  );
}

/** A next page failed: the loaded rows stay; the bar over the list's bottom offers to ask again. */
export function MoreFailedBar({ kind, onRetry }: { kind: ListKind; onRetry: () => void }) {
  return (
    <HStack
      role="alert"
      position="absolute"
      bottom="0"
      insetInline="0"
      px="3"
      py="1"
      gap="3"
      bg="bg"
      borderTop="1px solid #E1F4FF"
      data-testid="list-more-error"
    >
      <Text fontSize="sm" color="red.700">
        More {kind} could not be loaded.
      </Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </HStack>
  );
}
