import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom, type AnyActorRef, type InputFrom } from 'xstate';
import {
  createChannelKey,
  type ChannelKey,
  type CreatedKey,
  type KeyOutcome,
} from '../../src/api/services/channel-keys';
import { inviteMember, type Invitation, type MembersPage, type Outcome } from '../../src/api/services/members';
import { channelKeysMachine } from '../../src/machines/channel-keys/channel-keys.machine';
import { selectSwitchDrafts } from '../../src/machines/settings-dialog/selectors';
import { teamMembersMachine } from '../../src/machines/team-members/team-members.machine';
import type { Setting, SettingChange } from '../../src/api/services/settings';
import { selectAsking, selectHoldsDraft, type LeaveGuardActorRef } from '../../src/machines/leave-guard/selectors';
import { profileSettingsMachine } from '../../src/machines/profile-settings/profile-settings.machine';
import {
  settingsDialogMachine,
  type SettingsDialogClosed,
  type SettingsDialogInput,
} from '../../src/machines/settings-dialog/settings-dialog.machine';
import { teamSettingsMachine } from '../../src/machines/team-settings/team-settings.machine';
import { PATHS } from '../../src/domain/paths';
import { ADMIN, KH, sessionSpy } from './settings-paths';

/**
 * Issue 24 point 6 in the settings dialog: a team name typed and not saved, an invitation typed
 * and not sent, a new key's name typed and not created, a new key's secret not copied: none is
 * lost when the dialog closes, nor (for the Members and Connections pages, which stop when left)
 * on the way to another page. The real dialog, pages and leave guard, over faked calls.
 */
const MEMBERS_PAGE: MembersPage = {
  members: [{ user: { id: ADMIN.id, name: ADMIN.name, email: ADMIN.email, avatarUrl: null }, role: 'ADMIN' }],
  invitations: [],
  events: [],
};
const INVITATION: Invitation = {
  id: 'inv-1',
  email: '',
  role: 'MEMBER',
  invitedBy: { id: ADMIN.id, name: ADMIN.name },
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-12-03T10:00:00.000Z',
};
const NEW_KEY: ChannelKey = {
  id: 'k-new',
  name: '',
  channel: 'KLOOK',
  prefix: 'tdk_AbCdEf',
  createdAt: '2026-11-26T03:00:00.000Z',
  createdBy: { id: ADMIN.id, name: ADMIN.name },
  lastUsedAt: null,
  revokedAt: null,
};
const SECRET = 'tdk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd';
function dialog(closesTo?: SettingsDialogInput['closesTo']) {
  const { ref: session } = sessionSpy();
  const saved: string[] = [];
  const invited: string[] = [];
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
      teamMembers: teamMembersMachine.provide({
        actors: {
          loadMembersPage: fromPromise(async () => MEMBERS_PAGE),
          inviteMember: fromPromise(
            async ({ input }: { input: InputFrom<typeof inviteMember> }): Promise<Outcome<Invitation>> => {
              invited.push(input.email);
              return { ok: true, data: { ...INVITATION, email: input.email } };
            },
          ),
        },
      }),
      channelKeys: channelKeysMachine.provide({
        actors: {
          loadChannelKeys: fromPromise(async (): Promise<ChannelKey[]> => []),
          createChannelKey: fromPromise(
            async ({ input }: { input: InputFrom<typeof createChannelKey> }): Promise<KeyOutcome<CreatedKey>> => ({
              ok: true,
              data: { key: { ...NEW_KEY, name: input.name }, secret: SECRET },
            }),
          ),
          copyKeySecret: fromPromise(async (): Promise<void> => undefined),
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
      role: 'ADMIN',
      timezone: 'Asia/Phnom_Penh',
      origin: 'http://localhost',
      session,
      closesTo,
    },
  });
  let closed = 0;
  const closings: SettingsDialogClosed['to'][] = [];
  actor.on('dialog.closed', ({ to }) => {
    closed++;
    closings.push(to);
  });
  actor.start();
  const team = () => actor.getSnapshot().children.team as AnyActorRef;
  const guard = () => actor.getSnapshot().children.leaveGuard as LeaveGuardActorRef | undefined;
  const draft = () => (team().getSnapshot() as { context: { draft: string } }).context.draft;
  const open = async () => {
    actor.send({ type: 'dialog.open' });
    await waitFor(team(), (s) => s.matches({ ready: { editing: { name: 'unchanged' } } }));
  };
  const members = () => actor.getSnapshot().children.members as ActorRefFrom<typeof teamMembersMachine>;
  const connections = () => actor.getSnapshot().children.connections as ActorRefFrom<typeof channelKeysMachine>;
  /** Opens the dialog on a page, once that page has loaded. */
  const openOn = async (page: 'member' | 'connections') => {
    await open();
    actor.send({ type: 'dialog.select', page });
    if (page === 'member') await waitFor(members(), (s) => s.matches({ list: 'idle' }));
    else await waitFor(connections(), (s) => s.matches({ ready: 'idle' }));
  };
  const drafts = () => [...actor.getSnapshot().context.drafts].sort();
  return {
    actor,
    team,
    guard,
    draft,
    open,
    openOn,
    members,
    connections,
    drafts,
    saved,
    invited,
    closedCount: () => closed,
    /** Per closing: whether the router's own navigation closed it (the /setting route then stays put). */
    closings,
  };
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

  it('says where the /setting screen goes when it closes, and nowhere when the router closed it', async () => {
    const d = dialog('back');
    await d.open();
    d.team().send({ type: 'team.edit', name: 'Angkor Tours' });
    // closed in the dialog: the /setting route goes back where the person came from
    d.actor.send({ type: 'dialog.close' });
    d.guard()!.send({ type: 'leave.discard' });
    await d.open();
    d.team().send({ type: 'team.edit', name: 'Siem Reap' });
    // the router holds a navigation (the browser's Back) and asks: it goes on by itself once left
    d.guard()!.send({ type: 'leave.request', route: true });
    d.guard()!.send({ type: 'leave.discard' });
    expect(d.actor.getSnapshot().matches('closed')).toBe(true);
    expect(d.closings).toEqual(['back', null]);
    // `/setting` opened directly: the landing page; the dialog over a screen: nowhere
    for (const [closesTo, to] of [
      ['landing', PATHS.landing],
      [undefined, null],
    ] as const) {
      const other = dialog(closesTo);
      await other.open();
      other.actor.send({ type: 'dialog.close' });
      expect(other.closings).toEqual([to]);
    }
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

describe('the settings dialog with an invitation typed on Members', () => {
  it('asks before closing; Stay keeps the page and the address; sent, nothing is asked', async () => {
    const d = dialog();
    await d.openOn('member');
    d.members().send({ type: 'invite.email', email: 'linh.nguyen@example.com' });
    expect(d.drafts()).toEqual(['invite']);
    expect(selectHoldsDraft(d.guard()!.getSnapshot())).toBe(true);

    d.actor.send({ type: 'dialog.close' });
    expect(selectAsking(d.guard()!.getSnapshot())).toBe(true);
    d.guard()!.send({ type: 'leave.stay' });
    expect(d.actor.getSnapshot().matches({ open: 'member' })).toBe(true);
    expect(d.members().getSnapshot().context.draft.email).toBe('linh.nguyen@example.com');
    expect(d.closedCount()).toBe(0);

    // sent: the form is empty, nothing is held, closing closes
    d.members().send({ type: 'invite.submit' });
    await waitFor(d.members(), (s) => s.matches({ list: 'idle' }) && s.context.draft.email === '');
    expect(d.invited).toEqual(['linh.nguyen@example.com']);
    expect(d.drafts()).toEqual([]);
    expect(selectHoldsDraft(d.guard()!.getSnapshot())).toBe(false);
    d.actor.send({ type: 'dialog.close' });
    expect(d.actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('an address typed and emptied again holds nothing; Leave and discard closes', async () => {
    const d = dialog();
    await d.openOn('member');
    d.members().send({ type: 'invite.email', email: 'linh' });
    d.members().send({ type: 'invite.email', email: '' });
    expect(d.drafts()).toEqual([]);
    d.members().send({ type: 'invite.email', email: 'linh.nguyen@example.com' });
    d.actor.send({ type: 'dialog.close' });
    d.guard()!.send({ type: 'leave.discard' });
    expect(d.actor.getSnapshot().matches('closed')).toBe(true);
    expect(d.closedCount()).toBe(1);
    expect(d.drafts()).toEqual([]);
    expect(d.invited).toEqual([]);
  });

  it('going to another page asks too (the page stops when left): Stay keeps it, discard goes on', async () => {
    const d = dialog();
    await d.openOn('member');
    d.members().send({ type: 'invite.email', email: 'linh.nguyen@example.com' });
    d.actor.send({ type: 'dialog.select', page: 'team' });
    expect(d.actor.getSnapshot().matches({ open: { member: 'asking' } })).toBe(true);
    expect(selectSwitchDrafts(d.actor.getSnapshot())).toEqual(['invite']);
    d.actor.send({ type: 'switch.stay' });
    expect(d.actor.getSnapshot().matches({ open: { member: 'shown' } })).toBe(true);
    expect(selectSwitchDrafts(d.actor.getSnapshot())).toBeNull();
    expect(d.members().getSnapshot().context.draft.email).toBe('linh.nguyen@example.com');

    d.actor.send({ type: 'dialog.select', page: 'profile' });
    d.actor.send({ type: 'switch.discard' });
    expect(d.actor.getSnapshot().matches({ open: 'profile' })).toBe(true);
    // the page's draft went with it: nothing is held, closing closes
    expect(d.drafts()).toEqual([]);
    expect(selectHoldsDraft(d.guard()!.getSnapshot())).toBe(false);
    d.actor.send({ type: 'dialog.close' });
    expect(d.actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('a team name typed as well: going to another page asks nothing for it (it outlives the page), closing does', async () => {
    const d = dialog();
    await d.open();
    d.team().send({ type: 'team.edit', name: 'Angkor Tours' });
    d.actor.send({ type: 'dialog.select', page: 'member' });
    await waitFor(d.members(), (s) => s.matches({ list: 'idle' }));
    d.members().send({ type: 'invite.email', email: 'linh.nguyen@example.com' });
    expect(d.drafts()).toEqual(['invite', 'team']);
    d.actor.send({ type: 'dialog.select', page: 'team' });
    expect(selectSwitchDrafts(d.actor.getSnapshot())).toEqual(['invite']);
    d.actor.send({ type: 'switch.discard' });
    expect(d.actor.getSnapshot().matches({ open: 'team' })).toBe(true);
    expect(d.drafts()).toEqual(['team']);
    expect(selectHoldsDraft(d.guard()!.getSnapshot())).toBe(true);
    d.actor.send({ type: 'dialog.close' });
    expect(selectAsking(d.guard()!.getSnapshot())).toBe(true);
  });
});

describe('the settings dialog on Connections', () => {
  it('a key name typed asks before closing; created, its secret asks until copied', async () => {
    const d = dialog();
    await d.openOn('connections');
    d.connections().send({ type: 'keys.name', name: 'Klook live' });
    expect(d.drafts()).toEqual(['key']);
    d.actor.send({ type: 'dialog.close' });
    expect(selectAsking(d.guard()!.getSnapshot())).toBe(true);
    d.guard()!.send({ type: 'leave.stay' });
    expect(d.connections().getSnapshot().context.draft.name).toBe('Klook live');

    d.connections().send({ type: 'keys.create' });
    await waitFor(d.connections(), (s) => s.matches({ ready: { secret: 'shown' } }));
    expect(d.drafts()).toEqual(['secret']);
    d.actor.send({ type: 'dialog.close' });
    expect(selectAsking(d.guard()!.getSnapshot())).toBe(true);
    d.guard()!.send({ type: 'leave.stay' });
    expect(d.connections().getSnapshot().context.created?.secret).toBe(SECRET);

    d.connections().send({ type: 'secret.copy' });
    await waitFor(d.connections(), (s) => s.matches({ ready: { secret: 'copied' } }));
    expect(d.drafts()).toEqual([]);
    d.actor.send({ type: 'dialog.close' });
    expect(d.actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('a secret not copied asks on the way to another page; discarded, the page and its secret are gone', async () => {
    const d = dialog();
    await d.openOn('connections');
    d.connections().send({ type: 'keys.name', name: 'Klook live' });
    d.connections().send({ type: 'keys.create' });
    await waitFor(d.connections(), (s) => s.matches({ ready: { secret: 'shown' } }));
    d.actor.send({ type: 'dialog.select', page: 'member' });
    expect(selectSwitchDrafts(d.actor.getSnapshot())).toEqual(['secret']);
    d.actor.send({ type: 'switch.discard' });
    expect(d.actor.getSnapshot().matches({ open: 'member' })).toBe(true);
    expect(d.actor.getSnapshot().children.connections).toBeUndefined();
    expect(d.drafts()).toEqual([]);
  });
});
