import { Avatar, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { selectUser } from '../../machines/session.selectors';
import { SessionContext } from '../app/actors';

/** The signed-in user and the way out. */
export function UserBox() {
  const session = SessionContext.useActorRef();
  const user = SessionContext.useSelector(selectUser);
  if (!user) return null;
  return (
    <Stack gap="2">
      <HStack gap="2">
        <Avatar.Root size="xs">
          <Avatar.Fallback name={user.name} />
          {user.avatarUrl && <Avatar.Image src={user.avatarUrl} />}
        </Avatar.Root>
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" truncate>
            {user.name}
          </Text>
          <Text color="fg.muted" fontSize="xs" truncate>
            {user.email}
          </Text>
        </Stack>
      </HStack>
      <Button size="xs" variant="outline" colorPalette="gray" onClick={() => session.send({ type: 'session.logout' })}>
        Logout
      </Button>
    </Stack>
  );
}
