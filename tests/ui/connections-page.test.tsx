// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { ChannelKey, CreatedKey, KeyOutcome } from '../../src/api/services/channel-keys';
import type { Setting } from '../../src/api/services/settings';
import type { Role } from '../../src/domain/statuses';
import { CHANNEL_KEYS_TEXT } from '../../src/domain/channel-keys';
import { channelKeysMachine } from '../../src/machines/channel-keys/channel-keys.machine';
import { profileSettingsMachine } from '../../src/machines/profile-settings/profile-settings.machine';
import { settingsDialogMachine } from '../../src/machines/settings-dialog/settings-dialog.machine';
import { teamMembersMachine } from '../../src/machines/team-members/team-members.machine';
import { teamSettingsMachine } from '../../src/machines/team-settings/team-settings.machine';
import { SettingsDialog } from '../../src/ui/settings/settings-dialog';
import { system } from '../../src/ui/theme/system';
import { ADMIN, KH, sessionSpy } from '../machines/settings-paths';

/** The Connections page inside the settings dialog, over the production machines with faked services. */
const LIVE: ChannelKey = {
  id: 'k-live',
  channel: 'KLOOK',
  name: 'Klook live',
  prefix: 'tdk_AbCdEf',
  createdAt: '2026-11-26T03:00:00.000Z',
  createdBy: { id: ADMIN.id, name: ADMIN.name },
  lastUsedAt: null,
  revokedAt: null,
};
const OLD: ChannelKey = {
  ...LIVE,
  id: 'k-old',
  channel: 'VIATOR',
  name: 'Viator old',
  prefix: 'tdk_ZyXwVu',
  lastUsedAt: '2026-11-20T01:30:00.000Z',
  revokedAt: '2026-11-21T02:00:00.000Z',
};
const SECRET = 'tdk_KkDaYsEcReT0123456789abcdefghijklmnopqrstu';

function renderDialog(role: Role = 'ADMIN') {
  const { ref: session } = sessionSpy();
  const copy = vi.fn(async (_: { input: { secret: string } }): Promise<void> => undefined);
  const revoke = vi.fn(async (): Promise<KeyOutcome<ChannelKey>> => ({
    ok: true,
    data: { ...LIVE, revokedAt: '2026-11-28T00:00:00.000Z' },
  }));
  const setting = <I,>(name: string) => fromPromise<Setting | null, I>(async () => ({ name, avatarUrl: null }));
  const logic = settingsDialogMachine.provide({
    actors: {
      teamSettings: teamSettingsMachine.provide({ actors: { getTeamSetting: setting<{ teamId: string }>(KH.name) } }),
      profileSettings: profileSettingsMachine.provide({
        actors: { getUserSetting: setting<{ userId: string }>(ADMIN.name) },
      }),
      teamMembers: fromCallback(() => undefined) as unknown as typeof teamMembersMachine,
      channelKeys: channelKeysMachine.provide({
        actors: {
          loadChannelKeys: fromPromise(async () => [LIVE, OLD]),
          createChannelKey: fromPromise<
            KeyOutcome<CreatedKey>,
            { teamId: string; name: string; channel: ChannelKey['channel'] }
          >(async ({ input }) => ({
            ok: true,
            data: {
              key: { ...LIVE, id: 'k-new', name: input.name, channel: input.channel, prefix: SECRET.slice(0, 10) },
              secret: SECRET,
            },
          })),
          copyKeySecret: fromPromise(copy),
          revokeChannelKey: fromPromise(revoke),
        },
      }),
    },
  });
  const actor = createActor(logic, {
    input: {
      userId: ADMIN.id,
      name: ADMIN.name,
      avatarUrl: null,
      teamId: KH.id,
      role,
      timezone: 'Asia/Ho_Chi_Minh',
      origin: 'https://desk.example.com',
      session,
    },
  }).start();
  // under a data router, as in the app: the dialog's leave question holds navigations
  const router = createMemoryRouter([{ path: '*', element: <SettingsDialog actor={actor} email={ADMIN.email} /> }]);
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  actor.send({ type: 'dialog.open' });
  return { actor, copy, revoke };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Connections page', { timeout: 20_000 }, () => {
  it('is offered to an ADMIN only', async () => {
    for (const role of ['MEMBER', 'EDITOR'] as const) {
      const { actor } = renderDialog(role);
      const box = await screen.findByRole('dialog');
      expect(within(box).queryByRole('button', { name: 'Connections' })).toBeNull();
      actor.send({ type: 'dialog.select', page: 'connections' });
      expect(actor.getSnapshot().matches({ open: 'connections' })).toBe(false);
      cleanup();
    }
  });

  it('lists the keys in the team’s timezone, shows what a reseller needs, and shows a new key once', async () => {
    const { copy, revoke } = renderDialog();
    const box = await screen.findByRole('dialog');
    fireEvent.click(within(box).getByRole('button', { name: 'Connections' }));
    const table = await within(box).findByRole('table', { name: 'API keys' });
    const rows = within(table).getAllByTestId('key-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Klook live', 'Viator old']);
    // 03:00 UTC is 10:00 in Ho Chi Minh City
    expect(rows[0].textContent).toContain('Klook');
    expect(rows[0].textContent).toContain('tdk_AbCdEf…');
    expect(rows[0].textContent).toContain('26 Nov 2026 10:00');
    expect(rows[0].textContent).toContain(`by ${ADMIN.name}`);
    expect(within(rows[0]).getByTestId('key-last-used').textContent).toBe(CHANNEL_KEYS_TEXT.neverUsed);
    expect(within(rows[1]).getByTestId('key-last-used').textContent).toBe('20 Nov 2026 08:30');
    expect(within(rows[1]).getByTestId('key-revoked').textContent).toBe('Revoked');
    expect(within(rows[1]).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(within(box).getByTestId('octo-base-url').textContent).toBe('https://desk.example.com/octo');
    expect(within(box).getByTestId('octo-capabilities').textContent).toContain('octo/pricing');

    // a blank name is said on the field
    fireEvent.click(within(box).getByRole('button', { name: 'Create API key' }));
    expect(await within(box).findByText(CHANNEL_KEYS_TEXT.nameMissing)).toBeTruthy();
    fireEvent.change(within(box).getByLabelText('Name'), { target: { value: 'KKday live' } });
    fireEvent.change(within(box).getByLabelText('Channel'), { target: { value: 'KKDAY' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Create API key' }));
    const secretDialog = await screen.findByRole('dialog', { name: /API key for KKday/ });
    expect((within(secretDialog).getByLabelText('API key') as HTMLInputElement).value).toBe(SECRET);
    expect(within(secretDialog).getByText(CHANNEL_KEYS_TEXT.shownOnce)).toBeTruthy();
    fireEvent.click(within(secretDialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(copy).toHaveBeenCalledOnce());
    expect(copy.mock.calls[0][0].input).toEqual({ secret: SECRET });
    await within(secretDialog).findByText('Copied.');
    fireEvent.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
    expect(within(table).getAllByTestId('key-row')[0].textContent).toContain('KKday live');

    // revoking asks first
    fireEvent.click(within(box).getByRole('button', { name: 'Revoke Klook live' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Klook live?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledOnce());
    await waitFor(() =>
      expect(within(within(table).getAllByTestId('key-row')[1]).getByTestId('key-revoked')).toBeTruthy(),
    );
  });
});
