import { Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { EMAIL_TAG, groupLabel, INTERSTITIAL_TAG, liveItems, type AdGroup } from '../../domain/ads';
import {
  selectCanCreate,
  selectCanDelete,
  selectConfirmingDelete,
  selectCreateRefusal,
  selectCreating,
  selectGroupItems,
  selectGroups,
  selectMayCreate,
  selectMayDelete,
  selectOpenId,
  selectTagDraft,
  type AdGroupsActorRef,
} from '../../machines/ad-groups/selectors';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { GroupItemsEditor } from './group-items-editor';

/** The team's groups: create one with a tag, open one to arrange its ads, delete one (each as the role may). */
export function AdGroupsPanel({ groups }: { groups: AdGroupsActorRef }) {
  const list = useSelector(groups, selectGroups);
  const mayCreate = useSelector(groups, selectMayCreate);
  return (
    <Stack as="section" aria-labelledby="groups-heading" gap="4" data-testid="ad-groups">
      <Heading as="h2" size="lg" id="groups-heading">
        Groups
      </Heading>
      {mayCreate && <CreateGroup groups={groups} />}
      {list.length === 0 && <Text color="fg.muted">No groups yet.</Text>}
      <Stack as="ul" gap="3" listStyleType="none">
        {list.map((group) => (
          <GroupRow key={group.id} groups={groups} group={group} />
        ))}
      </Stack>
      <DeleteGroupDialog groups={groups} />
    </Stack>
  );
}

function CreateGroup({ groups }: { groups: AdGroupsActorRef }) {
  const tag = useSelector(groups, selectTagDraft);
  const refusal = useSelector(groups, selectCreateRefusal);
  const canCreate = useSelector(groups, selectCanCreate);
  const creating = useSelector(groups, selectCreating);
  const id = useId();
  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="1"
      onSubmit={(e) => {
        e.preventDefault();
        groups.send({ type: 'groups.create' });
      }}
    >
      <chakra.label htmlFor={id} fontWeight="medium">
        New group’s tag
      </chakra.label>
      <HStack gap="2">
        <chakra.input
          id={id}
          list={`${id}-tags`}
          value={tag}
          placeholder="No tag"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={`${id}-help`}
          onChange={(e) => groups.send({ type: 'groups.tag', text: e.currentTarget.value })}
          px="3"
          py="1.5"
          borderWidth="1px"
          borderColor={refusal ? 'border.error' : 'border'}
          rounded="md"
          bg="bg"
          maxW="xs"
        />
        <datalist id={`${id}-tags`}>
          <option value={EMAIL_TAG} />
          <option value={INTERSTITIAL_TAG} />
        </datalist>
        <Button type="submit" size="sm" disabled={!canCreate} loading={creating}>
          Create group
        </Button>
      </HStack>
      <Text id={`${id}-help`} fontSize="sm" color={refusal ? 'fg.error' : 'fg.muted'}>
        {refusal ??
          `${EMAIL_TAG}: a banner in customer e-mails · ${INTERSTITIAL_TAG}: the customer interstitial · blank: no tag`}
      </Text>
    </chakra.form>
  );
}

function GroupRow({ groups, group }: { groups: AdGroupsActorRef; group: AdGroup }) {
  const open = useSelector(groups, (s) => selectOpenId(s) === group.id);
  const items = useSelector(groups, selectGroupItems);
  const mayDelete = useSelector(groups, selectMayDelete);
  const canDelete = useSelector(groups, (s) => selectCanDelete(s, group.id));
  const label = groupLabel(group);
  const live = liveItems(group).length;
  return (
    <Stack
      as="li"
      gap="3"
      p="3"
      borderWidth="1px"
      borderColor="table.border"
      borderRadius="md"
      bg="white"
      data-testid="ad-group"
    >
      <HStack gap="3">
        <Stack gap="0" flex="1">
          <Text fontWeight="bold">{label}</Text>
          <Text fontSize="sm" color="fg.muted">
            {group.items.length} {group.items.length === 1 ? 'advertisement' : 'advertisements'}, {live} shown to
            customers
          </Text>
        </Stack>
        <Button
          size="sm"
          variant="outline"
          aria-expanded={open}
          aria-label={open ? `Close ${label}` : `Open ${label}`}
          onClick={() => groups.send(open ? { type: 'groups.close' } : { type: 'groups.open', id: group.id })}
        >
          {open ? 'Close' : 'Open'}
        </Button>
        {mayDelete && (
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            disabled={!canDelete}
            aria-label={`Delete ${label}`}
            onClick={() => groups.send({ type: 'groups.delete', id: group.id })}
          >
            Delete
          </Button>
        )}
      </HStack>
      {open && items && (
        <GroupItemsEditor key={items.id} actor={items} emptyText="No advertisements in this group yet." />
      )}
    </Stack>
  );
}

function DeleteGroupDialog({ groups }: { groups: AdGroupsActorRef }) {
  const group = useSelector(groups, selectConfirmingDelete);
  if (!group) return null;
  return (
    <ConfirmDialog
      testId="delete-group-dialog"
      title="Delete this group?"
      confirmLabel="Delete group"
      cancelLabel="Keep it"
      onConfirm={() => groups.send({ type: 'groups.deleteConfirm' })}
      onCancel={() => groups.send({ type: 'groups.deleteCancel' })}
    >
      {groupLabel(group)} goes; its advertisements stay in the list.
    </ConfirmDialog>
  );
}
