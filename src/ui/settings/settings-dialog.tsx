import { Box, Button, Dialog, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SettingsPage, settingsDialogMachine } from '../../machines/settings-dialog/settings-dialog.machine';
import { useNotifications } from '../app/notifications';
import { selectDrafts, selectSwitchDrafts } from '../../machines/settings-dialog/selectors';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { LeaveQuestion } from '../dialogs/leave-question';
import { ConnectionsPage } from './connections-page';
import { leaveText } from './leave-text';
import { MembersPage } from './members-page';
import { ProfilePage, type ProfileSettingsRef } from './profile-page';
import { TeamPage, type TeamSettingsRef } from './team-page';

export type SettingsDialogRef = ActorRefFrom<typeof settingsDialogMachine>;
type Snap = SnapshotFrom<typeof settingsDialogMachine>;

const GROUPS: { label: string; items: { page: SettingsPage; label: string }[] }[] = [
  {
    label: 'Team',
    items: [
      { page: 'team', label: 'General' },
      { page: 'member', label: 'Members' },
      { page: 'connections', label: 'Connections' },
    ],
  },
  { label: 'Account', items: [{ page: 'profile', label: 'Profile' }] },
];

const selectPage = (s: Snap): SettingsPage | null =>
  s.matches({ open: 'profile' })
    ? 'profile'
    : s.matches({ open: 'member' })
      ? 'member'
      : s.matches({ open: 'connections' })
        ? 'connections'
        : s.matches('open')
          ? 'team'
          : null;

/** Toasts of the page actors: they outlive the pages, so a save finishing after closing still shows. */
function PageNotifications({ team, profile }: { team: TeamSettingsRef; profile: ProfileSettingsRef }) {
  useNotifications(team);
  useNotifications(profile);
  return null;
}

/**
 * The settings dialog: modal, 1000px wide, no close button (Escape and the overlay close it);
 * the sidebar shows the user's e-mail and the pages; the pane shows the current page.
 */
export function SettingsDialog({ actor, email }: { actor: SettingsDialogRef; email: string }) {
  const page = useSelector(actor, selectPage);
  const team = useSelector(actor, (s) => s.children.team);
  const profile = useSelector(actor, (s) => s.children.profile);
  const members = useSelector(actor, (s) => s.children.members);
  const connections = useSelector(actor, (s) => s.children.connections);
  // one guard per opening: a draft not saved (on any page) asks before the dialog closes
  const leaveGuard = useSelector(actor, (s) => s.children.leaveGuard);
  const drafts = useSelector(actor, selectDrafts);
  // going to another page from Members or Connections with a draft there asks too
  const switchDrafts = useSelector(actor, selectSwitchDrafts);
  // the pages the role may open (Connections: ADMIN)
  const pages = useSelector(actor, (s) => s.context.pages);

  return (
    <>
      {team && profile && <PageNotifications team={team} profile={profile} />}
      <Dialog.Root
        recipe={dialogSlotRecipe}
        open={page !== null}
        onOpenChange={(details) => {
          if (!details.open) actor.send({ type: 'dialog.close' });
        }}
        closeOnEscape
        closeOnInteractOutside
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content width="1000px" maxWidth="calc(100vw - 2rem)" minHeight="560px" overflow="hidden">
              <Dialog.Title srOnly>Settings</Dialog.Title>
              {/* on a phone the pages' list sits above the page */}
              <Flex flex="1" minH="560px" direction={{ base: 'column', md: 'row' }}>
                <Stack
                  as="nav"
                  aria-label="Settings"
                  width={{ base: 'auto', md: '220px' }}
                  flexShrink={0}
                  gap="4"
                  p="4"
                  bg="bg.muted"
                >
                  <Text fontSize="sm" color="fg.muted" truncate data-testid="settings-email">
                    {email}
                  </Text>
                  {GROUPS.map((group) => (
                    <Stack key={group.label} gap="1">
                      <Text fontSize="xs" fontWeight="bold" color="fg.muted" textTransform="uppercase">
                        {group.label}
                      </Text>
                      {group.items
                        .filter((item) => pages.includes(item.page))
                        .map((item) => (
                          <Button
                            key={item.page}
                            size="sm"
                            variant={page === item.page ? 'subtle' : 'ghost'}
                            justifyContent="flex-start"
                            aria-current={page === item.page ? 'page' : undefined}
                            onClick={() => actor.send({ type: 'dialog.select', page: item.page })}
                          >
                            {item.label}
                          </Button>
                        ))}
                    </Stack>
                  ))}
                </Stack>
                <Box flex="1" minW="0" p="6" overflowY="auto">
                  {page === 'team' && team && <TeamPage actor={team} />}
                  {page === 'member' && <MembersPage actor={members} />}
                  {page === 'connections' && <ConnectionsPage actor={connections} />}
                  {page === 'profile' && profile && <ProfilePage actor={profile} />}
                </Box>
              </Flex>
              {leaveGuard && <LeaveQuestion guard={leaveGuard} what="The team name" message={leaveText(drafts)} />}
              {switchDrafts && (
                <ConfirmDialog
                  testId="switch-question"
                  title="Leave without saving?"
                  confirmLabel="Leave and discard"
                  cancelLabel="Stay"
                  onConfirm={() => actor.send({ type: 'switch.discard' })}
                  onCancel={() => actor.send({ type: 'switch.stay' })}
                >
                  {leaveText(switchDrafts)}
                </ConfirmDialog>
              )}
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
