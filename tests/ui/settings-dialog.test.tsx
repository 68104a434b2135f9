// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createActor, fromPromise } from 'xstate';
import type { Setting, TeamMember } from '../../src/api/services/settings';
import type { MembersPage } from '../../src/api/services/members';
import type { Role } from '../../src/domain/statuses';
import { settingsDialogMachine } from '../../src/machines/settings-dialog/settings-dialog.machine';
import { profileSettingsMachine } from '../../src/machines/profile-settings/profile-settings.machine';
import { teamMembersMachine } from '../../src/machines/team-members/team-members.machine';
import { teamSettingsMachine } from '../../src/machines/team-settings/team-settings.machine';
import { leaveText } from '../../src/ui/settings/leave-text';
import { SettingsDialog } from '../../src/ui/settings/settings-dialog';
import { system } from '../../src/ui/theme/system';
import { ADMIN, FILES, KH, sessionSpy } from '../machines/settings-paths';

/** The dialog's views over the production machines with faked services. */
const BASE_INPUT = {
  userId: ADMIN.id,
  name: ADMIN.name,
  avatarUrl: null,
  teamId: KH.id,
  timezone: 'Asia/Phnom_Penh',
  origin: 'http://localhost',
};
const members: TeamMember[] = [
  { user: { id: ADMIN.id, name: ADMIN.name, email: ADMIN.email, avatarUrl: null }, role: 'ADMIN' },
  { user: { id: 'u2', name: 'minh Member', email: 'member@tourdesk.test', avatarUrl: null }, role: 'MEMBER' },
];

function renderDialog(
  role: Role = 'ADMIN',
  updateTeam = vi.fn(async (): Promise<Setting> => ({ name: 'x', avatarUrl: null })),
) {
  const { ref: session, received } = sessionSpy();
  const logic = settingsDialogMachine.provide({
    actors: {
      teamSettings: teamSettingsMachine.provide({
        actors: {
          getTeamSetting: fromPromise(async (): Promise<Setting | null> => ({ name: KH.name, avatarUrl: null })),
          updateTeamSetting: fromPromise(updateTeam),
        },
      }),
      profileSettings: profileSettingsMachine.provide({
        actors: {
          getUserSetting: fromPromise(async (): Promise<Setting | null> => ({ name: ADMIN.name, avatarUrl: null })),
        },
      }),
      teamMembers: teamMembersMachine.provide({
        actors: {
          loadMembersPage: fromPromise(async (): Promise<MembersPage> => ({ members, invitations: [], events: [] })),
        },
      }),
    },
  });
  const actor = createActor(logic, {
    input: { ...BASE_INPUT, role, session },
  }).start();
  // under a data router, as in the app: the dialog's leave question holds navigations
  const router = createMemoryRouter([{ path: '*', element: <SettingsDialog actor={actor} email={ADMIN.email} /> }]);
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return { actor, received, updateTeam };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// the first render of Chakra's dialog in jsdom is slow on a busy machine
describe('settings dialog view', { timeout: 20_000 }, () => {
  it('shows the e-mail, the groups and the Team page; Save follows the machine', async () => {
    const { actor, received, updateTeam } = renderDialog();
    actor.send({ type: 'dialog.open' });
    const box = await screen.findByRole('dialog');
    expect(within(box).getByText(ADMIN.email)).toBeTruthy();
    expect(within(box).queryByRole('button', { name: /close/i })).toBeNull();
    for (const label of ['General', 'Members', 'Profile'])
      expect(within(box).getByRole('button', { name: label })).toBeTruthy();
    expect(within(box).getByRole('heading', { name: 'Team' })).toBeTruthy();
    const input = (await within(box).findByPlaceholderText('Your Team Name')) as HTMLInputElement;
    expect(input.value).toBe(KH.name);
    expect(within(box).getByText('Keep it simple')).toBeTruthy();
    expect(within(box).getByText('Pick a logo for your team. Recommended size is 256×256px.')).toBeTruthy();
    const save = within(box).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Angkor Trips' } });
    expect(save.disabled).toBe(false);
    updateTeam.mockResolvedValueOnce({ name: 'Angkor Trips', avatarUrl: null });
    fireEvent.click(save);
    await waitFor(() => expect(received).toContainEqual({ type: 'team.patched', teamId: KH.id, name: 'Angkor Trips' }));
    expect(save.disabled).toBe(true);
    expect(within(box).getByRole('button', { name: 'Edit logo' })).toBeTruthy();
    expect((within(box).getByTestId('logo-file') as HTMLInputElement).accept).toBe('.jpg,.jpeg,.png');
  });

  it('asks before closing over a typed team name: Stay keeps it, Leave and discard closes', async () => {
    const { actor } = renderDialog();
    actor.send({ type: 'dialog.open' });
    const box = await screen.findByRole('dialog', { name: 'Settings' });
    const input = (await within(box).findByPlaceholderText('Your Team Name')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Angkor Trips' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(question.textContent).toContain('The team name has changes that are not saved.');
    fireEvent.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    expect(input.value).toBe('Angkor Trips');

    actor.send({ type: 'dialog.close' });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave and discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull());
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('an invitation typed on Members asks before closing and before another page, naming it', async () => {
    const { actor } = renderDialog();
    actor.send({ type: 'dialog.open' });
    const box = await screen.findByRole('dialog', { name: 'Settings' });
    fireEvent.click(within(box).getByRole('button', { name: 'Members' }));
    const email = (await within(box).findByPlaceholderText('name@example.com')) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'linh.nguyen@example.com' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(question.textContent).toContain('The invitation has changes that are not saved.');
    fireEvent.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(within(box).getByRole('button', { name: 'General' }));
    const onTheWay = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(onTheWay.textContent).toContain('The invitation has changes that are not saved.');
    fireEvent.click(within(onTheWay).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(email.value).toBe('linh.nguyen@example.com');
    expect(actor.getSnapshot().matches({ open: 'member' })).toBe(true);
  });

  it('for a non-admin: the name disabled and no Edit overlay', async () => {
    const { actor } = renderDialog('MEMBER');
    actor.send({ type: 'dialog.open' });
    const input = (await screen.findByPlaceholderText('Your Team Name')) as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Edit logo' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the members with first letter, name, e-mail and role (read-only for a MEMBER)', async () => {
    const { actor } = renderDialog('MEMBER');
    actor.send({ type: 'dialog.open' });
    fireEvent.click(await screen.findByRole('button', { name: 'Members' }));
    expect(screen.getByText('Manage members')).toBeTruthy();
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByText('M')).toBeTruthy();
    expect(within(rows[1]).getByText('member@tourdesk.test')).toBeTruthy();
    expect(within(rows[1]).getByText('MEMBER')).toBeTruthy();
  });

  it('Profile: Preferred Name, saved when the page is left', async () => {
    const save = vi.fn(async (): Promise<Setting> => ({ name: 'Alex A.', avatarUrl: null }));
    const { ref: session, received } = sessionSpy();
    const logic = settingsDialogMachine.provide({
      actors: {
        teamSettings: teamSettingsMachine.provide({
          actors: { getTeamSetting: fromPromise(async (): Promise<Setting | null> => null) },
        }),
        profileSettings: profileSettingsMachine.provide({
          actors: {
            getUserSetting: fromPromise(async (): Promise<Setting | null> => null),
            updateUserSetting: fromPromise(save),
          },
        }),
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const actor = createActor(logic, {
      input: { ...BASE_INPUT, role: 'ADMIN', session },
    }).start();
    const router = createMemoryRouter([{ path: '*', element: <SettingsDialog actor={actor} email={ADMIN.email} /> }]);
    render(
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>,
    );
    actor.send({ type: 'dialog.open' });
    fireEvent.click(await screen.findByRole('button', { name: 'Profile' }));
    const input = (await screen.findByPlaceholderText('Your Name')) as HTMLInputElement;
    expect(screen.getByText('Preferred Name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit avatar' })).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Alex A.' } });
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [FILES.large()] } });
    fireEvent.click(screen.getByRole('button', { name: 'General' }));
    await waitFor(() => expect(received).toContainEqual({ type: 'user.patched', name: 'Alex A.' }));
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('the leave question’s words for the settings drafts', () => {
  it('names what is typed, and says apart a new key’s secret that cannot be shown again', () => {
    expect(leaveText(['team'])).toBe(
      'The team name has changes that are not saved. Stay to keep editing, or leave and lose them.',
    );
    expect(leaveText(['invite', 'team'])).toBe(
      'The team name and the invitation have changes that are not saved. Stay to keep editing, or leave and lose them.',
    );
    expect(leaveText(['secret'])).toBe(
      'The API key just created has not been copied, and it cannot be shown again. Stay to copy it, or leave and lose it.',
    );
    expect(leaveText(['key', 'secret'])).toBe(
      'The new API key’s name has changes that are not saved, and the API key just created (it cannot be shown ' +
        'again) has not been copied. Stay to keep them, or leave and lose them.',
    );
  });
});
