import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromTransition, type EventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  globalDialogsMachine,
  type GlobalDialogsEvent,
  type GlobalDialogsInput,
} from '../../src/machines/global-dialogs/global-dialogs.machine';
import type { TimezoneAlertEnv } from '../../src/api/storage/timezone-alert';
import type { otaAccountsMachine } from '../../src/machines/ota-accounts/ota-accounts.machine';
import type { settingsDialogMachine } from '../../src/machines/settings-dialog/settings-dialog.machine';
import type { SessionActorRef } from '../../src/machines/session/selectors';
import { watchRole } from '../../src/machines/global-dialogs/watch-role';
import {
  allTransitions,
  deferredActors,
  done,
  enabledEvents,
  failed,
  flush,
  isSynthetic,
  leaves,
  recordingActor,
  restingStates,
  type Synthetic,
} from './onboarding-harness';

/**
 * Model-based: paths generated from the production machine, for an ADMIN and for a MEMBER of the
 * team, replayed on a real actor. The invariant of SPEC section 2 is checked on every state of every
 * path: the OTA dialog never shows while the timezone alert is open; nor does the sheet of shortcuts
 * show with either. A MEMBER may not choose the team's OTA accounts (the role matrix): their dialog
 * never opens and the accounts are not even asked for. When the user's role changes (the session
 * read it again), the OTA region asks again from the start what the new role allows.
 */
type SessionContext = { user: { teams: { id: string; role: string }[] } | null };
/** A session stand-in whose context the test sets (the dialogs read the user's teams from it). */
function fakeSession(teams: { id: string; role: string }[]) {
  const logic = fromTransition(
    (context: SessionContext, event: EventObject & { teams?: SessionContext['user'] }) =>
      event.type === 'set' ? { user: event.teams ?? null } : context,
    { user: { teams } },
  );
  return createActor(logic).start();
}
const session = fakeSession([{ id: 't1', role: 'ADMIN' }]) as unknown as SessionActorRef;
const input: GlobalDialogsInput = {
  teamId: 't1',
  teamTimezone: 'Asia/Ho_Chi_Minh',
  role: 'ADMIN',
  token: 'tok',
  user: { id: 'u1', name: 'Lan Nguyễn', avatarUrl: null },
  origin: 'https://tourdesk.test',
  session,
};
const memberInput: GlobalDialogsInput = { ...input, role: 'MEMBER' };
const env = (over: Partial<TimezoneAlertEnv>): TimezoneAlertEnv => ({
  browserTimezone: 'Asia/Ho_Chi_Minh',
  now: 0,
  shownForThisLogin: false,
  ...over,
});
const accounts = (otas: string[]) => ({ available: [{ ota: 'KLOOK', email: 'k@t.test' }], otas });

type ModelEvent = GlobalDialogsEvent | Synthetic;
const EVENTS: ModelEvent[] = [
  done('readTimezoneAlert', env({ browserTimezone: 'America/New_York' })),
  done('readTimezoneAlert', env({ browserTimezone: 'America/New_York', shownForThisLogin: true })),
  done('readTimezoneAlert', env({})),
  failed('readTimezoneAlert'),
  done('getOtaAccounts', accounts([])),
  done('getOtaAccounts', accounts(['k@t.test'])),
  done('getOtaAccounts', null),
  failed('getOtaAccounts'),
  { type: 'timezone.close' },
  { type: 'ota.open' },
  { type: 'ota.close' },
  { type: 'shortcuts.open' },
  { type: 'shortcuts.close' },
  done('otaAccounts', { otas: ['k@t.test'] }),
  failed('otaAccounts'),
  { type: 'role.changed', role: 'MEMBER' },
  { type: 'role.changed', role: 'ADMIN' },
  // a crashed settings dialog or role watch is logged; the other dialogs go on
  failed('settings'),
  failed('watchRole'),
];

const IDS = ['readTimezoneAlert', 'getOtaAccounts', 'otaAccounts', 'settings', 'watchRole'] as const;
const remembered: string[] = [];
/** The settings dialog's stand-in: what it was started with and what it was told. */
const settingsSpy = () => {
  const started: unknown[] = [];
  const told: EventObject[] = [];
  const logic = fromCallback<EventObject, unknown>(({ input: given, receive }) => {
    started.push(given);
    receive((event) => told.push(event));
  });
  return { started, told, logic: logic as unknown as typeof settingsDialogMachine };
};
// in the paths the role arrives as `role.changed`; watchRole and the settings child have their own tests below
function logic(
  actors = deferredActors(IDS).actors,
  children: { settings?: typeof settingsDialogMachine; watchRole?: typeof watchRole } = {},
) {
  return globalDialogsMachine.provide({
    actors: {
      ...actors,
      otaAccounts: actors.otaAccounts as unknown as typeof otaAccountsMachine,
      settingsDialog: children.settings ?? (actors.settings as unknown as typeof settingsDialogMachine),
      watchRole: children.watchRole ?? (actors.watchRole as unknown as typeof watchRole),
    } as never,
    actions: { rememberTimezoneAlert: ({ context }) => void remembered.push(context.token) },
  });
}
type Snap = SnapshotFrom<typeof globalDialogsMachine>;
const key = (s: Snap) => JSON.stringify({ v: s.value, tz: s.context.browserTimezone, role: s.context.role });
const pathsOf = (given: GlobalDialogsInput) =>
  getShortestPaths(logic(), {
    input: given,
    events: enabledEvents<GlobalDialogsEvent>(EVENTS),
    serializeState: (s, event) => `${key(s as Snap)} ← ${event?.type ?? ''}`,
  }).map((path) => ({ path, given }));
const paths = [...pathsOf(input), ...pathsOf(memberInput)];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const taken = new Set<string>();
const openDialogs = (s: Snap) =>
  [s.matches({ timezone: 'open' }), s.matches({ ota: 'open' }), s.matches({ shortcuts: 'open' })].filter(Boolean)
    .length;

describe('global dialogs model', () => {
  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((p) => leaves(p.path.state.value)));
    expect([...reached].sort()).toEqual(restingStates(globalDialogsMachine.root).sort());
  });

  it('never asks a MEMBER to choose the OTA accounts', () => {
    const member = paths.map((p) => p.path.state as Snap).filter((s) => s.context.role === 'MEMBER');
    expect(member.length).toBeGreaterThan(0);
    expect(member.every((s) => s.matches({ ota: 'readOnly' }))).toBe(true);
    const fakes = deferredActors(IDS);
    const actor = recordingActor(logic(fakes.actors), { input: memberInput }).actor.start();
    expect(fakes.running().sort()).toEqual(['readTimezoneAlert', 'settings', 'watchRole']);
    actor.send({ type: 'ota.open' });
    expect(actor.getSnapshot().matches({ ota: 'readOnly' })).toBe(true);
    actor.stop();
  });

  describe.each(
    paths.map(
      ({ path, given }) =>
        [
          `${given.role}: ${path.steps.map((s) => s.event.type).join(' → ')} ⇒ ${key(path.state)}`,
          path,
          given,
        ] as const,
    ),
  )('%s', (_, path, given) => {
    it('replays on a real actor; no two dialogs show at once', async () => {
      const fakes = deferredActors(IDS);
      const { actor, taken: seen } = recordingActor(logic(fakes.actors), { input: given });
      remembered.length = 0;
      actor.start();
      for (const step of path.steps.slice(1)) {
        const event = step.event as ModelEvent;
        if (isSynthetic(event)) fakes.settle(event);
        else actor.send(event);
        await flush();
        expect(key(actor.getSnapshot())).toBe(key(step.state));
        expect(openDialogs(actor.getSnapshot())).toBeLessThanOrEqual(1);
      }
      // the alert is remembered for this login exactly when it opened
      const opened = path.steps.some((s) => (s.state as Snap).matches({ timezone: 'open' }));
      expect(remembered).toEqual(opened ? ['tok'] : []);
      seen.forEach((t) => taken.add(t));
      actor.stop();
    });
  });

  it('took every transition of the machine on the way', () => {
    expect([...taken].sort()).toEqual(allTransitions(globalDialogsMachine.root).sort());
  });

  it('holds an OTA request while the alert is open and shows it once the alert closes', async () => {
    const fakes = deferredActors(IDS);
    const actor = recordingActor(logic(fakes.actors), { input }).actor.start();
    fakes.settle(done('readTimezoneAlert', env({ browserTimezone: 'America/New_York' })) as Synthetic);
    fakes.settle(done('getOtaAccounts', accounts([])) as Synthetic);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ timezone: 'open', ota: 'waiting', shortcuts: 'closed' });
    actor.send({ type: 'timezone.close' });
    expect(actor.getSnapshot().value).toEqual({ timezone: 'closed', ota: 'open', shortcuts: 'closed' });
    actor.stop();
  });

  it('opens the sheet of shortcuts only over no other dialog, and holds the OTA dialog while it is open', async () => {
    const fakes = deferredActors(IDS);
    const actor = recordingActor(logic(fakes.actors), { input }).actor.start();
    // not while the alert may still open
    actor.send({ type: 'shortcuts.open' });
    expect(actor.getSnapshot().matches({ shortcuts: 'closed' })).toBe(true);
    fakes.settle(done('readTimezoneAlert', env({ browserTimezone: 'America/New_York' })) as Synthetic);
    await flush();
    actor.send({ type: 'shortcuts.open' });
    expect(actor.getSnapshot().matches({ shortcuts: 'closed' })).toBe(true);
    actor.send({ type: 'timezone.close' });
    actor.send({ type: 'shortcuts.open' });
    expect(actor.getSnapshot().matches({ shortcuts: 'open' })).toBe(true);
    // the team has no OTA account: its dialog waits for the sheet
    fakes.settle(done('getOtaAccounts', accounts([])) as Synthetic);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ timezone: 'closed', ota: 'waiting', shortcuts: 'open' });
    actor.send({ type: 'shortcuts.close' });
    expect(actor.getSnapshot().value).toEqual({ timezone: 'closed', ota: 'open', shortcuts: 'closed' });
    actor.send({ type: 'shortcuts.open' });
    expect(actor.getSnapshot().matches({ shortcuts: 'closed' })).toBe(true);
    actor.stop();
  });

  it("opens no alert for an alias of the team's zone", async () => {
    const fakes = deferredActors(IDS);
    const actor = recordingActor(logic(fakes.actors), { input }).actor.start();
    fakes.settle(
      done('readTimezoneAlert', env({ browserTimezone: 'Asia/Saigon', now: Date.UTC(2026, 0, 1) })) as Synthetic,
    );
    await flush();
    expect(actor.getSnapshot().matches({ timezone: 'closed' })).toBe(true);
    actor.stop();
  });
  it('starts the settings dialog for the user and team, and keeps it (open) when the role changes', async () => {
    const fakes = deferredActors(IDS);
    const spy = settingsSpy();
    const actor = recordingActor(logic(fakes.actors, { settings: spy.logic }), { input }).actor.start();
    expect(spy.started).toEqual([
      {
        userId: 'u1',
        name: 'Lan Nguyễn',
        avatarUrl: null,
        teamId: 't1',
        role: 'ADMIN',
        timezone: 'Asia/Ho_Chi_Minh',
        origin: 'https://tourdesk.test',
        session,
      },
    ]);
    const settings = actor.getSnapshot().children.settings;
    settings?.send({ type: 'dialog.open' });
    fakes.settle(done('getOtaAccounts', accounts(['k@t.test'])) as Synthetic);
    await flush();
    expect(actor.getSnapshot().matches({ ota: 'idle' })).toBe(true);
    actor.send({ type: 'role.changed', role: 'MEMBER' });
    // the same dialog, told nothing else; the OTA region now knows a MEMBER may not choose
    expect(actor.getSnapshot().children.settings).toBe(settings);
    expect(spy.started).toHaveLength(1);
    expect(spy.told).toEqual([{ type: 'dialog.open' }]);
    expect(actor.getSnapshot().matches({ ota: 'readOnly' })).toBe(true);
    actor.send({ type: 'ota.open' });
    expect(actor.getSnapshot().matches({ ota: 'readOnly' })).toBe(true);
    // back to ADMIN: the accounts are asked for again
    actor.send({ type: 'role.changed', role: 'ADMIN' });
    expect(actor.getSnapshot().matches({ ota: 'checking' })).toBe(true);
    actor.stop();
  });
});

describe('watchRole', () => {
  it("tells the dialogs each change of the user's role in their team, and nothing else", async () => {
    const source = fakeSession([
      { id: 't1', role: 'ADMIN' },
      { id: 't2', role: 'MEMBER' },
    ]);
    const told: EventObject[] = [];
    const parent = createActor(
      createMachine({
        invoke: {
          src: watchRole,
          input: { session: source as unknown as SessionActorRef, teamId: 't1', role: 'ADMIN' },
        },
        on: { 'role.changed': { actions: ({ event }) => told.push(event) } },
      }),
    ).start();
    const set = (teams: { id: string; role: string }[] | null) =>
      source.send({ type: 'set', teams: teams && { teams } });
    set([
      { id: 't1', role: 'ADMIN' },
      { id: 't2', role: 'ADMIN' },
    ]);
    set(null);
    set([{ id: 't1', role: 'EDITOR' }]);
    set([{ id: 't1', role: 'EDITOR' }]);
    set([{ id: 't1', role: 'ADMIN' }]);
    await flush();
    expect(told).toEqual([
      { type: 'role.changed', role: 'EDITOR' },
      { type: 'role.changed', role: 'ADMIN' },
    ]);
    parent.stop();
    set([{ id: 't1', role: 'MEMBER' }]);
    await flush();
    expect(told).toHaveLength(2);
  });
});
