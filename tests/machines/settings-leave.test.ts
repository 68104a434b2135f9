import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { Setting, SettingChange } from '../../src/api/services/settings';
import { selectAsking, selectHoldsDraft, type LeaveGuardActorRef } from '../../src/machines/leave-guard/selectors';
import { profileSettingsMachine } from '../../src/machines/profile-settings/profile-settings.machine';
import { settingsDialogMachine } from '../../src/machines/settings-dialog/settings-dialog.machine';
import { teamSettingsMachine } from '../../src/machines/team-settings/team-settings.machine';
import { ADMIN, KH, sessionSpy } from './settings-paths';

/**
 * Issue 24 point 6 in the settings dialog: a team name typed and not saved is not lost when the
 * dialog closes. The real dialog, Team page and leave guard, over faked calls.
 */
function dialog() {
  const { ref: session } = sessionSpy();
  const saved: string[] = [];
  const logic = settingsDialogMachine.provide({
    actors: {
      teamSettings: teamSettingsMachine.provide({
        actors: {
          getTeamSetting: fromPromise(async (): Promise<Setting | null> => ({ name: KH.name, avatarUrl: null })),
          updateTeamSetting: fromPromise(
            async ({ input }: { input: { teamId: string; change: SettingChange } }): Promise<Setting> => {
              const name = 'name' in input.change ? input.change.name : '';
              saved.push(name);
              return { name, avatarUrl: null };
            },
          ),
        },
      }),
      profileSettings: profileSettingsMachine.provide({
        actors: {
          getUserSetting: fromPromise(async (): Promise<Setting | null> => ({ name: ADMIN.name, avatarUrl: null })),
        },
      }),
      teamMembers: fromCallback(() => undefined) as never,
      channelKeys: fromCallback(() => undefined) as never,
    },
  });
  const actor = createActor(logic, {
    input: {
      userId: ADMIN.id,
      name: ADMIN.name,
      avatarUrl: null,
      teamId: KH.id,
      role: 'ADMIN',
      timezone: 'Asia/Phnom_Penh',
      origin: 'http://localhost',
      session,
    },
  });
  let closed = 0;
  actor.on('dialog.closed', () => void closed++);
  actor.start();
  const team = () => actor.getSnapshot().children.team as AnyActorRef;
  const guard = () => actor.getSnapshot().children.leaveGuard as LeaveGuardActorRef | undefined;
  const draft = () => (team().getSnapshot() as { context: { draft: string } }).context.draft;
  const open = async () => {
    actor.send({ type: 'dialog.open' });
    await waitFor(team(), (s) => s.matches({ ready: { editing: { name: 'unchanged' } } }));
  };
  return { actor, team, guard, draft, open, saved, closedCount: () => closed };
}

afterEach(() => vi.restoreAllMocks());

describe('the settings dialog with a typed team name', () => {
  it('closes at once while nothing typed is unsaved', async () => {
    const d = dialog();
    await d.open();
    expect(d.guard()?.getSnapshot().hasTag('unsaved')).toBe(false);
    d.actor.send({ type: 'dialog.close' });
    expect(d.actor.getSnapshot().matches('closed')).toBe(true);
    expect(d.closedCount()).toBe(1);
  });

  it('asks before closing; Stay keeps the draft and the dialog, Leave discards it and closes', async () => {
    const d = dialog();
    await d.open();
    d.team().send({ type: 'team.edit', name: 'Angkor Tours' });
    expect(selectHoldsDraft(d.guard()!.getSnapshot())).toBe(true);

    // Escape, the close button or the backdrop: the dialog asks instead of closing
    d.actor.send({ type: 'dialog.close' });
    expect(d.actor.getSnapshot().matches('open')).toBe(true);
    expect(selectAsking(d.guard()!.getSnapshot())).toBe(true);
    d.guard()!.send({ type: 'leave.stay' });
    expect(selectAsking(d.guard()!.getSnapshot())).toBe(false);
    expect(d.actor.getSnapshot().matches({ open: 'team' })).toBe(true);
    expect(d.draft()).toBe('Angkor Tours');
    expect(d.closedCount()).toBe(0);

    // from another page too (the Profile page commits its own name on the way out, as before)
    d.actor.send({ type: 'dialog.select', page: 'profile' });
    d.actor.send({ type: 'dialog.close' });
    expect(selectAsking(d.guard()!.getSnapshot())).toBe(true);
    d.guard()!.send({ type: 'leave.discard' });
    expect(d.actor.getSnapshot().matches('closed')).toBe(true);
    expect(d.closedCount()).toBe(1);
    expect(d.saved).toEqual([]);

    // opened again: the stored name, nothing held, a fresh question for the next draft
    await d.open();
    expect(d.draft()).toBe(KH.name);
    expect(selectHoldsDraft(d.guard()!.getSnapshot())).toBe(false);
    d.team().send({ type: 'team.edit', name: 'Siem Reap' });
    d.actor.send({ type: 'dialog.close' });
    expect(selectAsking(d.guard()!.getSnapshot())).toBe(true);
  });

  it('holds nothing once the typed name is saved, or typed back to the stored one', async () => {
    const d = dialog();
    await d.open();
    d.team().send({ type: 'team.edit', name: 'Angkor Tours' });
    d.team().send({ type: 'team.edit', name: KH.name });
    expect(selectHoldsDraft(d.guard()!.getSnapshot())).toBe(false);
    d.team().send({ type: 'team.edit', name: 'Angkor Tours' });
    d.team().send({ type: 'team.save' });
    await waitFor(d.team(), (s) => s.matches({ ready: { editing: { name: 'unchanged' } } }));
    expect(d.saved).toEqual(['Angkor Tours']);
    d.actor.send({ type: 'dialog.close' });
    expect(d.actor.getSnapshot().matches('closed')).toBe(true);
  });
});
