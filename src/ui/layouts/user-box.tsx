import { Avatar, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { initialOf } from '../../domain/session-rules';
import { selectSettingsDialog, type GlobalDialogsActorRef } from '../../machines/global-dialogs/selectors';
import { selectUser } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';
import { useGlobalDialogs } from '../dialogs/global-dialogs';

/** Opens the settings dialog (the layout's dialogs own it) over the current screen. */
function SettingsLauncher({ dialogs }: { dialogs: GlobalDialogsActorRef }) {
  const settings = useSelector(dialogs, selectSettingsDialog);
  if (!settings) return null;
  return (
    <Button size="xs" variant="outline" colorPalette="gray" onClick={() => settings.send({ type: 'dialog.open' })}>
      Settings
    </Button>
  );
}

/** The signed-in user (name and avatar follow settings at once), settings and the way out. */
export function UserBox() {
  const session = SessionContext.useActorRef();
  const user = SessionContext.useSelector(selectUser);
  const dialogs = useGlobalDialogs();
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
        {dialogs && <SettingsLauncher dialogs={dialogs} />}
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
