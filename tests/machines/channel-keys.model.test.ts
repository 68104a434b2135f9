import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, type ActorRefFrom } from 'xstate';
import type { ChannelKey, CreatedKey, KeyOutcome } from '../../src/api/services/channel-keys';
import { CHANNEL_KEYS_TEXT, keyNameProblem } from '../../src/domain/channel-keys';
import type { NotifyEvent } from '../../src/machines/notify';
import type { SettingsOwnerRef } from '../../src/machines/settings-dialog/shared';
import { channelKeysMachine, type ChannelKeysEvent } from '../../src/machines/channel-keys/channel-keys.machine';
import { enabledEvents } from './onboarding-harness';
import { allTransitions, idleActor, modelPaths, replay, type Model, type Path, type Snap } from './model-replay';
import { ownerSpy } from './settings-paths';
import { done, failed, type Synthetic } from './shared-fakes';

/**
 * Model-based: the Connections page's paths come from the production machine, each replayed on a
 * real actor whose services answer when the path says: loading and its failure, creating a key
 * (accepted: its secret on screen until closed; refused on the field; failed), copying the secret
 * (done, refused by the browser, again), revoking with its confirmation (accepted, refused,
 * failed). Together the paths take every transition of the machine. Then, on real actors: what the
 * page tells the settings dialog of a key's name typed and of a secret not copied.
 */
const key = (over: Partial<ChannelKey> & Pick<ChannelKey, 'id' | 'name'>): ChannelKey => ({
  channel: 'KLOOK',
  prefix: 'tdk_AbCdEf',
  createdAt: '2026-11-26T03:00:00.000Z',
  createdBy: { id: 'u-admin', name: 'Alex Admin' },
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});
const LIVE = key({ id: 'k-live', name: 'Klook live', lastUsedAt: '2026-11-27T01:30:00.000Z' });
const OLD = key({ id: 'k-old', name: 'Viator old', channel: 'VIATOR', revokedAt: '2026-11-20T00:00:00.000Z' });
const KEYS = [LIVE, OLD];
const SECRET = 'tdk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd';
const ok = <T>(data: T): KeyOutcome<T> => ({ ok: true, data });
const refusal = (message: string): KeyOutcome<never> => ({ ok: false, refusal: message });

type Event = ChannelKeysEvent | Synthetic;
const GESTURES: Event[] = [
  { type: 'keys.retry' },
  { type: 'keys.name', name: 'KKday live' },
  { type: 'keys.name', name: '   ' },
  { type: 'keys.name', name: 'x'.repeat(101) },
  { type: 'keys.channel', channel: 'KKDAY' },
  { type: 'keys.create' },
  { type: 'keys.revoke', id: LIVE.id },
  { type: 'keys.revoke', id: OLD.id },
  { type: 'revoke.cancel' },
  { type: 'revoke.confirm' },
  { type: 'secret.copy' },
  { type: 'secret.close' },
  { type: 'secret.stay' },
  { type: 'secret.discard' },
];

type Ctx = {
  draft: { name: string; channel: ChannelKey['channel'] };
  revoking: ChannelKey | null;
  keys: ChannelKey[];
  created: CreatedKey | null;
  fieldError: string | null;
  error: string | null;
};
const ctx = (s: Snap) => s.context as unknown as Ctx;

/** The services' answers, as they would come for the request under way. */
function answers(s: Snap): Event[] {
  const c = ctx(s);
  const created = key({
    id: 'k-new',
    name: c.draft.name.trim(),
    channel: c.draft.channel,
    prefix: SECRET.slice(0, 10),
  });
  return [
    done('loadKeys', KEYS),
    failed('loadKeys'),
    done('createKey', ok({ key: created, secret: SECRET })),
    done('createKey', refusal('Give the key a name')),
    failed('createKey'),
    done('copySecret', undefined),
    failed('copySecret'),
    ...(c.revoking ? [done('revokeKey', ok({ ...c.revoking, revokedAt: '2026-11-28T00:00:00.000Z' }))] : []),
    done('revokeKey', refusal('API key not found')),
    failed('revokeKey'),
  ];
}

const model: Model<ChannelKeysEvent> = {
  machine: channelKeysMachine,
  input: { teamId: 'team-1', timezone: 'Asia/Ho_Chi_Minh', origin: 'https://desk.example.com' },
  events: (s) => enabledEvents<ChannelKeysEvent>([...GESTURES, ...answers(s)])(s as never),
  // what steers the machine (the lists and the texts are checked on the paths below)
  key: (s) => {
    const c = ctx(s);
    return {
      value: s.value,
      name: keyNameProblem(c.draft.name) ?? 'valid',
      fieldError: c.fieldError !== null,
      error: c.error !== null,
      secret: c.created !== null,
    };
  },
};
/**
 * Edges whose target the shortest paths reach another way first (same state, same incoming event):
 * copying again from `copied` or `copyFailed`, the question asked while copying or after a refused
 * copy, and staying. Each is added to the path that ends in its source.
 */
const MORE_EDGES: ReadonlyArray<readonly [string, ChannelKeysEvent]> = [
  ['copied', { type: 'secret.copy' }],
  ['copyFailed', { type: 'secret.copy' }],
  ['copying', { type: 'secret.close' }],
  ['copyFailed', { type: 'secret.close' }],
  ['asking', { type: 'secret.stay' }],
  ['asking', { type: 'secret.discard' }],
];
function moreEdges(shortest: Path[]): Path[] {
  return MORE_EDGES.map(([from, event]) => {
    const base = shortest.find((p) => JSON.stringify(p.state.value) === JSON.stringify({ ready: { secret: from } }))!;
    const next = getNextSnapshot(channelKeysMachine, base.state as never, event) as unknown as Snap;
    return { steps: [...base.steps, { state: next, event }], state: next };
  });
}
const shortestPaths = modelPaths(model);
const paths = [...shortestPaths, ...moreEdges(shortestPaths)];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const title = (p: Path) =>
  p.steps
    .slice(1)
    .map((s) => s.event.type.replace('xstate.', ''))
    .join(' → ') || 'initial';

describe('the Connections page model', () => {
  const taken = new Set<string>();

  it('reaches every state, the field’s errors and the page’s errors', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of [
      '"loading"',
      '"failed"',
      '{"ready":"idle"}',
      '{"ready":"creating"}',
      '{"ready":{"secret":"shown"}}',
      '{"ready":{"secret":"copying"}}',
      '{"ready":{"secret":"copied"}}',
      '{"ready":{"secret":"copyFailed"}}',
      '{"ready":{"secret":"asking"}}',
      '{"ready":"confirmingRevoke"}',
      '{"ready":"revoking"}',
    ])
      expect(values, v).toContain(v);
    const fieldErrors = new Set(paths.map((p) => ctx(p.state).fieldError));
    expect(fieldErrors).toEqual(
      new Set([null, CHANNEL_KEYS_TEXT.nameMissing, CHANNEL_KEYS_TEXT.nameTooLong, 'Give the key a name']),
    );
    const errors = new Set(paths.map((p) => ctx(p.state).error));
    expect(errors).toEqual(
      new Set([
        null,
        CHANNEL_KEYS_TEXT.loadFailed,
        CHANNEL_KEYS_TEXT.createFailed,
        CHANNEL_KEYS_TEXT.revokeFailed,
        'API key not found',
      ]),
    );
  });

  describe.each(paths.map((p) => [title(p), p] as const))('%s', (_, path) => {
    it('replays on a real actor, state by state', async () => {
      const seen = await replay(model, path, (actual, expected, event) => expect(actual, event).toBe(expected));
      seen.forEach((t) => taken.add(t));
    });
  });

  it('took every transition of the machine on the way', () => {
    expect([...taken].sort()).toEqual([...new Set(allTransitions(channelKeysMachine.root))].sort());
  });
});

describe('the Connections page, what the paths keep', () => {
  const events = (p: Path) => p.steps.map((s) => s.event.type);
  const find = (predicate: (p: Path) => boolean) => {
    const p = paths.find(predicate);
    expect(p).toBeDefined();
    return p!;
  };

  it('knows where resellers call: the origin’s /octo', () => {
    expect(ctx(paths[0].state)).toMatchObject({
      baseUrl: 'https://desk.example.com/octo',
      timezone: 'Asia/Ho_Chi_Minh',
    });
  });

  it('a created key heads the list; its secret is in context while shown, and the form is empty again', () => {
    const p = find((x) => events(x).at(-1) === 'xstate.done.actor.createKey' && ctx(x.state).created !== null);
    const c = ctx(p.state);
    expect(c.created).toEqual({ key: c.keys[0], secret: SECRET });
    expect(c.keys.slice(1)).toEqual(KEYS);
    expect(c.draft.name).toBe('');
  });

  it('closing the secret drops it from the context once copied, or once the question is answered', () => {
    const closed = paths.filter((x) => ['secret.close', 'secret.discard'].includes(events(x).at(-1)!));
    const gone = closed.filter((x) => JSON.stringify(x.state.value) === '{"ready":"idle"}');
    expect(new Set(gone.map((x) => events(x).at(-1)))).toEqual(new Set(['secret.close', 'secret.discard']));
    for (const p of gone) {
      expect(ctx(p.state).created).toBeNull();
      expect(JSON.stringify(p.state.context)).not.toContain(SECRET);
    }
    // closed before a copy: asked first, the secret still there (copying, refused, or not tried)
    const asked = closed.filter((x) => JSON.stringify(x.state.value) === '{"ready":{"secret":"asking"}}');
    expect(new Set(asked.map((x) => JSON.stringify(x.steps.at(-2)!.state.value)))).toEqual(
      new Set(['{"ready":{"secret":"shown"}}', '{"ready":{"secret":"copying"}}', '{"ready":{"secret":"copyFailed"}}']),
    );
    for (const p of asked) expect(ctx(p.state).created?.secret).toBe(SECRET);
  });

  it('a refused name keeps what was typed, with the server’s words on the field', () => {
    const p = find((x) => events(x).at(-1) === 'xstate.done.actor.createKey' && ctx(x.state).fieldError !== null);
    expect(ctx(p.state).fieldError).toBe('Give the key a name');
    expect(ctx(p.state).draft.name).not.toBe('');
    expect(p.state.value).toEqual({ ready: 'idle' });
  });

  it('a revoked key stays in the list with its revocation; a revoked key cannot be revoked again', () => {
    const p = find((x) => events(x).at(-1) === 'xstate.done.actor.revokeKey' && ctx(x.state).error === null);
    const live = ctx(p.state).keys.find((k) => k.id === LIVE.id)!;
    expect(live.revokedAt).not.toBeNull();
    expect(ctx(p.state).keys).toHaveLength(KEYS.length);
    const revokes = paths.flatMap((x) => x.steps.map((st) => st.event)).filter((e) => e.type === 'keys.revoke');
    expect(revokes.length).toBeGreaterThan(0);
    expect(revokes.filter((e) => (e as unknown as { id: string }).id === OLD.id)).toEqual([]);
  });
});

/** A Connections page on faked services (the key created is KKday live's). */
const created = key({ id: 'k-new', name: 'KKday live', channel: 'KKDAY' });

function start(copy: () => Promise<void>, owner?: SettingsOwnerRef) {
  const create = vi.fn(async (_: { input: { teamId: string; channel: ChannelKey['channel']; name: string } }) =>
    ok<CreatedKey>({ key: created, secret: SECRET }),
  );
  const logic = channelKeysMachine.provide({
    actors: {
      loadChannelKeys: fromPromise(async () => KEYS),
      createChannelKey: fromPromise(create),
      copyKeySecret: fromPromise(async ({ input }: { input: { secret: string } }) => {
        expect(input.secret).toBe(SECRET);
        await copy();
      }),
      revokeChannelKey: fromPromise(async () => ok<ChannelKey>({ ...LIVE, revokedAt: '2026-11-28T00:00:00.000Z' })),
    },
  });
  const actor = createActor(logic, { input: { ...(model.input as object), owner } as never });
  const notices: NotifyEvent[] = [];
  actor.on('notify', (n) => notices.push(n));
  actor.start();
  return { actor, create, notices };
}

describe('the Connections page, with its services', () => {
  it('creates with the trimmed name and channel, says so, copies on request, and forgets the secret on close', async () => {
    const copied = vi.fn(async () => undefined);
    const { actor, create, notices } = start(copied);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));
    actor.send({ type: 'keys.name', name: '  KKday live ' });
    actor.send({ type: 'keys.channel', channel: 'KKDAY' });
    actor.send({ type: 'keys.create' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { secret: 'shown' } })).toBe(true));
    expect(create.mock.calls[0][0].input).toEqual({ teamId: 'team-1', channel: 'KKDAY', name: 'KKday live' });
    expect(notices).toEqual([{ type: 'notify', kind: 'success', message: CHANNEL_KEYS_TEXT.created('KKday live') }]);
    actor.send({ type: 'secret.copy' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { secret: 'copied' } })).toBe(true));
    expect(copied).toHaveBeenCalledOnce();
    expect(notices.at(-1)).toMatchObject({ kind: 'success', message: CHANNEL_KEYS_TEXT.copied });
    actor.send({ type: 'secret.close' });
    expect(actor.getSnapshot().context.created).toBeNull();
    // the draft keeps the channel, so a second key for the same OTA is one name away
    expect(actor.getSnapshot().context.draft).toEqual({ name: '', channel: 'KKDAY' });
    actor.stop();
  });

  it('a clipboard the browser refuses leaves the secret on screen to copy by hand', async () => {
    const { actor } = start(async () => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));
    actor.send({ type: 'keys.name', name: 'KKday live' });
    actor.send({ type: 'keys.create' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { secret: 'shown' } })).toBe(true));
    actor.send({ type: 'secret.copy' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { secret: 'copyFailed' } })).toBe(true));
    expect(actor.getSnapshot().context.created?.secret).toBe(SECRET);
    actor.stop();
  });

  it('a blank name is refused before any call', () => {
    const actor = idleActor(model as never).start();
    expect(actor.getSnapshot().can({ type: 'keys.create' } as never)).toBe(false);
    actor.stop();
  });
});

describe('the Connections page tells the settings dialog what leaving would lose (issue 24 point 6)', () => {
  const idle = (actor: ActorRefFrom<typeof channelKeysMachine>) =>
    vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));

  it('a name typed is unsaved until created or emptied; the secret until copied or closed', async () => {
    const owner = ownerSpy();
    const { actor } = start(async () => undefined, owner.ref);
    await idle(actor);
    expect(owner.last()).toEqual({ secret: false });
    actor.send({ type: 'keys.name', name: 'KKday live' });
    expect(owner.last()).toEqual({ key: true, secret: false });
    actor.send({ type: 'keys.name', name: ' ' });
    expect(owner.last()).toEqual({ key: false, secret: false });

    actor.send({ type: 'keys.name', name: 'KKday live' });
    actor.send({ type: 'keys.create' });
    // on its way, then on screen: the secret cannot be shown again, the name is now the key's
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { secret: 'shown' } })).toBe(true));
    expect(owner.reports.filter((r) => r.draft === 'secret').at(-1)).toEqual({
      type: 'settings.unsaved',
      draft: 'secret',
      unsaved: true,
    });
    expect(owner.last()).toEqual({ key: false, secret: true });
    actor.send({ type: 'secret.copy' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { secret: 'copied' } })).toBe(true));
    expect(owner.last()).toEqual({ key: false, secret: false });
    actor.send({ type: 'secret.close' });
    expect(owner.last()).toEqual({ key: false, secret: false });
    actor.stop();
  });

  it('a copy the browser refuses leaves the secret unsaved; Done asks, and only giving it up forgets it', async () => {
    const owner = ownerSpy();
    const { actor } = start(async () => Promise.reject(new DOMException('Denied', 'NotAllowedError')), owner.ref);
    await idle(actor);
    actor.send({ type: 'keys.name', name: 'KKday live' });
    actor.send({ type: 'keys.create' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { secret: 'shown' } })).toBe(true));
    actor.send({ type: 'secret.copy' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { secret: 'copyFailed' } })).toBe(true));
    expect(owner.last()).toEqual({ key: false, secret: true });
    actor.send({ type: 'secret.close' });
    actor.send({ type: 'secret.stay' });
    expect(actor.getSnapshot().matches({ ready: { secret: 'shown' } })).toBe(true);
    expect(actor.getSnapshot().context.created?.secret).toBe(SECRET);
    expect(owner.last()).toEqual({ key: false, secret: true });
    actor.send({ type: 'secret.close' });
    actor.send({ type: 'secret.discard' });
    expect(actor.getSnapshot().context.created).toBeNull();
    expect(owner.last()).toEqual({ key: false, secret: false });
    actor.stop();
  });
});
