import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { Invitation, MembersPage, Outcome, TeamMember } from '../../src/api/services/members';
import { isEmailAddress, LAST_ADMIN_MESSAGE, MEMBERS_TEXT } from '../../src/domain/members';
import type { Role } from '../../src/domain/statuses';
import { teamMembersMachine, type TeamMembersEvent } from '../../src/machines/team-members/team-members.machine';
import { enabledEvents } from './onboarding-harness';
import { allTransitions, modelPaths, replay, type Model, type Path, type Snap } from './model-replay';
import { ownerSpy, sessionSpy } from './settings-paths';
import { done, failed, type Synthetic } from './shared-fakes';

/**
 * Model-based: the Members page's paths come from the production machine, each replayed on a real
 * actor whose services answer when the path says: loading and its failure, inviting (accepted,
 * refused on the field, failed), role changes (another member's, one's own, refused as the last
 * admin, failed), removal with its confirmation, revoking, and the page loaded again after each
 * change. Together the paths take every transition of the machine. Then, on real actors: what the
 * page tells the settings dialog of the invitation typed and not sent.
 */
const ME = 'u-admin';
const member = (id: string, name: string, role: Role): TeamMember => ({
  user: { id, name, email: `${id}@example.com`, avatarUrl: null },
  role,
});
const MEMBERS = [member(ME, 'Alex Admin', 'ADMIN'), member('u-minh', 'Minh Member', 'MEMBER')];
const INVITATION: Invitation = {
  id: 'inv-1',
  email: 'casey@example.com',
  role: 'MEMBER',
  invitedBy: { id: ME, name: 'Alex Admin' },
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-12-03T10:00:00.000Z',
};
const PAGE: MembersPage = { members: MEMBERS, invitations: [INVITATION], events: [] };
const ok = <T>(data: T): Outcome<T> => ({ ok: true, data });
const refusal = (message: string): Outcome<never> => ({ ok: false, refusal: message });

type Event = TeamMembersEvent | Synthetic;
const GESTURES: Event[] = [
  { type: 'members.retry' },
  { type: 'invite.email', email: 'casey@example.com' },
  { type: 'invite.email', email: 'not-an-address' },
  { type: 'invite.role', role: 'EDITOR' },
  { type: 'invite.submit' },
  { type: 'member.role', userId: 'u-minh', role: 'EDITOR' },
  { type: 'member.role', userId: ME, role: 'MEMBER' },
  { type: 'member.remove', userId: 'u-minh' },
  { type: 'member.remove', userId: ME },
  { type: 'remove.cancel' },
  { type: 'remove.confirm' },
  { type: 'invitation.revoke', id: 'inv-1' },
];

/** The services' answers, as they would come for the change under way. */
function answers(s: Snap): Event[] {
  const c = s.context as { change: { userId: string; role: Role } | null; draft: { email: string } };
  const changed =
    c.change && member(c.change.userId, MEMBERS.find((m) => m.user.id === c.change!.userId)!.user.name, c.change.role);
  return [
    done('loadMembers', PAGE),
    failed('loadMembers'),
    done('reloadMembers', PAGE),
    failed('reloadMembers'),
    ...(changed ? [done('changeRole', ok(changed))] : []),
    done('changeRole', refusal(LAST_ADMIN_MESSAGE)),
    failed('changeRole'),
    done('removeMember', ok(null)),
    done('removeMember', refusal(LAST_ADMIN_MESSAGE)),
    failed('removeMember'),
    done('invite', ok({ ...INVITATION, id: 'inv-2', email: c.draft.email.trim() })),
    done('invite', refusal(`${c.draft.email} is already a member of this team`)),
    failed('invite'),
    done('revokeInvitation', ok(null)),
    done('revokeInvitation', refusal('Invitation not found')),
    failed('revokeInvitation'),
  ];
}

const { ref: session, received } = sessionSpy();
const modelFor = (role: Role): Model<TeamMembersEvent> => ({
  machine: teamMembersMachine,
  input: { teamId: 'team-1', userId: ME, role, session },
  events: (s) => enabledEvents<TeamMembersEvent>([...GESTURES, ...answers(s)])(s as never),
  // what steers the machine (the lists and the texts are checked on the paths below)
  key: (s) => {
    const c = s.context as Record<string, unknown> & { draft: { email: string } };
    return {
      value: s.value,
      role: c.role,
      email: c.draft.email === '' ? 'empty' : isEmailAddress(c.draft.email) ? 'valid' : 'invalid',
      fieldError: c.fieldError !== null,
      refusal: c.refusal !== null,
    };
  },
});
const admin = modelFor('ADMIN');
const paths = modelPaths(admin);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const title = (p: Path) =>
  p.steps
    .slice(1)
    .map((s) => s.event.type.replace('xstate.', ''))
    .join(' → ') || 'initial';

describe('the Members page model (an ADMIN)', () => {
  const taken = new Set<string>();

  it('reaches every state, every refusal and the field’s errors', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of [
      'loading',
      'failed',
      'idle',
      'confirmingRemove',
      'changingRole',
      'removing',
      'inviting',
      'revoking',
      'refreshing',
    ])
      expect(
        [...values].some((x) => x.includes(v)),
        v,
      ).toBe(true);
    const refusals = new Set(paths.map((p) => p.state.context.refusal));
    expect(refusals).toEqual(new Set([null, LAST_ADMIN_MESSAGE, 'Invitation not found']));
    const fieldErrors = new Set(paths.map((p) => p.state.context.fieldError));
    expect(fieldErrors).toContain(MEMBERS_TEXT.invalidEmail);
    expect(fieldErrors).toContain('casey@example.com is already a member of this team');
  });

  describe.each(paths.map((p) => [title(p), p] as const))('%s', (_, path) => {
    it('replays on a real actor, state by state', async () => {
      const seen = await replay(admin, path, (actual, expected, event) => expect(actual, event).toBe(expected));
      seen.forEach((t) => taken.add(t));
    });
  });

  it('took every transition of the machine on the way', () => {
    expect([...taken].sort()).toEqual([...new Set(allTransitions(teamMembersMachine.root))].sort());
  });
});

describe('the Members page, what the paths keep', () => {
  const ending = (predicate: (p: Path) => boolean) => paths.find(predicate)!;
  const events = (p: Path) => p.steps.map((s) => s.event.type);

  it('a refused invitation keeps what was typed, with the server’s words on the field', () => {
    const p = ending((x) => events(x).at(-1) === 'xstate.done.actor.invite' && x.state.context.fieldError !== null);
    expect(p.state.context.draft).toMatchObject({ email: 'casey@example.com' });
    expect(p.state.value).toEqual({ list: 'idle' });
  });

  it('a sent invitation empties the form and the page loads again', () => {
    const p = ending(
      (x) => events(x).at(-1) === 'xstate.done.actor.invite' && JSON.stringify(x.state.value).includes('refreshing'),
    );
    expect(p.state.context.draft).toEqual({ email: '', role: 'MEMBER' });
    expect((p.state.context.invitations as Invitation[]).map((i) => i.email)).toContain('casey@example.com');
  });

  it('demoting oneself makes the page read-only and tells the session to load the teams again', async () => {
    const p = ending((x) => events(x).at(-1) === 'xstate.done.actor.changeRole' && x.state.context.role === 'MEMBER');
    expect(p.state.context.may).toMatchObject({ changeRole: false, invite: false, history: false });
    received.length = 0;
    await replay(admin, p, () => undefined);
    expect(received).toContainEqual({ type: 'session.refresh' });
  });

  it('a MEMBER sees the list only: no change is taken, and neither invitations nor history are asked for', () => {
    const readOnly = modelFor('MEMBER');
    const memberPaths = modelPaths(readOnly);
    const list = memberPaths.find((p) => JSON.stringify(p.state.value).includes('idle'))!;
    for (const gesture of GESTURES.filter((g) => !g.type.startsWith('invite.') && g.type !== 'members.retry'))
      expect((list.state as unknown as { can: (e: unknown) => boolean }).can(gesture), gesture.type).toBe(false);
    expect((list.state as unknown as { can: (e: unknown) => boolean }).can({ type: 'invite.submit' })).toBe(false);
    expect(list.state.context.may).toEqual({
      changeRole: false,
      remove: false,
      invite: false,
      revoke: false,
      invitations: false,
      history: false,
    });
  });
});

describe('the Members page tells the settings dialog of an invitation typed and not sent (issue 24 point 6)', () => {
  function start(invite: () => Promise<Outcome<Invitation>>, role: Role = 'ADMIN') {
    const owner = ownerSpy();
    const logic = teamMembersMachine.provide({
      actors: {
        loadMembersPage: fromPromise(async () => PAGE),
        inviteMember: fromPromise(invite),
        updateMemberRole: fromPromise(async () => ok(member(ME, 'Alex Admin', 'MEMBER'))),
      },
    });
    const actor = createActor(logic, { input: { teamId: 'team-1', userId: ME, role, session, owner: owner.ref } });
    actor.start();
    return { actor, owner };
  }
  const listed = (actor: ActorRefFrom<typeof teamMembersMachine>) =>
    vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'idle' })).toBe(true));

  it('typed is unsaved; emptied again, or sent, is not; refused keeps it unsaved', async () => {
    let answer: Outcome<Invitation> = refusal('casey@example.com is already a member of this team');
    const { actor, owner } = start(async () => answer);
    await listed(actor);
    expect(owner.reports).toEqual([]);
    actor.send({ type: 'invite.email', email: 'casey@' });
    expect(owner.last()).toEqual({ invite: true });
    // a role picked alone is no draft; clearing the address leaves nothing to lose
    actor.send({ type: 'invite.role', role: 'EDITOR' });
    actor.send({ type: 'invite.email', email: '  ' });
    expect(owner.last()).toEqual({ invite: false });

    actor.send({ type: 'invite.email', email: 'casey@example.com' });
    actor.send({ type: 'invite.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.fieldError).not.toBeNull());
    expect(owner.last()).toEqual({ invite: true });

    answer = ok({ ...INVITATION, id: 'inv-2', email: 'casey@example.com' });
    actor.send({ type: 'invite.submit' });
    await listed(actor);
    expect(actor.getSnapshot().context.draft.email).toBe('');
    expect(owner.last()).toEqual({ invite: false });
    actor.stop();
  });

  it('demoting oneself hides the form: what was typed there is no longer held', async () => {
    const { actor, owner } = start(async () => ok(INVITATION));
    await listed(actor);
    actor.send({ type: 'invite.email', email: 'casey@example.com' });
    expect(owner.last()).toEqual({ invite: true });
    actor.send({ type: 'member.role', userId: ME, role: 'MEMBER' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.may.invite).toBe(false));
    expect(owner.last()).toEqual({ invite: false });
    actor.stop();
  });

  it('on its own (no dialog) the page reports to nobody', async () => {
    const logic = teamMembersMachine.provide({ actors: { loadMembersPage: fromPromise(async () => PAGE) } });
    const actor = createActor(logic, { input: { teamId: 'team-1', userId: ME, role: 'ADMIN', session } }).start();
    await listed(actor);
    actor.send({ type: 'invite.email', email: 'casey@example.com' });
    expect(actor.getSnapshot().context.draft.email).toBe('casey@example.com');
    actor.stop();
  });
});
