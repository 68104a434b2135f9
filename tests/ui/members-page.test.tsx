// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Invitation, MembersPage as Page, Outcome, TeamMember } from '../../src/api/services/members';
import { LAST_ADMIN_MESSAGE } from '../../src/domain/members';
import type { Role } from '../../src/domain/statuses';
import { teamMembersMachine } from '../../src/machines/team-members/team-members.machine';
import { MembersPage } from '../../src/ui/settings/members-page';
import { system } from '../../src/ui/theme/system';
import { sessionSpy } from '../machines/settings-paths';

/** The Members page's view over the production machine with faked services. */
const member = (id: string, name: string, role: Role): TeamMember => ({
  user: { id, name, email: `${id}@example.com`, avatarUrl: null },
  role,
});
const MEMBERS = [member('u-alex', 'Alex Admin', 'ADMIN'), member('u-minh', 'Minh Member', 'MEMBER')];
const INVITATION: Invitation = {
  id: 'inv-1',
  email: 'casey@example.com',
  role: 'EDITOR',
  invitedBy: { id: 'u-alex', name: 'Alex Admin' },
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-12-03T10:00:00.000Z',
};
const PAGE: Page = {
  members: MEMBERS,
  invitations: [INVITATION],
  events: [
    {
      id: 'e1',
      type: 'INVITED',
      actor: { id: 'u-alex', name: 'Alex Admin' },
      email: 'casey@example.com',
      toRole: 'EDITOR',
      timestamp: '2026-11-26T10:00:00.000Z',
    },
  ],
};

function renderPage(role: Role, services: Record<string, (input: never) => Promise<unknown>> = {}) {
  const load = vi.fn(async (_: { input: { invitations: boolean; history: boolean } }) => PAGE);
  const logic = teamMembersMachine.provide({
    actors: {
      loadMembersPage: fromPromise(load),
      ...Object.fromEntries(
        Object.entries(services).map(([k, f]) => [k, fromPromise(({ input }) => f(input as never))]),
      ),
    },
  } as never);
  const actor = createActor(logic, {
    input: { teamId: 'team-kh', userId: 'u-alex', role, session: sessionSpy().ref },
  }).start();
  render(
    <ChakraProvider value={system}>
      <MembersPage actor={actor} />
    </ChakraProvider>,
  );
  return { actor, load };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Members page', { timeout: 20_000 }, () => {
  it('for an ADMIN: role selects, Remove (not for oneself), the invite form, pending invitations, history', async () => {
    const { load } = renderPage('ADMIN');
    const rows = await screen.findAllByTestId('member-row');
    expect(load.mock.calls[0][0].input).toMatchObject({ invitations: true, history: true });
    const select = within(rows[1]).getByRole('combobox', { name: 'Role of Minh Member' }) as HTMLSelectElement;
    expect(select.value).toBe('MEMBER');
    expect(within(rows[1]).getByRole('button', { name: 'Remove Minh Member' })).toBeTruthy();
    expect(within(rows[0]).queryByRole('button', { name: 'Remove Alex Admin' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Invite a colleague' })).toBeTruthy();
    const invitation = screen.getByTestId('invitation-row');
    expect(within(invitation).getByText('casey@example.com')).toBeTruthy();
    expect(within(invitation).getByRole('button', { name: 'Revoke the invitation of casey@example.com' })).toBeTruthy();
    expect(screen.getByTestId('history-row').textContent).toContain('Alex Admin invited casey@example.com as Editor');
  });

  it('for a MEMBER: the list read-only, nothing else asked for', async () => {
    const { load } = renderPage('MEMBER');
    const rows = await screen.findAllByTestId('member-row');
    expect(load.mock.calls[0][0].input).toMatchObject({ invitations: false, history: false });
    expect(within(rows[1]).getByText('MEMBER')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite a colleague' })).toBeNull();
    expect(screen.queryByText('Pending invitations')).toBeNull();
    expect(screen.queryByText('History')).toBeNull();
  });

  it('shows an invalid address on the field and the server’s refusal there too, keeping what was typed', async () => {
    const invite = vi.fn(async (): Promise<Outcome<Invitation>> => ({
      ok: false,
      refusal: 'minh@example.com is already a member of this team',
    }));
    renderPage('ADMIN', { inviteMember: invite });
    const email = (await screen.findByLabelText('E-mail address')) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'minh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid e-mail address, like name@example.com.')).toBeTruthy();
    expect(invite).not.toHaveBeenCalled();
    fireEvent.change(email, { target: { value: 'minh@example.com' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'EDITOR' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('minh@example.com is already a member of this team')).toBeTruthy();
    expect(invite).toHaveBeenCalledWith({ teamId: 'team-kh', email: 'minh@example.com', role: 'EDITOR' });
    expect(email.value).toBe('minh@example.com');
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before removing, naming the person; the last admin’s refusal is shown and the role stays', async () => {
    const remove = vi.fn(async (): Promise<Outcome<unknown>> => ({ ok: true, data: null }));
    const changeRole = vi.fn(async (): Promise<Outcome<TeamMember>> => ({ ok: false, refusal: LAST_ADMIN_MESSAGE }));
    renderPage('ADMIN', { removeMember: remove, updateMemberRole: changeRole });
    const rows = await screen.findAllByTestId('member-row');
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Remove Minh Member' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Minh Member?' });
    expect(within(confirm).getByText(/u-minh@example.com/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();

    const mine = within(rows[0]).getByRole('combobox', { name: 'Role of Alex Admin' }) as HTMLSelectElement;
    fireEvent.change(mine, { target: { value: 'MEMBER' } });
    expect((await screen.findByTestId('members-refusal')).textContent).toContain(LAST_ADMIN_MESSAGE);
    await waitFor(() => expect(mine.value).toBe('ADMIN'));

    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Remove Minh Member' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ teamId: 'team-kh', userId: 'u-minh' }));
  });
});
