import { Button, chakra, Flex, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FREQUENCIES, FREQUENCY_LABELS, type AdFrequency } from '../../domain/ads';
import type { Role } from '../../domain/statuses';
import { interstitialMachine } from '../../machines/interstitial/interstitial.machine';
import {
  selectCanChangeFrequency,
  selectCanCreate,
  selectCanNext,
  selectCanPrev,
  selectCreating,
  selectFrequency,
  selectGroupItems,
  selectMayChangeFrequency,
  selectSavingFrequency,
  selectShown,
  selectSlide,
  selectView,
  type InterstitialActorRef,
} from '../../machines/interstitial/selectors';
import { useInspect } from '../app/inspect';
import { ActorTreeNotifications } from '../app/notifications';
import { PageFailed, PageLoading } from '../settings/page-state';
import { GroupItemsEditor } from './group-items-editor';
import { InterstitialCard } from './interstitial-card';
import { PhonePreview } from './phone-preview';

/** The interstitial screen (of a root started elsewhere): its ads in order, how often, and the preview. */
export function Interstitial({ root }: { root: InterstitialActorRef }) {
  const view = useSelector(root, selectView);
  const items = useSelector(root, selectGroupItems);
  return (
    <>
      <ActorTreeNotifications actor={root} />
      {view === 'loading' && <PageLoading testId="interstitial-loading" label="Loading the interstitial…" />}
      {view === 'failed' && (
        <PageFailed
          testId="interstitial-failed"
          message="The interstitial could not be loaded."
          onRetry={() => root.send({ type: 'interstitial.retry' })}
        />
      )}
      {view === 'missing' && <CreateInterstitial root={root} />}
      {view === 'configured' && (
        <Flex gap="10" align="flex-start" wrap="wrap">
          <Stack gap="6" flex="1" minW={{ base: 'full', md: '360px' }} maxW="2xl">
            <Text color="fg.muted">
              Customers see these advertisements, one at a time in this order, over the page they open. Archived ones
              are never shown. New advertisements are made in the{' '}
              <Link asChild color="primary.fg">
                <RouterLink to="/marketing/ads-list">advertisements list</RouterLink>
              </Link>
              .
            </Text>
            <Stack as="section" aria-labelledby="interstitial-ads" gap="3">
              <Heading as="h2" size="lg" id="interstitial-ads">
                Advertisements
              </Heading>
              {items && (
                <GroupItemsEditor actor={items} emptyText="No advertisements yet: customers see no interstitial." />
              )}
            </Stack>
            <FrequencyField root={root} />
          </Stack>
          <Preview root={root} />
        </Flex>
      )}
    </>
  );
}

function CreateInterstitial({ root }: { root: InterstitialActorRef }) {
  const canCreate = useSelector(root, selectCanCreate);
  const creating = useSelector(root, selectCreating);
  return (
    <Stack gap="3" align="flex-start" data-testid="interstitial-missing">
      <Text>The team has no interstitial yet: customers see none.</Text>
      {canCreate || creating ? (
        <Button disabled={!canCreate} loading={creating} onClick={() => root.send({ type: 'interstitial.create' })}>
          Set up the interstitial
        </Button>
      ) : (
        <Text color="fg.muted">Editors and admins of the team can set it up.</Text>
      )}
    </Stack>
  );
}

function FrequencyField({ root }: { root: InterstitialActorRef }) {
  const frequency = useSelector(root, selectFrequency);
  const enabled = useSelector(root, selectCanChangeFrequency);
  const mayChange = useSelector(root, selectMayChangeFrequency);
  const saving = useSelector(root, selectSavingFrequency);
  const id = useId();
  if (!mayChange) {
    return (
      <Stack as="section" gap="2" aria-labelledby={`${id}-heading`}>
        <Heading as="h2" size="lg" id={`${id}-heading`}>
          How often
        </Heading>
        <Text data-testid="interstitial-frequency">
          Shown to the same customer: {FREQUENCY_LABELS[frequency].toLowerCase()}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack as="section" gap="2" aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="lg" id={`${id}-heading`}>
        How often
      </Heading>
      <chakra.label htmlFor={id}>Show it to the same customer</chakra.label>
      <Flex gap="2" align="center">
        <chakra.select
          id={id}
          value={frequency}
          disabled={!enabled}
          onChange={(e) =>
            root.send({ type: 'interstitial.frequency', frequency: e.currentTarget.value as AdFrequency })
          }
          px="2"
          py="1.5"
          borderWidth="1px"
          borderRadius="md"
          bg="bg"
          maxW="xs"
        >
          {FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {FREQUENCY_LABELS[f]}
            </option>
          ))}
        </chakra.select>
        {saving && <Spinner size="sm" aria-label="Saving" />}
      </Flex>
    </Stack>
  );
}

/** Exactly what a customer sees, on a phone. */
function Preview({ root }: { root: InterstitialActorRef }) {
  const shown = useSelector(root, selectShown);
  const slide = useSelector(root, selectSlide);
  const canPrev = useSelector(root, selectCanPrev);
  const canNext = useSelector(root, selectCanNext);
  const frequency = useSelector(root, selectFrequency);
  return (
    <Stack as="section" aria-labelledby="interstitial-preview" gap="3" align="center">
      <Heading as="h2" size="lg" id="interstitial-preview">
        Preview
      </Heading>
      <PhonePreview label="The interstitial on a customer's phone">
        {shown.length > 0 && (
          <InterstitialCard
            ads={shown}
            index={slide}
            canPrev={canPrev}
            canNext={canNext}
            onPrev={() => root.send({ type: 'preview.prev' })}
            onNext={() => root.send({ type: 'preview.next' })}
            onShow={(index) => root.send({ type: 'preview.show', index })}
          />
        )}
      </PhonePreview>
      <Text fontSize="sm" color="fg.muted" data-testid="interstitial-summary">
        {shown.length === 0
          ? 'Nothing is shown: no live advertisement.'
          : `${shown.length} ${shown.length === 1 ? 'advertisement' : 'advertisements'}, ${FREQUENCY_LABELS[frequency].toLowerCase()} for each customer.`}
      </Text>
    </Stack>
  );
}

/** Starts the screen's root actor (its only actor) for the team and the user's role in it. */
export function InterstitialScreen({ teamId, role }: { teamId: string; role: Role }) {
  const root = useActorRef(interstitialMachine, { inspect: useInspect(), input: { teamId, role } });
  return <Interstitial root={root} />;
}
