import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Setting, SettingChange } from '../../src/api/services/settings';
import type { Role } from '../../src/domain/statuses';
import type { NotifyEvent } from '../../src/machines/notify';
import { avatarUploadTo, type AvatarOwner } from '../../src/machines/avatar-upload/avatar-upload.machine';
import { profileSettingsMachine } from '../../src/machines/profile-settings/profile-settings.machine';
import { teamSettingsMachine } from '../../src/machines/team-settings/team-settings.machine';
import { ADMIN, FILES, KH, PNG_DATA_URL, sessionSpy } from './settings-paths';

/** What the settings machines say (toasts, SPEC section 8) and tell the session, per outcome. */
const boom = async (): Promise<never> => {
  throw new Error('boom');
};

function team(over: { load?: () => Promise<Setting | null>; update?: () => Promise<Setting>; role?: Role } = {}) {
  const { ref, received } = sessionSpy();
  const logic = teamSettingsMachine.provide({
    actors: {
      getTeamSetting: fromPromise(over.load ?? (async () => ({ name: KH.name, avatarUrl: null }))),
      updateTeamSetting: fromPromise(over.update ?? boom),
      avatarUpload: uploadWith(over.update ?? boom),
    },
  });
  const actor = createActor(logic, { input: { teamId: KH.id, role: over.role ?? 'ADMIN', session: ref } });
  const toasts: NotifyEvent[] = [];
  actor.on('notify', (e) => toasts.push(e));
  actor.start();
  return { actor, toasts, received };
}

afterEach(() => vi.restoreAllMocks());

/** The upload child saving through `update` (called with the owner's id and the data URL). */
const uploadWith = (update: (args: { input: AvatarOwner & { change: SettingChange } }) => Promise<Setting>) =>
  avatarUploadTo(fromPromise(update)).provide({ actors: { readDataUrl: fromPromise(async () => PNG_DATA_URL) } });

describe('team settings', () => {
  it('a failed fetch says "Failed to fetch team data"', async () => {
    for (const load of [async () => null, boom]) {
      const { actor, toasts } = team({ load });
      actor.send({ type: 'team.load' });
      await waitFor(actor, (s) => s.matches('failed'));
      expect(toasts).toEqual([{ type: 'notify', kind: 'error', message: 'Failed to fetch team data' }]);
    }
  });

  it('saves a new trimmed name, updates the stored name and the session', async () => {
    const update = vi.fn(async () => ({ name: 'Angkor', avatarUrl: null }));
    const { actor, toasts, received } = team({ update });
    actor.send({ type: 'team.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'team.save' })).toBe(false);
    actor.send({ type: 'team.edit', name: '  ' });
    expect(actor.getSnapshot().can({ type: 'team.save' })).toBe(false);
    actor.send({ type: 'team.edit', name: ` ${KH.name} ` });
    expect(actor.getSnapshot().can({ type: 'team.save' })).toBe(false);
    actor.send({ type: 'team.edit', name: ' Angkor ' });
    actor.send({ type: 'team.save' });
    await waitFor(actor, (s) => s.matches({ ready: { editing: { name: 'unchanged' } } }));
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({ input: { teamId: KH.id, change: { name: 'Angkor' } } }),
    );
    expect(actor.getSnapshot().context).toMatchObject({ name: 'Angkor', draft: 'Angkor' });
    expect(toasts).toEqual([{ type: 'notify', kind: 'success', message: 'Team name updated successfully' }]);
    expect(received).toEqual([{ type: 'team.patched', teamId: KH.id, name: 'Angkor' }]);
  });

  it('a failed name save says so and keeps the edit', async () => {
    const { actor, toasts, received } = team();
    actor.send({ type: 'team.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'team.edit', name: 'Angkor' });
    actor.send({ type: 'team.save' });
    await waitFor(actor, (s) => s.matches({ ready: { editing: { name: 'edited' } } }));
    expect(toasts.map((t) => t.message)).toEqual(['Failed to update team name']);
    expect(received).toEqual([]);
  });

  it('uploads a logo; refuses a large file with the exact message and sends nothing', async () => {
    const update = vi.fn(async () => ({ name: KH.name, avatarUrl: PNG_DATA_URL }));
    const { actor, toasts, received } = team({ update });
    actor.send({ type: 'team.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'team.logo', file: FILES.large() });
    expect(toasts.at(-1)).toEqual({
      type: 'notify',
      kind: 'error',
      message: 'File size exceeds 500 KB. Please upload a smaller file.',
    });
    expect(update).not.toHaveBeenCalled();
    actor.send({ type: 'team.logo', file: FILES.png() });
    await waitFor(actor, (s) => s.context.avatarUrl === PNG_DATA_URL);
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({ input: { teamId: KH.id, change: { avatar: PNG_DATA_URL } } }),
    );
    expect(toasts.at(-1)?.message).toBe('Team logo updated successfully');
    expect(received).toEqual([{ type: 'team.patched', teamId: KH.id, avatarUrl: PNG_DATA_URL }]);
  });

  it('a failed logo save says "Failed to update team logo" (and logs why)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, toasts } = team();
    actor.send({ type: 'team.load' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'team.logo', file: FILES.png() });
    await waitFor(actor, () => toasts.length > 0);
    expect(toasts.map((t) => t.message)).toEqual(['Failed to update team logo']);
    expect(log).toHaveBeenCalledWith('[settings] avatar upload failed', expect.any(Error));
    expect(actor.getSnapshot().matches({ ready: { editing: { logo: 'idle' } } })).toBe(true);
  });

  it.each(['EDITOR', 'MEMBER'] as const)('a non-admin (%s) can change nothing', async (role) => {
    const { actor } = team({ role });
    actor.send({ type: 'team.load' });
    await waitFor(actor, (s) => s.matches({ ready: 'readOnly' }));
    const s = actor.getSnapshot();
    for (const event of [
      { type: 'team.edit', name: 'x' },
      { type: 'team.save' },
      { type: 'team.logo', file: FILES.png() },
    ] as const) {
      expect(s.can(event)).toBe(false);
    }
  });
});

describe('profile settings', () => {
  function profile(update: () => Promise<Setting>) {
    const { ref, received } = sessionSpy();
    const logic = profileSettingsMachine.provide({
      actors: {
        getUserSetting: fromPromise(async (): Promise<Setting | null> => null),
        updateUserSetting: fromPromise(update),
        avatarUpload: uploadWith(update),
      },
    });
    const actor = createActor(logic, {
      input: { userId: ADMIN.id, name: ADMIN.name, avatarUrl: null, session: ref },
    });
    const toasts: NotifyEvent[] = [];
    actor.on('notify', (e) => toasts.push(e));
    actor.start();
    actor.send({ type: 'profile.load' });
    return { actor, toasts, received };
  }

  it('commits only a new, non-empty name; then the session knows it', async () => {
    const update = vi.fn(async () => ({ name: 'Alex A.', avatarUrl: null }));
    const { actor, received } = profile(update);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'profile.edit', name: ' ' });
    actor.send({ type: 'profile.commit' });
    actor.send({ type: 'profile.edit', name: ADMIN.name });
    actor.send({ type: 'profile.commit' });
    expect(update).not.toHaveBeenCalled();
    actor.send({ type: 'profile.edit', name: 'Alex A.' });
    actor.send({ type: 'profile.commit' });
    await waitFor(actor, () => received.length > 0);
    expect(received).toEqual([{ type: 'user.patched', name: 'Alex A.' }]);
  });

  it('a failed name save says "Failed to update profile name"; a failed avatar save is logged only', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, toasts } = profile(boom);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'profile.edit', name: 'Alex A.' });
    actor.send({ type: 'profile.commit' });
    await waitFor(actor, (s) => s.matches({ ready: { name: 'idle' } }) && toasts.length > 0);
    actor.send({ type: 'profile.avatar', file: FILES.png() });
    await waitFor(actor, () => log.mock.calls.length > 0);
    expect(toasts.map((t) => t.message)).toEqual(['Failed to update profile name']);
  });

  it('a new avatar: "AvatarUrl updated successfully" and the session knows it', async () => {
    const { actor, toasts, received } = profile(async () => ({ name: ADMIN.name, avatarUrl: PNG_DATA_URL }));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'profile.avatar', file: FILES.gif() });
    expect(toasts.at(-1)?.message).toBe('Only JPG, JPEG and PNG images can be uploaded.');
    actor.send({ type: 'profile.avatar', file: FILES.png() });
    await waitFor(actor, () => received.length > 0);
    expect(toasts.at(-1)?.message).toBe('AvatarUrl updated successfully');
    expect(received).toEqual([{ type: 'user.patched', avatarUrl: PNG_DATA_URL }]);
  });
});
