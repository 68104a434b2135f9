import { Button, chakra, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { linkTourMachine } from '../../machines/link-tour/link-tour.machine';
import { formatDateTime } from '../../domain/format';
import { matchingTours } from '../../domain/link-tour-search';
import { Modal } from '../dialogs/modal';

type LinkTourRef = ActorRefFrom<typeof linkTourMachine>;

interface LinkTourDialogProps {
  actor: LinkTourRef;
  timezone: string;
}

/**
 * The linked-tour dialog (one order) and the multi-linked-tour dialog (several): search the
 * team's tours by display id or name, pick one, link.
 */
export function LinkTourDialog({ actor, timezone }: LinkTourDialogProps) {
  const orderIds = useSelector(actor, (s) => s.context.orderIds);
  const query = useSelector(actor, (s) => s.context.query);
  const tours = useSelector(actor, (s) => s.context.tours);
  const picked = useSelector(actor, (s) => s.context.tourId);
  const searching = useSelector(actor, (s) => s.hasTag('searching'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'link.submit' }));
  const single = orderIds.length === 1;
  const orderLabel = useSelector(actor, (s) => s.context.displayIds[0] ?? '');
  const shown = useMemo(() => matchingTours(tours, query), [tours, query]);
  const title = single ? `Add order ${orderLabel} to a tour` : `Add ${orderIds.length} orders to a tour`;

  return (
    <Modal
      testId={single ? 'linked-tour-dialog' : 'multi-linked-tour-dialog'}
      title={title}
      onClose={() => actor.send({ type: 'link.cancel' })}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'link.cancel' })}>
            Cancel
          </Button>
          <Button disabled={!canSubmit} loading={busy} onClick={() => actor.send({ type: 'link.submit' })}>
            Link
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <chakra.input
          type="search"
          aria-label="Search tours"
          placeholder="Tour id (T-000123) or name"
          value={query}
          onChange={(e) => actor.send({ type: 'link.search', query: e.target.value })}
          h="8"
          px="2"
          borderWidth="1px"
          borderRadius="md"
          bg="bg"
        />
        <Stack role="radiogroup" aria-label="Tours" gap="1" maxH="18rem" overflowY="auto" aria-busy={searching}>
          {shown.map((tour) => (
            <chakra.button
              key={tour.id}
              type="button"
              role="radio"
              aria-checked={tour.id === picked}
              onClick={() => actor.send({ type: 'link.pick', tourId: tour.id })}
              textAlign="start"
              px="2"
              py="1"
              borderWidth="1px"
              borderRadius="md"
              borderColor={tour.id === picked ? 'primary.500' : 'border'}
              bg={tour.id === picked ? 'primary.50' : undefined}
            >
              <Text fontWeight="bold">
                {tour.displayId} · {tour.displayName}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {formatDateTime(tour.departureAt, timezone)} · {tour.orderCount}{' '}
                {tour.orderCount === 1 ? 'order' : 'orders'}
              </Text>
            </chakra.button>
          ))}
          {shown.length === 0 && (
            <Text color="fg.muted">
              {searching
                ? 'Searching…'
                : query.trim()
                  ? 'No tours found'
                  : 'No tours around these days: type a tour id to find any tour'}
            </Text>
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}
