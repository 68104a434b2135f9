import { Avatar, Box, Button, chakra, Menu, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { initialOf } from '../../domain/session-rules';
import { selectTeam, selectTeams } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';

/**
 * The team switcher (with each team's logo or first letter): choosing a team saves it and reloads.
 * In the navigation drawer (`portalled` false) its menu stays inside the drawer, whose focus trap
 * would otherwise keep the keyboard out of it.
 */
export function TeamMenu({ portalled = true }: { portalled?: boolean }) {
  const session = SessionContext.useActorRef();
  const teams = SessionContext.useSelector(selectTeams);
  const current = SessionContext.useSelector(selectTeam);

  return (
    <Stack gap="0.5">
      <Menu.Root onSelect={(details) => session.send({ type: 'team.switch', index: Number(details.value) })}>
        <Menu.Trigger asChild>
          <Button variant="ghost" colorPalette="gray" justifyContent="flex-start" width="full" px="2">
            {/* named by its visible text: "Switch team: <name>" (the avatar's letter is decoration) */}
            <VisuallyHidden>Switch team: </VisuallyHidden>
            <chakra.span aria-hidden display="contents">
              <Avatar.Root size="2xs" shape="full" data-testid="team-avatar">
                <Avatar.Fallback>{initialOf(current?.name ?? '')}</Avatar.Fallback>
                {current?.avatarUrl && <Avatar.Image src={current.avatarUrl} alt="" />}
              </Avatar.Root>
            </chakra.span>
            <Text truncate>{current?.name ?? 'No team'}</Text>
          </Button>
        </Menu.Trigger>
        <Portal disabled={!portalled}>
          <Menu.Positioner>
            <Menu.Content minW="200px">
              {teams.map((team, index) => (
                <Menu.Item
                  key={team.id}
                  value={String(index)}
                  aria-current={team.id === current?.id ? 'true' : undefined}
                >
                  <Avatar.Root size="2xs" shape="full">
                    <Avatar.Fallback>{initialOf(team.name)}</Avatar.Fallback>
                    {team.avatarUrl && <Avatar.Image src={team.avatarUrl} alt="" />}
                  </Avatar.Root>
                  <Box flex="1" fontWeight={team.id === current?.id ? 'bold' : undefined}>
                    {team.name}
                  </Box>
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {current && (
        <Text px="2" fontSize="xs" color="fg.muted" data-testid="team-caption">
          {current.timezone} · {current.role}
        </Text>
      )}
    </Stack>
  );
}
