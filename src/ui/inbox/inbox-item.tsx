import { Badge, Box, Button, Card, chakra, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { badgeRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { describeChanges } from '../../domain/edit-changes';
import { formatDateTime } from '../../domain/format';
import { INBOX_KIND_LABELS, INBOX_SOURCE_LABELS, inboxItemName, requestText } from '../../domain/inbox';
import { recordLink } from '../../domain/record-links';
import { OTA_LABELS } from '../../domain/statuses';
import { selectAcknowledgingId, selectCanAcknowledge, type InboxActorRef } from '../../machines/inbox/selectors';
import type { InboxItem } from '../../machines/inbox/types';

const KIND_PALETTE = { AMENDMENT: 'blue', CANCELLATION: 'orange', REFUSED: 'red' } as const;

/** One inbox item: what it is, from whom and when, its order, what changed or why it was refused. */
export function InboxItemCard({ root, item, timezone }: { root: InboxActorRef; item: InboxItem; timezone: string }) {
  const titleId = useId();
  const lines = item.changes ? describeChanges(item.changes, timezone) : [];
  return (
    <Box as="li">
      <Card.Root as="article" size="sm" aria-labelledby={titleId} data-testid="inbox-item" data-kind={item.kind}>
        <Card.Body gap="2">
          <Flex gap="2" align="center" wrap="wrap">
            <Badge recipe={badgeRecipe} colorPalette={KIND_PALETTE[item.kind]} variant="subtle">
              {INBOX_KIND_LABELS[item.kind]}
            </Badge>
            <Heading as="h2" size="sm" id={titleId}>
              {inboxItemName(item)}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {OTA_LABELS[item.channel]} · {INBOX_SOURCE_LABELS[item.source]} ·{' '}
              <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, timezone)}</time>
            </Text>
          </Flex>
          <OrderLine item={item} />
          {lines.length > 0 && (
            <Box as="ul" ps="4" listStyleType="disc" aria-label="Changes" data-testid="inbox-changes">
              {lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </Box>
          )}
          {item.reason && (
            <Text data-testid="inbox-reason">
              {item.kind === 'REFUSED' ? 'Why: ' : 'Reason: '}
              {item.reason}
            </Text>
          )}
          {item.kind === 'REFUSED' && <Refusal item={item} />}
          <Acknowledge root={root} item={item} timezone={timezone} />
        </Card.Body>
      </Card.Root>
    </Box>
  );
}

function OrderLine({ item }: { item: InboxItem }) {
  if (!item.orderDisplayId && !item.reference) return null;
  return (
    <Text fontSize="sm">
      {item.orderDisplayId && (
        <>
          Order{' '}
          <Link asChild color="primary.fg" fontWeight="semibold">
            <RouterLink to={recordLink('order', item.orderDisplayId)}>{item.orderDisplayId}</RouterLink>
          </Link>
          {item.reference ? ' · ' : ''}
        </>
      )}
      {item.reference && <>OTA order {item.reference}</>}
    </Text>
  );
}

const Pre = chakra('pre');

function Refusal({ item }: { item: InboxItem }) {
  return (
    <Stack gap="1">
      {item.errorCode && (
        <Text fontSize="sm">
          Error code <chakra.code fontFamily="mono">{item.errorCode}</chakra.code>
        </Text>
      )}
      {item.request && (
        <chakra.details fontSize="sm">
          <chakra.summary cursor="pointer" color="primary.fg" width="fit-content">
            The request as received
          </chakra.summary>
          <Pre
            mt="2"
            p="3"
            bg="bg.muted"
            rounded="l2"
            overflowX="auto"
            fontFamily="mono"
            fontSize="xs"
            // focusable, so a long request scrolls from the keyboard too
            tabIndex={0}
            role="region"
            aria-label={`Request of ${inboxItemName(item)}`}
            data-testid="inbox-request"
          >
            {requestText(item.request)}
          </Pre>
        </chakra.details>
      )}
    </Stack>
  );
}

function Acknowledge({ root, item, timezone }: { root: InboxActorRef; item: InboxItem; timezone: string }) {
  const busy = useSelector(root, (s) => selectAcknowledgingId(s) === item.id);
  const can = useSelector(root, (s) => selectCanAcknowledge(s, item.id));
  if (item.acknowledgedAt && !busy)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="inbox-acknowledged">
        Acknowledged{item.acknowledgedBy ? ` by ${item.acknowledgedBy.name}` : ''},{' '}
        {formatDateTime(item.acknowledgedAt, timezone)}
      </Text>
    );
  return (
    <Flex>
      <Button
        size="xs"
        variant="outline"
        aria-label={`Acknowledge ${inboxItemName(item)}`}
        loading={busy}
        disabled={!can}
        onClick={() => root.send({ type: 'inbox.acknowledge', id: item.id })}
      >
        Acknowledge
      </Button>
    </Flex>
  );
}
