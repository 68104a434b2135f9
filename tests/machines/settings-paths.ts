import {
  createActor,
  fromCallback,
  fromPromise,
  type AnyActorLogic,
  type AnyStateMachine,
  type AnyStateNode,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';
import { updateTeamSetting, type Setting } from '../../src/api/services/settings';
import {
  settingsDialogMachine,
  type SettingsDialogEvent,
} from '../../src/machines/settings-dialog/settings-dialog.machine';
import { avatarUploadTo } from '../../src/machines/avatar-upload/avatar-upload.machine';
import {
  profileSettingsMachine,
  type ProfileSettingsEvent,
} from '../../src/machines/profile-settings/profile-settings.machine';
import type {
  SessionPatchEvent,
  SessionPatchRef,
  SettingsOwnerRef,
  SettingsUnsaved,
} from '../../src/machines/settings-dialog/shared';
import type { channelKeysMachine } from '../../src/machines/channel-keys/channel-keys.machine';
import type { teamMembersMachine } from '../../src/machines/team-members/team-members.machine';
import { teamSettingsMachine, type TeamSettingsEvent } from '../../src/machines/team-settings/team-settings.machine';
import { done, failed, type Synthetic } from './shared-fakes';

export { done, failed, type Synthetic };

/**
 * The settings machines' model: paths generated from the production machines (xstate/graph),
 * with the invoked actors' results as synthetic `xstate.done.actor.<id>` / `xstate.error.actor.<id>`
 * events. The same paths run on real actors (tests/machines/settings.model.test.ts) and in
 * Chromium against the real app and server (tests/e2e/settings.model.test.ts), so the data below
 * is the seeded team KH and the admin account.
 */
// the Members and Connections pages have models of their own (tests/machines/team-members.model.test.ts,
// tests/machines/channel-keys.model.test.ts)
export type SettingsEvent = SettingsDialogEvent | TeamSettingsEvent | ProfileSettingsEvent;
export type ModelEvent = SettingsEvent | Synthetic;

export const KH = { id: 'team-kh', name: 'Cambodia' };
export const ADMIN = { id: 'user-admin', name: 'Alex Admin', email: 'admin@tourdesk.test' };

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const FILES = {
  png: () => new File([Buffer.from(PNG_1X1, 'base64')], 'logo.png', { type: 'image/png' }),
  /** 600 KB: refused before anything is read or sent. */
  large: () => new File([Buffer.alloc(600 * 1024, 1)], 'large.png', { type: 'image/png' }),
  gif: () => new File([Buffer.from('GIF89a')], 'logo.gif', { type: 'image/gif' }),
};
export const PNG_DATA_URL = `data:image/png;base64,${PNG_1X1}`;

const setting = (name: string, avatarUrl: string | null = null): Setting => ({ name, avatarUrl });
const RENAMED_TEAM = 'Cambodia Tours';
const RENAMED_USER = 'Alex A.';

/** A session stand-in that records what settings tell it. */
export function sessionSpy() {
  const received: SessionPatchEvent[] = [];
  const ref = createActor(
    fromCallback<SessionPatchEvent>(({ receive }) => receive((event) => received.push(event))),
  ).start() as unknown as SessionPatchRef;
  return { ref, received };
}

/** A settings dialog stand-in that records what the pages report of their drafts. */
export function ownerSpy() {
  const reports: SettingsUnsaved[] = [];
  const ref = createActor(
    fromCallback<SettingsUnsaved>(({ receive }) => receive((event) => reports.push(event))),
  ).start() as unknown as SettingsOwnerRef;
  /** The last report of each draft: unsaved or not. */
  const last = () => Object.fromEntries(reports.map((r) => [r.draft, r.unsaved]));
  return { ref, reports, last };
}

const pickedFiles = [FILES.png(), FILES.large(), FILES.gif()];
const logoUpload = avatarUploadTo(updateTeamSetting);

export interface SettingsModel {
  name: 'dialog' | 'team' | 'team (editor)' | 'team (member)' | 'profile' | 'avatar upload';
  machine: AnyStateMachine;
  input: unknown;
  events: ModelEvent[];
  /** What of the context matters to a state (besides its value). */
  key: (context: Record<string, unknown>) => unknown;
}

export function settingsModels(session: SessionPatchRef): SettingsModel[] {
  const teamEvents: ModelEvent[] = [
    { type: 'team.load' },
    done('loadTeam', setting(KH.name)),
    done('loadTeam', null),
    failed('loadTeam'),
    { type: 'team.edit', name: RENAMED_TEAM },
    { type: 'team.edit', name: KH.name },
    { type: 'team.edit', name: '' },
    { type: 'team.save' },
    done('saveTeamName', setting(RENAMED_TEAM)),
    failed('saveTeamName'),
    ...pickedFiles.map((file): ModelEvent => ({ type: 'team.logo', file })),
    done('uploadTeamLogo', setting(KH.name, PNG_DATA_URL)),
    // the upload failed (and logged it); its actor crashing is unit-model only
    done('uploadTeamLogo', null),
    failed('uploadTeamLogo'),
  ];
  const teamKey = (c: Record<string, unknown>) => ({ name: c.name, draft: c.draft });
  return [
    {
      name: 'dialog',
      // the pages are modelled on their own below; here they are actors that do nothing
      machine: settingsDialogMachine.provide({
        actors: {
          teamSettings: fromCallback(() => undefined) as unknown as typeof teamSettingsMachine,
          profileSettings: fromCallback(() => undefined) as unknown as typeof profileSettingsMachine,
          teamMembers: fromCallback(() => undefined) as unknown as typeof teamMembersMachine,
          channelKeys: fromCallback(() => undefined) as unknown as typeof channelKeysMachine,
        },
      }),
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
      events: [
        { type: 'dialog.open' },
        { type: 'dialog.close' },
        { type: 'dialog.select', page: 'team' },
        { type: 'dialog.select', page: 'member' },
        { type: 'dialog.select', page: 'connections' },
        { type: 'dialog.select', page: 'profile' },
        // the pages' reports of their drafts (a typed team name; an invitation typed on Members; a new
        // key's secret on Connections), and the leave guard's once the drafts are given up; the
        // question on the way to another page from Members or Connections (in the browser:
        // tests/e2e/reach-and-leave.test.ts asks and answers both questions)
        { type: 'settings.unsaved', draft: 'team', unsaved: true },
        { type: 'settings.unsaved', draft: 'team', unsaved: false },
        { type: 'settings.unsaved', draft: 'invite', unsaved: true },
        { type: 'settings.unsaved', draft: 'secret', unsaved: true },
        { type: 'switch.stay' },
        { type: 'switch.discard' },
        { type: 'leave.discarded', route: false },
        failed('leaveGuard'),
        // a page actor that crashes is logged (not producible from the screen: unit model only)
        failed('team'),
        failed('profile'),
        failed('members'),
        failed('connections'),
      ],
      key: (c) => ({ drafts: [...(c.drafts as string[])].sort(), switchTo: c.switchTo }),
    },
    {
      name: 'team',
      machine: teamSettingsMachine,
      input: { teamId: KH.id, role: 'ADMIN', session },
      events: teamEvents,
      key: teamKey,
    },
    // the role matrix: only admins change the team's name and logo
    {
      name: 'team (editor)',
      machine: teamSettingsMachine,
      input: { teamId: KH.id, role: 'EDITOR', session },
      events: teamEvents,
      key: teamKey,
    },
    {
      name: 'team (member)',
      machine: teamSettingsMachine,
      input: { teamId: KH.id, role: 'MEMBER', session },
      events: teamEvents,
      key: teamKey,
    },
    {
      name: 'profile',
      machine: profileSettingsMachine,
      input: { userId: ADMIN.id, name: ADMIN.name, avatarUrl: null, session },
      events: [
        { type: 'profile.load' },
        done('loadProfile', setting(ADMIN.name)),
        done('loadProfile', null),
        failed('loadProfile'),
        { type: 'profile.edit', name: RENAMED_USER },
        { type: 'profile.edit', name: '' },
        { type: 'profile.edit', name: ADMIN.name },
        { type: 'profile.commit' },
        done('saveProfileName', setting(RENAMED_USER)),
        failed('saveProfileName'),
        ...pickedFiles.map((file): ModelEvent => ({ type: 'profile.avatar', file })),
        done('uploadProfileAvatar', setting(ADMIN.name, PNG_DATA_URL)),
        done('uploadProfileAvatar', null),
        failed('uploadProfileAvatar'),
      ],
      key: (c) => ({ name: c.name, draft: c.draft }),
    },
    {
      // the upload child on its own, as the Team page runs it (a PNG picked as the logo)
      name: 'avatar upload',
      machine: logoUpload,
      input: { file: FILES.png(), owner: { teamId: KH.id } },
      events: [
        done('readAvatar', PNG_DATA_URL),
        failed('readAvatar'),
        done('uploadAvatar', setting(KH.name, PNG_DATA_URL)),
        failed('uploadAvatar'),
      ],
      key: () => null,
    },
  ];
}

type Snap = { value: unknown; context: Record<string, unknown> };
export type ModelPath = StatePath<Snap & ReturnType<AnyActorLogic['getInitialSnapshot']>, ModelEvent>;

export const stateKey = (model: SettingsModel, s: Snap) =>
  JSON.stringify({ value: s.value, ctx: model.key(s.context) });

/** Events as text; a picked file by its name (JSON shows a File as `{}`). */
export const eventKey = (event: ModelEvent) =>
  JSON.stringify(event, (_, value: unknown) => (value instanceof File ? value.name : value));

/** Does `event` take a transition of the machine from `snapshot` (not merely ignored)? */
export function takenTransitions(machine: AnyStateMachine, snapshot: unknown, event: ModelEvent): string[] {
  // a machine that is done takes nothing any more
  if ((snapshot as { status: string }).status === 'done') return [];
  const transitions = machine.getTransitionData(snapshot as never, event as never);
  return transitions.map(transitionKey);
}

function transitionKey(t: {
  source: AnyStateNode;
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: unknown;
}) {
  const guard = t.guard && typeof t.guard === 'object' ? (t.guard as { type?: string }).type : t.guard;
  return `${t.source.id} --${t.eventType}[${String(guard ?? '')}]--> ${(t.target ?? []).map((n) => n.id).join(',')}`;
}

/** Every transition the machine defines (event-driven and invoke results; `always` excluded). */
export function definedTransitions(machine: AnyStateMachine): string[] {
  const nodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(nodes)];
  return nodes(machine.root).flatMap((node) => [...node.transitions.values()].flat().map(transitionKey));
}

/**
 * Paths that reach every state and take every transition: the shortest path to each state, plus,
 * for each edge that changes something, the shortest path to its source followed by that edge.
 */
export function coverPaths(model: SettingsModel): ModelPath[] {
  const key = (s: Snap) => stateKey(model, s);
  const options = {
    events: model.events as never[],
    input: model.input as never,
    serializeState: (s: unknown) => key(s as Snap),
    serializeEvent: (e: unknown) => eventKey(e as ModelEvent),
  };
  const shortest = getShortestPaths(model.machine, options) as unknown as ModelPath[];
  const byState = new Map(shortest.map((p) => [key(p.state), p]));
  const adjacency = getAdjacencyMap(model.machine, options) as unknown as Record<
    string,
    { state: Snap; transitions: Record<string, { event: ModelEvent; state: Snap }> }
  >;
  const extra: ModelPath[] = [];
  for (const [from, { state, transitions }] of Object.entries(adjacency)) {
    const base = byState.get(from);
    if (!base) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      if (takenTransitions(model.machine, state, event).length === 0) continue;
      const steps = byState.get(key(next))?.steps ?? [];
      const endsWithThisEdge =
        steps.length > 1 && eventKey(steps.at(-1)!.event) === eventKey(event) && key(steps.at(-2)!.state) === from;
      if (endsWithThisEdge) continue;
      extra.push({
        state: next,
        steps: [...base.steps, { event, state: next }],
        weight: base.steps.length + 1,
      } as ModelPath);
    }
  }
  return [...shortest, ...extra];
}

/**
 * Fewer paths for the browser: shortest first, each kept only when it reaches a state or takes a
 * transition that no path kept before did. Together they still reach every state and take every
 * transition that `coverPaths` does.
 */
export function browserPaths(model: SettingsModel): ModelPath[] {
  const seen = new Set<string>();
  const marks = (p: ModelPath) =>
    p.steps.flatMap((step, i) => [
      `state ${JSON.stringify(step.state.value)}`,
      ...(i === 0 ? [] : takenTransitions(model.machine, p.steps[i - 1].state, step.event)),
    ]);
  return [...coverPaths(model)]
    .sort((a, b) => a.steps.length - b.steps.length)
    .filter((p) => {
      const fresh = marks(p).filter((m) => !seen.has(m));
      fresh.forEach((m) => seen.add(m));
      return fresh.length > 0;
    });
}

/** Controllable services for replaying a path on a real actor: each invoke waits for its step. */
export function replayLogic(model: SettingsModel) {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const deferred = fromPromise<unknown, unknown>(
    ({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject })),
  );
  const logic = model.machine.provide({
    actors: Object.fromEntries(Object.keys(model.machine.implementations.actors).map((src) => [src, deferred])),
  } as never);
  return { logic, pending };
}
