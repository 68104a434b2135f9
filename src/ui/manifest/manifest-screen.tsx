import { Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import {
  CHECK_IN_TEXT,
  checkInSummary,
  displayedValue,
  manifestTotals,
  paxLabel,
  valueOf,
} from '../../domain/check-in';
import { formatDateTime } from '../../domain/format';
import type { Manifest } from '../../machines/manifest/types';
import { selectBase, selectQueue, type CheckInActorRef } from '../../machines/check-in/selectors';
import {
  selectCheckIn,
  selectError,
  selectExporting,
  selectManifest,
  selectView,
  type ManifestActorRef,
} from '../../machines/manifest/selectors';
import { ActorTreeNotifications } from '../app/notifications';
import { PartyCard } from './party-card';
import { PrintManifest, PRINT_CSS } from './print-manifest';

/** The manifest: what it is, its totals, Download CSV and Print, then one card per party. */
export function ManifestScreen({ root, timezone }: { root: ManifestActorRef; timezone: string }) {
  const view = useSelector(root, selectView);
  const manifest = useSelector(root, selectManifest);
  const checkIn = useSelector(root, selectCheckIn);
  return (
    <Stack gap="4" data-testid="manifest">
      <style>{PRINT_CSS}</style>
      <ActorTreeNotifications actor={root} />
      {view === 'loading' && !manifest && <Spinner size="sm" aria-label="Loading the manifest" />}
      {view === 'failed' && <LoadFailed root={root} />}
      {manifest && checkIn && (
        <>
          <Box className="manifest-screen">
            <ManifestBody root={root} checkIn={checkIn} manifest={manifest} timezone={timezone} />
          </Box>
          <PrintManifest manifest={manifest} checkIn={checkIn} timezone={timezone} />
        </>
      )}
    </Stack>
  );
}

function LoadFailed({ root }: { root: ManifestActorRef }) {
  const error = useSelector(root, selectError);
  return (
    <Stack role="alert" align="start" gap="2">
      <Text color="red.700">{error ?? CHECK_IN_TEXT.loadFailed}</Text>
      <Button size="sm" variant="outline" minH="44px" onClick={() => root.send({ type: 'manifest.retry' })}>
        Retry
      </Button>
    </Stack>
  );
}

interface BodyProps {
  root: ManifestActorRef;
  checkIn: CheckInActorRef;
  manifest: Manifest;
  timezone: string;
}

function ManifestBody({ root, checkIn, manifest, timezone }: BodyProps) {
  return (
    <Stack gap="4">
      <Stack gap="1">
        <Heading as="h1" size="xl" overflowWrap="anywhere">
          Manifest: {manifest.title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {formatDateTime(manifest.departureAt, timezone)}
          {manifest.product ? ` · ${manifest.product.route} · ${manifest.product.pack}` : ''}
        </Text>
      </Stack>
      <Totals checkIn={checkIn} manifest={manifest} />
      <Actions root={root} />
      {manifest.parties.length === 0 ? (
        <Text color="fg.muted">Nobody is booked on this departure.</Text>
      ) : (
        <Box as="ul" listStyleType="none" display="flex" flexDirection="column" gap="3" aria-label="Parties">
          {manifest.parties.map((party) => (
            <PartyCard key={party.orderId} checkIn={checkIn} party={party} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** "12 of 15 checked in", then parties, adults, children and no-shows, as the rows read now. */
export function Totals({ checkIn, manifest }: { checkIn: CheckInActorRef; manifest: Manifest }) {
  const base = useSelector(checkIn, selectBase);
  const queue = useSelector(checkIn, selectQueue);
  const server = new Map(manifest.parties.map((p) => [p.orderId, valueOf(p.checkIn)]));
  const totals = manifestTotals(manifest.parties, (id) => displayedValue(base[id] ?? server.get(id)!, queue, id));
  return (
    <Stack gap="1" role="status" aria-label="Totals" data-testid="manifest-totals">
      <Text fontSize="xl" fontWeight="bold">
        {checkInSummary(totals)}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {totals.parties} {totals.parties === 1 ? 'party' : 'parties'} · {paxLabel(totals.adults, totals.children)} ·{' '}
        {totals.noShowParties} {totals.noShowParties === 1 ? 'no-show' : 'no-shows'}
      </Text>
    </Stack>
  );
}

function Actions({ root }: { root: ManifestActorRef }) {
  const exporting = useSelector(root, selectExporting);
  return (
    <HStack gap="2" wrap="wrap" data-print-hide>
      <Button
        variant="outline"
        minH="44px"
        loading={exporting}
        loadingText="Preparing…"
        onClick={() => root.send({ type: 'manifest.csv' })}
      >
        Download CSV
      </Button>
      <Button variant="outline" minH="44px" onClick={() => root.send({ type: 'manifest.print' })}>
        Print
      </Button>
    </HStack>
  );
}
