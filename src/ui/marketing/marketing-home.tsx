import { Box, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  AD_TAG_LABELS,
  AD_TAGS,
  adsListSearch,
  FREQUENCY_LABELS,
  groupLabel,
  INTERSTITIAL_TAG,
  liveItems,
  type Ad,
} from '../../domain/ads';
import type { Role } from '../../domain/statuses';
import { marketingHomeMachine } from '../../machines/marketing-home/marketing-home.machine';
import {
  selectAdsByTag,
  selectEmailGroup,
  selectGroups,
  selectInterstitialGroup,
  selectLiveBanner,
  selectLiveInterstitial,
  selectMayEdit,
  selectView,
  type MarketingHomeActorRef,
} from '../../machines/marketing-home/selectors';
import { useInspect } from '../app/inspect';
import { PageFailed, PageLoading } from '../settings/page-state';
import { AdImage } from './ad-image';

const ADS_LIST = '/marketing/ads-list';
const INTERSTITIAL = '/marketing/interstitial';

function To({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="primary.fg" fontWeight="semibold">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Stack
      as="section"
      aria-label={title}
      gap="3"
      p="4"
      borderWidth="1px"
      borderColor="table.border"
      borderRadius="lg"
      bg="white"
      data-testid={testId}
    >
      <Heading as="h3" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function AdStrip({ ads }: { ads: Ad[] }) {
  return (
    <HStack as="ul" listStyleType="none" gap="2" wrap="wrap">
      {ads.map((ad) => (
        <HStack as="li" key={ad.id} gap="2">
          <AdImage src={ad.imageUrl} title={ad.title} width="48px" height="30px" />
          <Text fontSize="sm">{ad.title}</Text>
        </HStack>
      ))}
    </HStack>
  );
}

/** The marketing home (of a root started elsewhere): what is live now, the ads by tag, the groups. */
export function MarketingHome({ root }: { root: MarketingHomeActorRef }) {
  const view = useSelector(root, selectView);
  if (view === 'loading') return <PageLoading testId="marketing-loading" label="Loading marketing…" />;
  if (view === 'failed')
    return (
      <PageFailed
        testId="marketing-failed"
        message="Marketing could not be loaded."
        onRetry={() => root.send({ type: 'marketing.retry' })}
      />
    );
  return (
    <Stack gap="8">
      <LiveNow root={root} />
      <AdsByTag root={root} />
      <Groups root={root} />
    </Stack>
  );
}

function LiveNow({ root }: { root: MarketingHomeActorRef }) {
  const email = useSelector(root, selectEmailGroup);
  const banner = useSelector(root, selectLiveBanner);
  const interstitial = useSelector(root, selectInterstitialGroup);
  const shown = useSelector(root, selectLiveInterstitial);
  const mayEdit = useSelector(root, selectMayEdit);
  return (
    <Stack as="section" aria-labelledby="live-now" gap="3">
      <Heading as="h2" size="lg" id="live-now">
        Live now
      </Heading>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Card title="E-mail banner" testId="live-email">
          <Text color="fg.muted">
            {banner.length === 0
              ? 'Customer e-mails carry no banner.'
              : `Every customer e-mail ends with ${banner.length} ${banner.length === 1 ? 'advertisement' : 'advertisements'}:`}
          </Text>
          {banner.length > 0 && <AdStrip ads={banner} />}
          {(email || mayEdit) && (
            <To to={email ? `${ADS_LIST}${adsListSearch(null, email.id)}` : ADS_LIST}>
              {!email ? 'Make a group tagged email' : mayEdit ? 'Edit the e-mail banner' : 'See the e-mail banner'}
            </To>
          )}
        </Card>
        <Card title="Interstitial" testId="live-interstitial">
          <Text color="fg.muted">
            {shown.length === 0
              ? 'Customers see no interstitial.'
              : `${shown.length} ${shown.length === 1 ? 'advertisement' : 'advertisements'}, ${FREQUENCY_LABELS[interstitial!.frequency].toLowerCase()} for each customer:`}
          </Text>
          {shown.length > 0 && <AdStrip ads={shown} />}
          <To to={INTERSTITIAL}>
            {!mayEdit
              ? 'See the interstitial'
              : interstitial
                ? 'Configure the interstitial'
                : 'Set up the interstitial'}
          </To>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function AdsByTag({ root }: { root: MarketingHomeActorRef }) {
  const byTag = useSelector(root, selectAdsByTag);
  return (
    <Stack as="section" aria-labelledby="ads-by-tag" gap="3">
      <HStack justify="space-between">
        <Heading as="h2" size="lg" id="ads-by-tag">
          Advertisements
        </Heading>
        <To to={ADS_LIST}>All advertisements</To>
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {AD_TAGS.map((tag) => (
          <Card key={tag} title={`${AD_TAG_LABELS[tag]} (${byTag[tag].length})`} testId={`ads-${tag}`}>
            {byTag[tag].length === 0 ? <Text color="fg.muted">None</Text> : <AdStrip ads={byTag[tag].slice(0, 4)} />}
            <To to={`${ADS_LIST}${adsListSearch(tag)}`}>See the {AD_TAG_LABELS[tag].toLowerCase()} ones</To>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Groups({ root }: { root: MarketingHomeActorRef }) {
  const groups = useSelector(root, selectGroups);
  return (
    <Stack as="section" aria-labelledby="groups" gap="3">
      <Heading as="h2" size="lg" id="groups">
        Groups
      </Heading>
      {groups.length === 0 && <Text color="fg.muted">No groups yet.</Text>}
      <Stack as="ul" listStyleType="none" gap="2">
        {groups.map((group) => (
          <Box as="li" key={group.id}>
            <To to={group.tag === INTERSTITIAL_TAG ? INTERSTITIAL : `${ADS_LIST}${adsListSearch(null, group.id)}`}>
              {groupLabel(group)}
            </To>
            <Text as="span" color="fg.muted" fontSize="sm">
              {' '}
              · {group.items.length} {group.items.length === 1 ? 'advertisement' : 'advertisements'},{' '}
              {liveItems(group).length} shown
            </Text>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

/** Starts the screen's root actor (its only actor) for the team and the user's role in it. */
export function MarketingHomeScreen({ teamId, role }: { teamId: string; role: Role }) {
  const root = useActorRef(marketingHomeMachine, { inspect: useInspect(), input: { teamId, role } });
  return <MarketingHome root={root} />;
}
