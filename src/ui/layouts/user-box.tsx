import { Avatar, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { SessionUser, TeamSummary } from '../../domain/session-rules';
import { initialOf } from '../../domain/session-rules';
import { selectTeam, selectUser, type SessionActorRef } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { SettingsDialog } from '../settings/settings-dialog';
import { useSettingsDialog } from '../settings/use-settings-dialog';

/** Opens the settings dialog over the current screen. */
function SettingsLauncher({ session, user, team }: { session: SessionActorRef; user: SessionUser; team: TeamSummary }) {
  const dialog = useSettingsDialog(session, user, team);
  return (
    <>
      <Button size="xs" variant="outline" colorPalette="gray" onClick={() => dialog.send({ type: 'dialog.open' })}>
        Settings
      </Button>
      <SettingsDialog actor={dialog} email={user.email} />
    </>
  );
}

/** The signed-in user (name and avatar follow settings at once), settings and the way out. */
export function UserBox() {
  const session = SessionContext.useActorRef();
  const user = SessionContext.useSelector(selectUser);
  const team = SessionContext.useSelector(selectTeam);
  if (!user) return null;
  return (
    <Stack gap="2">
      <HStack gap="2" data-testid="user-box">
        <Avatar.Root size="xs" shape="full">
          <Avatar.Fallback>{initialOf(user.name)}</Avatar.Fallback>
          {user.avatarUrl && <Avatar.Image src={user.avatarUrl} alt="" />}
        </Avatar.Root>
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" truncate data-testid="user-name">
            {user.name}
          </Text>
          <Text color="fg.muted" fontSize="xs" truncate>
            {user.email}
          </Text>
        </Stack>
      </HStack>
      <HStack gap="2">
        {team && <SettingsLauncher session={session} user={user} team={team} />}
        <Button
          size="xs"
          variant="outline"
          colorPalette="gray"
          onClick={() => session.send({ type: 'session.logout' })}
        >
          Logout
        </Button>
      </HStack>
    </Stack>
  );
}
