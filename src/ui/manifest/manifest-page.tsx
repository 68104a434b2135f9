import { Text } from '@chakra-ui/react';
import { useActorRef } from '@xstate/react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ManifestSource } from '../../machines/manifest/types';
import { manifestMachine } from '../../machines/manifest/manifest.machine';
import { selectLive, selectTeam } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { useInspect } from '../app/inspect';
import { startDownload } from '../export/download';
import { PageHeading } from '../pages/page-heading';
import { ManifestScreen } from './manifest-screen';

/** The browser's print dialog (the print stylesheet lays the manifest out for paper). */
const printPage = () => window.print();

const screenMachine = manifestMachine.provide({
  actions: { startDownload: (_, params) => startDownload(params.url), print: printPage },
});

/** `/tours/:id/manifest`: who is on a tour. */
export function TourManifestPage() {
  const { id = '' } = useParams();
  return <ManifestFor source={{ kind: 'tour', tourId: id }} sourceKey={`tour:${id}`} />;
}

/** `/departures/manifest?product=<id>&at=<ISO>`: who is on a departure that has no tour. */
export function DepartureManifestPage() {
  const [params] = useSearchParams();
  const productId = params.get('product') ?? '';
  const at = params.get('at') ?? '';
  if (!productId || !at || Number.isNaN(Date.parse(at)))
    return (
      <>
        <PageHeading />
        <Text color="fg.muted">This link names no departure: open a manifest from a tour or an order.</Text>
      </>
    );
  const departureAt = new Date(at).toISOString();
  return (
    <ManifestFor
      source={{ kind: 'departure', productId, departureAt }}
      sourceKey={`departure:${productId}:${departureAt}`}
    />
  );
}

function ManifestFor({ source, sourceKey }: { source: ManifestSource; sourceKey: string }) {
  const team = SessionContext.useSelector(selectTeam);
  if (!team)
    return (
      <>
        <PageHeading />
        <Text color="fg.muted">Choose a team to see its manifests.</Text>
      </>
    );
  // another team or another departure is another screen
  return (
    <Manifest key={`${team.id}:${sourceKey}`} teamId={team.id} timezone={team.timezone || 'UTC'} source={source} />
  );
}

/** Starts the screen's root actor (its only actor). */
function Manifest({ teamId, timezone, source }: { teamId: string; timezone: string; source: ManifestSource }) {
  const live = SessionContext.useSelector(selectLive) ?? null;
  const root = useActorRef(screenMachine, { inspect: useInspect(), input: { teamId, source, live } });
  return <ManifestScreen root={root} timezone={timezone} />;
}
