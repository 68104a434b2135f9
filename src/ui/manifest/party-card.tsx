import { Badge, Box, Button, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { CHECK_IN_TEXT, checkInLabel, paxLabel, valueOf } from '../../domain/check-in';
import { mapHref, telHref } from '../../domain/contact';
import { statusLabel } from '../../domain/statuses';
import type { ManifestParty } from '../../machines/manifest/types';
import { sameParty, selectParty, type CheckInActorRef } from '../../machines/check-in/selectors';

/** Touch targets of at least 44 px (issue 25). */
const TOUCH = { minH: '44px', minW: '44px' } as const;

/**
 * One party: who, how many, how to reach them, where to pick them up, what they asked for, the OTA's
 * order, and its check-in with one tap (all came), a stepper for part of the party, no-show and undo.
 */
export function PartyCard({ checkIn, party }: { checkIn: CheckInActorRef; party: ManifestParty }) {
  const row = useSelector(
    checkIn,
    (s) => selectParty(s, party.orderId, valueOf(party.checkIn), party.total),
    sameParty,
  );
  const { value, pending, problem, canUndo, count } = row;
  const checkedIn = value.state === 'CHECKED_IN';
  // before the tap the stepper says how many will be checked in; after it, it corrects the count
  const step = (arrived: number) =>
    checkedIn ? set('CHECKED_IN', arrived) : checkIn.send({ type: 'checkin.count', orderId: party.orderId, arrived });
  const name = party.name || party.displayId;
  const tel = party.phone ? telHref(party.phone) : null;
  function set(state: 'EXPECTED' | 'CHECKED_IN' | 'NO_SHOW', arrived?: number) {
    checkIn.send({ type: 'checkin.set', orderId: party.orderId, state, ...(arrived ? { arrived } : {}) });
  }
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      bg={value.state === 'CHECKED_IN' ? 'green.50' : value.state === 'NO_SHOW' ? 'gray.100' : 'bg.panel'}
      data-testid="manifest-party"
      data-order-id={party.orderId}
      data-state={value.state}
      aria-label={name}
    >
      <Stack gap="2">
        <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Stack gap="0" minW="0">
            <Text fontWeight="bold" overflowWrap="anywhere">
              {name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {paxLabel(party.adults, party.children)} · {party.ota} {party.otaOrderId} · {party.displayId} ·{' '}
              {statusLabel(party.statusV2)}
            </Text>
          </Stack>
          <HStack gap="1" wrap="wrap">
            <Badge colorPalette={value.state === 'CHECKED_IN' ? 'green' : value.state === 'NO_SHOW' ? 'red' : 'gray'}>
              {checkInLabel(value, party.total)}
            </Badge>
            {pending && (
              <Badge colorPalette="orange" data-testid="pending">
                {CHECK_IN_TEXT.pending}
              </Badge>
            )}
          </HStack>
        </HStack>
        {problem && (
          <Text fontSize="sm" color="red.700" role="alert">
            {problem}
          </Text>
        )}
        <Stack gap="1" fontSize="sm">
          {party.phone && (
            <Text>
              Phone:{' '}
              {tel ? (
                <Link href={tel} color="primary.fg">
                  {party.phone}
                </Link>
              ) : (
                party.phone
              )}
            </Text>
          )}
          {party.pickup && (
            <Text overflowWrap="anywhere">
              Pick-up:{' '}
              <Link href={mapHref(party.pickup)} target="_blank" rel="noreferrer" color="primary.fg">
                {party.pickup}
              </Link>
            </Text>
          )}
          {party.notes && (
            <Text overflowWrap="anywhere" whiteSpace="pre-line">
              Notes: {party.notes}
            </Text>
          )}
        </Stack>
        <HStack gap="2" wrap="wrap" data-print-hide>
          {party.total > 1 && (
            <HStack gap="1" role="group" aria-label={`How many of ${name} came`}>
              <IconButton
                {...TOUCH}
                variant="outline"
                aria-label={`One fewer came: ${name}`}
                disabled={count <= 1}
                onClick={() => step(count - 1)}
              >
                −
              </IconButton>
              <Text minW="4.5rem" textAlign="center" aria-live="polite" data-testid="came">
                {count} of {party.total}
              </Text>
              <IconButton
                {...TOUCH}
                variant="outline"
                aria-label={`One more came: ${name}`}
                disabled={count >= party.total}
                onClick={() => step(count + 1)}
              >
                +
              </IconButton>
            </HStack>
          )}
          {!checkedIn && (
            <Button {...TOUCH} aria-label={`Check in ${name}`} onClick={() => set('CHECKED_IN')}>
              Check in
            </Button>
          )}
          {value.state !== 'NO_SHOW' && (
            <Button {...TOUCH} variant="outline" aria-label={`No-show ${name}`} onClick={() => set('NO_SHOW')}>
              No-show
            </Button>
          )}
          {canUndo ? (
            <Button
              {...TOUCH}
              variant="ghost"
              aria-label={`Undo ${name}`}
              onClick={() => checkIn.send({ type: 'checkin.undo', orderId: party.orderId })}
            >
              Undo
            </Button>
          ) : (
            value.state !== 'EXPECTED' && (
              <Button
                {...TOUCH}
                variant="ghost"
                aria-label={`Back to expected: ${name}`}
                onClick={() => set('EXPECTED')}
              >
                Reset
              </Button>
            )
          )}
        </HStack>
      </Stack>
    </Box>
  );
}
