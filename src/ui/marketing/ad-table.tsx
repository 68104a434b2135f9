import { Button, HStack, Link, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { AD_TAG_LABELS, AD_TAGS, isUploadedImage, type Ad, type AdTag } from '../../domain/ads';
import {
  selectCanEdit,
  selectCanMove,
  selectMayEdit,
  selectMayMove,
  selectMovingId,
  selectPlacements,
  selectShownAds,
  type AdsListActorRef,
} from '../../machines/ads-list/selectors';
import { AdImage } from './ad-image';
import { TagBadge } from './tag-badge';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The ads of the tag chosen: image, title, link, tag and where it is shown; Edit, and Move to another tag. */
export function AdTable({ root }: { root: AdsListActorRef }) {
  const ads = useSelector(root, selectShownAds);
  const placements = useSelector(root, selectPlacements, sameJson);
  if (ads.length === 0) return <Text color="fg.muted">No advertisements here yet.</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Advertisements" data-testid="ad-table">
      {ads.map((ad) => (
        <AdRow key={ad.id} root={root} ad={ad} placements={placements[ad.id] ?? []} />
      ))}
    </Stack>
  );
}

function AdRow({ root, ad, placements }: { root: AdsListActorRef; ad: Ad; placements: string[] }) {
  const mayEdit = useSelector(root, selectMayEdit);
  const mayMove = useSelector(root, selectMayMove);
  const canEdit = useSelector(root, (s) => selectCanEdit(s, ad.id));
  const moving = useSelector(root, (s) => selectMovingId(s) === ad.id);
  const movable = useSelector(root, (s) => AD_TAGS.filter((t) => selectCanMove(s, ad.id, t)), sameJson);
  const title = ad.title || '(untitled)';
  return (
    <HStack
      as="li"
      gap="4"
      p="3"
      borderWidth="1px"
      borderColor="table.border"
      borderRadius="md"
      bg="white"
      wrap="wrap"
      data-testid="ad-row"
    >
      <AdImage src={ad.imageUrl} title={title} width="96px" height="60px" />
      {/* on a phone the buttons go below the text rather than squeezing it */}
      <Stack gap="1" flex="1" minW={{ base: 'calc(100% - 112px)', md: '0' }}>
        <HStack gap="2">
          <Text fontWeight="bold" truncate>
            {title}
          </Text>
          <TagBadge tag={ad.tag} />
        </HStack>
        {ad.linkUrl ? (
          <Link href={ad.linkUrl} target="_blank" rel="noopener noreferrer" color="primary.fg" fontSize="sm" truncate>
            {ad.linkUrl}
          </Link>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            No link
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted">
          {ad.imageUrl && isUploadedImage(ad.imageUrl)
            ? 'Uploaded image'
            : ad.imageUrl
              ? 'Image by address'
              : 'No image'}
          {placements.length > 0 && ` · In: ${placements.join(', ')}`}
        </Text>
      </Stack>
      {mayEdit && (
        <Button
          size="sm"
          variant="outline"
          disabled={!canEdit}
          aria-label={`Edit ${title}`}
          onClick={() => root.send({ type: 'ad.edit', id: ad.id })}
        >
          Edit
        </Button>
      )}
      {mayMove && <MoveMenu root={root} ad={ad} title={title} moving={moving} movable={movable} />}
    </HStack>
  );
}

interface MoveMenuProps {
  root: AdsListActorRef;
  ad: Ad;
  title: string;
  moving: boolean;
  movable: AdTag[];
}

function MoveMenu({ root, ad, title, moving, movable }: MoveMenuProps) {
  return (
    <Menu.Root onSelect={(details) => root.send({ type: 'ad.move', id: ad.id, tag: details.value as AdTag })}>
      <Menu.Trigger asChild>
        <Button
          size="sm"
          variant="outline"
          disabled={movable.length === 0}
          loading={moving}
          aria-label={`Move to (${title})`}
        >
          Move to
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="160px">
            {movable.map((tag) => (
              <Menu.Item key={tag} value={tag}>
                {AD_TAG_LABELS[tag]}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
