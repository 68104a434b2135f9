import { Box, Button, EmptyState, Flex, Group, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import { emptyStateSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { INBOX_TEXT } from '../../domain/inbox';
import {
  selectCanLoadMore,
  selectCanReload,
  selectHasMore,
  selectItems,
  selectLoadingMore,
  selectShow,
  selectView,
  type InboxActorRef,
} from '../../machines/inbox/selectors';
import type { InboxShow } from '../../machines/inbox/types';
import { ActorTreeNotifications } from '../app/notifications';
import { InboxItemCard } from './inbox-item';

/** `/orders/inbox`: the open items (or all of them), newest first, each with Acknowledge. */
export function InboxScreen({ root, timezone }: { root: InboxActorRef; timezone: string }) {
  return (
    <Stack gap="4">
      <ActorTreeNotifications actor={root} />
      <Flex gap="3" align="center" wrap="wrap">
        <ShowToggle root={root} />
        <RefreshButton root={root} />
      </Flex>
      <InboxBody root={root} timezone={timezone} />
    </Stack>
  );
}

const SHOWS: { show: InboxShow; label: string }[] = [
  { show: 'open', label: 'Needs you' },
  { show: 'all', label: 'All' },
];

function ShowToggle({ root }: { root: InboxActorRef }) {
  const show = useSelector(root, selectShow);
  return (
    <Group attached role="group" aria-label="Which items">
      {SHOWS.map((s) => (
        <Button
          key={s.show}
          size="sm"
          variant={show === s.show ? 'solid' : 'outline'}
          aria-pressed={show === s.show}
          onClick={() => root.send({ type: 'inbox.show', show: s.show })}
        >
          {s.label}
        </Button>
      ))}
    </Group>
  );
}

function RefreshButton({ root }: { root: InboxActorRef }) {
  const can = useSelector(root, selectCanReload);
  return (
    <Button size="sm" variant="ghost" disabled={!can} onClick={() => root.send({ type: 'inbox.reload' })}>
      Refresh
    </Button>
  );
}

function InboxBody({ root, timezone }: { root: InboxActorRef; timezone: string }) {
  const view = useSelector(root, selectView);
  const show = useSelector(root, selectShow);
  const items = useSelector(root, selectItems);
  if (view === 'loading') return <Spinner size="sm" aria-label="Loading the inbox" />;
  if (view === 'failed')
    return (
      <Stack role="alert" align="start" gap="2" data-testid="inbox-error">
        <Text color="red.700">{INBOX_TEXT.loadFailed}</Text>
        <Button size="sm" variant="outline" onClick={() => root.send({ type: 'inbox.retry' })}>
          Retry
        </Button>
      </Stack>
    );
  if (view === 'empty')
    return (
      <EmptyState.Root recipe={emptyStateSlotRecipe} data-testid="inbox-empty">
        <EmptyState.Content>
          <VStack textAlign="center">
            <EmptyState.Title>{INBOX_TEXT.empty}</EmptyState.Title>
            <EmptyState.Description>
              {show === 'open' ? INBOX_TEXT.emptyOpen : INBOX_TEXT.emptyAll}
            </EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  return (
    <Stack gap="3">
      <Box as="ul" listStyleType="none" display="flex" flexDirection="column" gap="3" data-testid="inbox-list">
        {items.map((item) => (
          <InboxItemCard key={item.id} root={root} item={item} timezone={timezone} />
        ))}
      </Box>
      <MoreButton root={root} />
    </Stack>
  );
}

function MoreButton({ root }: { root: InboxActorRef }) {
  const hasMore = useSelector(root, selectHasMore);
  const loading = useSelector(root, selectLoadingMore);
  const can = useSelector(root, selectCanLoadMore);
  if (!hasMore) return null;
  return (
    <Flex>
      <Button
        size="sm"
        variant="outline"
        loading={loading}
        disabled={!can}
        onClick={() => root.send({ type: 'inbox.more' })}
      >
        Show more
      </Button>
    </Flex>
  );
}
