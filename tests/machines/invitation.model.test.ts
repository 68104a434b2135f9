import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import type { AcceptOutcome, InvitationPreview } from '../../src/api/services/invitations';
import { INVITATION_TEXT } from '../../src/domain/members';
import { invitationPath, PATHS } from '../../src/domain/paths';
import { invitationMachine, type InvitationEvent } from '../../src/machines/invitation/invitation.machine';
import type { InvitationSessionRef } from '../../src/machines/invitation/types';
import { enabledEvents } from './onboarding-harness';
import { allTransitions, modelPaths, replay, type Model, type Path } from './model-replay';
import { sessionSpy } from './settings-paths';
import { done, type Synthetic } from './shared-fakes';

/**
 * Model-based: the invitation screen's paths, from the production machine, for each person who may
 * open a link (nobody signed in, the invited address, the invited address back to accept, somebody
 * else), each replayed on a real actor. Together they take every transition; what the screen tells
 * the session and the router is checked on the way.
 */
const TOKEN = 'tok_0123456789abcdefghij';
const INVITED = 'casey@example.com';
const PREVIEW: InvitationPreview = {
  teamId: 'team-kh',
  teamName: 'Cambodia',
  role: 'MEMBER',
  email: INVITED,
  invitedBy: 'Alex Admin',
  expiresAt: '2026-12-03T10:00:00.000Z',
};
const JOINED: AcceptOutcome = { kind: 'joined', teamId: 'team-kh', role: 'MEMBER' };
const failed = (id: string, status = 500): Synthetic => ({
  type: `xstate.error.actor.${id}`,
  error: new ApiError(status, 'BOOM', 'failed'),
});

const EVENTS: (InvitationEvent | Synthetic)[] = [
  done('getInvitation', PREVIEW),
  done('getInvitation', null),
  failed('getInvitation'),
  failed('getInvitation', 429),
  { type: 'invitation.retry' },
  { type: 'invitation.signIn' },
  { type: 'invitation.switchAccount' },
  { type: 'invitation.accept' },
  done('acceptInvitation', JOINED),
  done('acceptInvitation', { kind: 'wrongAccount', message: 'This invitation is for casey@example.com' }),
  done('acceptInvitation', { kind: 'gone' }),
  failed('acceptInvitation'),
];

const { ref, received } = sessionSpy();
const session = ref as unknown as InvitationSessionRef;
const navigate = vi.fn<(to: string) => void>();
const PEOPLE = {
  nobody: { accept: false, signedInEmail: null },
  invited: { accept: false, signedInEmail: 'Casey@Example.com' },
  'invited, back to accept': { accept: true, signedInEmail: INVITED },
  'somebody else': { accept: true, signedInEmail: 'alex@example.com' },
} as const;
const modelFor = (who: keyof typeof PEOPLE): Model<InvitationEvent> => ({
  machine: invitationMachine,
  input: { token: TOKEN, session, ...PEOPLE[who] },
  events: (s) => enabledEvents<InvitationEvent>(EVENTS)(s as never),
  key: (s) => ({ value: s.value, error: s.context.error }),
  actions: { navigate: (_: unknown, params: { to: string }) => navigate(params.to) },
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const title = (p: Path) =>
  p.steps
    .slice(1)
    .map((s) => s.event.type.replace('xstate.', ''))
    .join(' → ') || 'initial';

const taken = new Set<string>();
const reached = new Set<string>();

describe.each(Object.keys(PEOPLE) as (keyof typeof PEOPLE)[])('the invitation screen, opened by %s', (who) => {
  const model = modelFor(who);
  const paths = modelPaths(model);
  describe.each(paths.map((p) => [title(p), p] as const))('%s', (_, path) => {
    it('replays on a real actor, state by state', async () => {
      const seen = await replay(model, path, (actual, expected, event) => expect(actual, event).toBe(expected));
      seen.forEach((t) => taken.add(t));
      reached.add(String(path.state.value));
    });
  });
});

describe('the invitation screen, all people together', () => {
  it('reached every state and took every transition of the machine', () => {
    expect([...reached].sort()).toEqual(
      ['accepting', 'failed', 'gone', 'joined', 'loading', 'ready', 'signedOut', 'wrongAccount'].sort(),
    );
    expect([...taken].sort()).toEqual([...new Set(allTransitions(invitationMachine.root))].sort());
  });

  const pathTo = (who: keyof typeof PEOPLE, events: string[]) =>
    modelPaths(modelFor(who)).find(
      (p) => JSON.stringify(p.steps.slice(1).map((s) => s.event.type)) === JSON.stringify(events),
    )!;

  it('“Sign in to accept” asks the session to come back here to accept, then to sign in', async () => {
    received.length = 0;
    const p = pathTo('nobody', ['xstate.done.actor.getInvitation', 'invitation.signIn']);
    await replay(modelFor('nobody'), p, () => undefined);
    expect(received).toEqual([
      { type: 'session.returnTo', path: invitationPath(TOKEN, true) },
      { type: 'session.login' },
    ]);
  });

  it('somebody else signs out, and the next sign-in comes back here to accept', async () => {
    received.length = 0;
    const p = pathTo('somebody else', ['xstate.done.actor.getInvitation', 'invitation.switchAccount']);
    expect(p.steps[1].state.value).toBe('wrongAccount');
    await replay(modelFor('somebody else'), p, () => undefined);
    expect(received).toEqual([
      { type: 'session.returnTo', path: `/invitations/${TOKEN}?accept=1` },
      { type: 'session.logout' },
    ]);
  });

  it('back to accept: accepts at once, the session selects the team, and the orders open', async () => {
    received.length = 0;
    navigate.mockClear();
    const p = pathTo('invited, back to accept', [
      'xstate.done.actor.getInvitation',
      'xstate.done.actor.acceptInvitation',
    ]);
    expect(p.steps[1].state.value).toBe('accepting');
    await replay(modelFor('invited, back to accept'), p, () => undefined);
    expect(received).toEqual([{ type: 'team.joined', teamId: 'team-kh' }]);
    expect(navigate).toHaveBeenCalledWith(PATHS.landing);
  });

  it('the invited address in another case waits for Accept; too many tries says so', () => {
    const ready = pathTo('invited', ['xstate.done.actor.getInvitation']);
    expect(ready.state.value).toBe('ready');
    const tooMany = modelPaths(modelFor('nobody')).find((p) => p.state.context.error === INVITATION_TEXT.tooMany);
    expect(tooMany?.state.value).toBe('failed');
  });
});
