import { Field, Heading, Input, Stack } from '@chakra-ui/react';
import { fieldSlotRecipe, inputRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { profileSettingsMachine } from '../../machines/profile-settings/profile-settings.machine';
import { AvatarPicker } from './avatar-picker';
import { PageLoading } from './page-state';

export type ProfileSettingsRef = ActorRefFrom<typeof profileSettingsMachine>;
type Snap = SnapshotFrom<typeof profileSettingsMachine>;

const selectReady = (s: Snap) => s.matches('ready');
const selectCanEdit = (s: Snap) => s.can({ type: 'profile.edit', name: '' });
const selectAvatarBusy = (s: Snap) => s.matches({ ready: { avatar: 'uploading' } });

/** The Profile page: avatar and Preferred Name (saved when the page is left or the dialog closes). */
export function ProfilePage({ actor }: { actor: ProfileSettingsRef }) {
  const ready = useSelector(actor, selectReady);
  const name = useSelector(actor, (s) => s.context.name);
  const draft = useSelector(actor, (s) => s.context.draft);
  const avatarUrl = useSelector(actor, (s) => s.context.avatarUrl);
  const canEdit = useSelector(actor, selectCanEdit);
  const avatarBusy = useSelector(actor, selectAvatarBusy);

  return (
    <Stack gap="6">
      <Heading as="h2" size="lg">
        Profile
      </Heading>
      {!ready && <PageLoading testId="profile-loading" label="Loading profile…" />}
      {ready && (
        <>
          <AvatarPicker
            what="avatar"
            name={name}
            src={avatarUrl}
            editable
            busy={avatarBusy}
            onPick={(file) => actor.send({ type: 'profile.avatar', file })}
          />
          <Field.Root recipe={fieldSlotRecipe} disabled={!canEdit} maxW="sm">
            <Field.Label>Preferred Name</Field.Label>
            <Input
              recipe={inputRecipe}
              placeholder="Your Name"
              value={draft}
              onChange={(e) => actor.send({ type: 'profile.edit', name: e.currentTarget.value })}
            />
          </Field.Root>
        </>
      )}
    </Stack>
  );
}
