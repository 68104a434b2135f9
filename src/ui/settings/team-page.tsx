import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { fieldSlotRecipe, inputRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { teamSettingsMachine } from '../../machines/team-settings/team-settings.machine';
import { AvatarPicker } from './avatar-picker';
import { PageFailed, PageLoading } from './page-state';

export type TeamSettingsRef = ActorRefFrom<typeof teamSettingsMachine>;
type Snap = SnapshotFrom<typeof teamSettingsMachine>;

const selectView = (s: Snap) => (s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading');
const selectCanEdit = (s: Snap) => s.can({ type: 'team.edit', name: '' });
const selectCanSave = (s: Snap) => s.can({ type: 'team.save' });
const selectSaving = (s: Snap) => s.matches({ ready: { editing: { name: 'saving' } } });
const selectLogoBusy = (s: Snap) => s.matches({ ready: { editing: { logo: 'uploading' } } });
const selectReadOnly = (s: Snap) => s.matches({ ready: 'readOnly' });

/** The Team (General) page: logo and name; only admins may change them (the machine decides). */
export function TeamPage({ actor }: { actor: TeamSettingsRef }) {
  const view = useSelector(actor, selectView);
  const name = useSelector(actor, (s) => s.context.name);
  const draft = useSelector(actor, (s) => s.context.draft);
  const avatarUrl = useSelector(actor, (s) => s.context.avatarUrl);
  const canEdit = useSelector(actor, selectCanEdit);
  const canSave = useSelector(actor, selectCanSave);
  const saving = useSelector(actor, selectSaving);
  const logoBusy = useSelector(actor, selectLogoBusy);
  const readOnly = useSelector(actor, selectReadOnly);

  return (
    <Stack gap="6">
      <Heading as="h2" size="lg">
        Team
      </Heading>
      {view === 'loading' && <PageLoading testId="team-loading" label="Loading team…" />}
      {view === 'failed' && (
        <PageFailed
          testId="team-failed"
          message="The team could not be loaded."
          onRetry={() => actor.send({ type: 'team.load' })}
        />
      )}
      {view === 'ready' && (
        <>
          <Stack gap="2" opacity={readOnly ? 0.5 : 1} data-testid="team-logo-block">
            <Text fontWeight="bold">Logo</Text>
            <AvatarPicker
              what="logo"
              name={name}
              src={avatarUrl}
              editable={!readOnly}
              busy={logoBusy}
              onPick={(file) => actor.send({ type: 'team.logo', file })}
            />
            <Text color="fg.muted" fontSize="sm">
              Pick a logo for your team. Recommended size is 256×256px.
            </Text>
          </Stack>
          <Stack gap="3" opacity={readOnly ? 0.5 : 1} align="flex-start">
            <Field.Root recipe={fieldSlotRecipe} disabled={!canEdit} maxW="sm">
              <Field.Label>Name</Field.Label>
              <Input
                recipe={inputRecipe}
                placeholder="Your Team Name"
                value={draft}
                onChange={(e) => actor.send({ type: 'team.edit', name: e.currentTarget.value })}
              />
              <Field.HelperText>Keep it simple</Field.HelperText>
            </Field.Root>
            <Button size="sm" disabled={!canSave} loading={saving} onClick={() => actor.send({ type: 'team.save' })}>
              Save
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
