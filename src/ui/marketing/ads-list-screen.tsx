import { Box, Button, Flex, HStack, Stack } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AD_TAG_LABELS, AD_TAGS, adsListQuery, type AdTag } from '../../domain/ads';
import type { Role } from '../../domain/statuses';
import { adsListMachine } from '../../machines/ads-list/ads-list.machine';
import {
  selectCanCreate,
  selectEditor,
  selectFilter,
  selectGroupsActor,
  selectMayEdit,
  selectTagCounts,
  selectTotal,
  selectView,
  type AdsListActorRef,
} from '../../machines/ads-list/selectors';
import { useInspect } from '../app/inspect';
import { ActorTreeNotifications } from '../app/notifications';
import { PageFailed, PageLoading } from '../settings/page-state';
import { AdEditorDialog } from './ad-editor-dialog';
import { AdGroupsPanel } from './ad-groups-panel';
import { AdTable } from './ad-table';

/** The ads list screen (of a root started elsewhere): the ads by tag, their editor, the groups. */
export function AdsList({ root }: { root: AdsListActorRef }) {
  const view = useSelector(root, selectView);
  const editor = useSelector(root, selectEditor);
  const groups = useSelector(root, selectGroupsActor);
  const canCreate = useSelector(root, selectCanCreate);
  const mayEdit = useSelector(root, selectMayEdit);
  return (
    <>
      <ActorTreeNotifications actor={root} />
      {view === 'loading' && <PageLoading testId="ads-loading" label="Loading advertisements…" />}
      {view === 'failed' && (
        <PageFailed
          testId="ads-failed"
          message="The advertisements could not be loaded."
          onRetry={() => root.send({ type: 'ads.retry' })}
        />
      )}
      {view === 'ready' && (
        <Flex gap="8" align="flex-start" wrap="wrap">
          <Stack as="section" aria-label="Advertisements" gap="4" flex="3" minW={{ base: 'full', md: '420px' }}>
            <HStack justify="space-between" wrap="wrap" gap="2">
              <TagFilter root={root} />
              {mayEdit && (
                <Button size="sm" disabled={!canCreate} onClick={() => root.send({ type: 'ad.create' })}>
                  New advertisement
                </Button>
              )}
            </HStack>
            <AdTable root={root} />
          </Stack>
          <Box flex="2" minW={{ base: 'full', md: '360px' }}>
            {groups && <AdGroupsPanel groups={groups} />}
          </Box>
        </Flex>
      )}
      {editor && <AdEditorDialog key={editor.id} editor={editor} />}
    </>
  );
}

/** All, or one tag, with how many ads each holds. */
function TagFilter({ root }: { root: AdsListActorRef }) {
  const filter = useSelector(root, selectFilter);
  const counts = useSelector(root, selectTagCounts, (a, b) => AD_TAGS.every((t) => a[t] === b[t]));
  const total = useSelector(root, selectTotal);
  const choices: { tag: AdTag | null; label: string }[] = [
    { tag: null, label: `All (${total})` },
    ...AD_TAGS.map((tag) => ({ tag, label: `${AD_TAG_LABELS[tag]} (${counts[tag]})` })),
  ];
  return (
    <HStack gap="1" role="group" aria-label="Show advertisements tagged">
      {choices.map(({ tag, label }) => (
        <Button
          key={tag ?? 'all'}
          size="sm"
          variant={filter === tag ? 'solid' : 'ghost'}
          aria-pressed={filter === tag}
          onClick={() => root.send({ type: 'ads.filter', tag })}
        >
          {label}
        </Button>
      ))}
    </HStack>
  );
}

/** Starts the screen's root actor (its only actor) for the team and the user's role in it, with the URL's
 *  tag and group. */
export function AdsListScreen({ teamId, role, search }: { teamId: string; role: Role; search: string }) {
  const navigate = useNavigate();
  const [logic] = useState(() =>
    adsListMachine.provide({ actions: { navigate: (_, params) => void navigate({ search: params.search }) } }),
  );
  const root = useActorRef(logic, { inspect: useInspect(), input: { teamId, role, ...adsListQuery(search) } });
  return <AdsList root={root} />;
}
