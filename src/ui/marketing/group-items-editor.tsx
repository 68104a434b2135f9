import { Button, chakra, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { isLive, type Ad } from '../../domain/ads';
import {
  selectAddable,
  selectCanMove,
  selectCanRemove,
  selectItems,
  selectMayEdit,
  selectSaving,
  type GroupItemsActorRef,
} from '../../machines/group-items/selectors';
import { AdImage } from './ad-image';
import { TagBadge } from './tag-badge';

/** A group's ads in the order customers see them: move up or down, remove, add one of the team's live ads
 *  (only the order, for a role that may not change groups). */
export function GroupItemsEditor({ actor, emptyText }: { actor: GroupItemsActorRef; emptyText: string }) {
  const items = useSelector(actor, selectItems);
  const mayEdit = useSelector(actor, selectMayEdit);
  const saving = useSelector(actor, selectSaving);
  return (
    <Stack gap="3" data-testid="group-items" aria-busy={saving}>
      {items.length === 0 ? (
        <Text color="fg.muted">{emptyText}</Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none" aria-label="Advertisements in order">
          {items.map((ad, i) => (
            <Item key={ad.id} actor={actor} ad={ad} position={i + 1} mayEdit={mayEdit} />
          ))}
        </Stack>
      )}
      {mayEdit && <AddItem actor={actor} />}
    </Stack>
  );
}

function AddItem({ actor }: { actor: GroupItemsActorRef }) {
  const addable = useSelector(actor, selectAddable);
  const saving = useSelector(actor, selectSaving);
  const addId = useId();
  return (
    <HStack gap="2">
      <chakra.label htmlFor={addId} fontWeight="medium" whiteSpace="nowrap">
        Add
      </chakra.label>
      <chakra.select
        id={addId}
        value=""
        disabled={saving || addable.length === 0}
        onChange={(e) => actor.send({ type: 'items.add', adId: e.currentTarget.value })}
        px="2"
        py="1.5"
        borderWidth="1px"
        borderRadius="md"
        bg="bg"
        maxW="sm"
        flex="1"
      >
        <option value="">{addable.length === 0 ? 'No other live advertisement' : 'Choose an advertisement…'}</option>
        {addable.map((ad) => (
          <option key={ad.id} value={ad.id}>
            {ad.title || '(untitled)'}
          </option>
        ))}
      </chakra.select>
      {saving && <Spinner size="sm" aria-label="Saving" />}
    </HStack>
  );
}

interface ItemProps {
  actor: GroupItemsActorRef;
  ad: Ad;
  position: number;
  mayEdit: boolean;
}

function Item({ actor, ad, position, mayEdit }: ItemProps) {
  const name = ad.title || '(untitled)';
  return (
    <HStack
      as="li"
      gap="3"
      p="2"
      borderWidth="1px"
      borderColor="table.border"
      borderRadius="md"
      data-testid="group-item"
    >
      <Text width="5" textAlign="end" color="fg.muted" aria-hidden>
        {position}
      </Text>
      <AdImage src={ad.imageUrl} title={name} width="64px" height="40px" />
      <Stack gap="0.5" flex="1" minW="0">
        <Text fontWeight="semibold" truncate>
          {name}
        </Text>
        {!isLive(ad) && (
          <HStack gap="2">
            <TagBadge tag={ad.tag} />
            <Text fontSize="xs" color="fg.muted">
              Not shown to customers
            </Text>
          </HStack>
        )}
      </Stack>
      {mayEdit && <ItemControls actor={actor} ad={ad} name={name} />}
    </HStack>
  );
}

function ItemControls({ actor, ad, name }: { actor: GroupItemsActorRef; ad: Ad; name: string }) {
  const canUp = useSelector(actor, (s) => selectCanMove(s, ad.id, -1));
  const canDown = useSelector(actor, (s) => selectCanMove(s, ad.id, 1));
  const canRemove = useSelector(actor, (s) => selectCanRemove(s, ad.id));
  return (
    <>
      <Button
        size="xs"
        variant="ghost"
        aria-label={`Move ${name} up`}
        disabled={!canUp}
        onClick={() => actor.send({ type: 'items.move', adId: ad.id, delta: -1 })}
      >
        ↑
      </Button>
      <Button
        size="xs"
        variant="ghost"
        aria-label={`Move ${name} down`}
        disabled={!canDown}
        onClick={() => actor.send({ type: 'items.move', adId: ad.id, delta: 1 })}
      >
        ↓
      </Button>
      <Button
        size="xs"
        variant="outline"
        aria-label={`Remove ${name}`}
        disabled={!canRemove}
        onClick={() => actor.send({ type: 'items.remove', adId: ad.id })}
      >
        Remove
      </Button>
    </>
  );
}
