import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  otaAccountsMachine,
  SAVE_FAILED,
  type OtaAccountsEvent,
} from '../../src/machines/ota-accounts/ota-accounts.machine';
import { OTA_SELECTION_MESSAGE } from '../../src/domain/onboarding-rules';

const NOT_AN_ADDRESS = 'Enter a valid e-mail address for MPG, like bookings@example.com.';
const TWICE = 'Each OTA needs its own inbox: klook@delta.test is given twice.';
import {
  allTransitions,
  deferredActors,
  done,
  enabledEvents,
  failed,
  flush,
  isSynthetic,
  recordingActor,
  restingStates,
  type Synthetic,
} from './onboarding-harness';

/** Model-based: paths generated from the production machine, replayed on a real actor. */
const accounts = {
  available: [
    { ota: 'KLOOK' as const, email: 'klook@delta.test' },
    { ota: 'MPG' as const, email: 'mpg@delta.test' },
  ],
  otas: [],
};
type ModelEvent = OtaAccountsEvent | Synthetic;
const EVENTS: ModelEvent[] = [
  done('getOtaAccounts', accounts),
  done('getOtaAccounts', null),
  failed('getOtaAccounts'),
  { type: 'ota.retry' },
  { type: 'ota.toggle', email: 'klook@delta.test' },
  // the team's own inbox typed over the made-up one, an address that is none, one given twice
  { type: 'ota.address', ota: 'MPG', email: 'bookings@delta.test' },
  { type: 'ota.address', ota: 'MPG', email: 'bookings@' },
  { type: 'ota.address', ota: 'MPG', email: 'klook@delta.test' },
  { type: 'ota.address', ota: 'VIATOR', email: 'viator@delta.test' },
  { type: 'ota.save' },
  done('saveOtaAccounts', { ...accounts, otas: ['klook@delta.test'] }),
  failed('saveOtaAccounts'),
];

const IDS = ['getOtaAccounts', 'saveOtaAccounts'] as const;
const model = otaAccountsMachine.provide({ actors: deferredActors(IDS).actors as never });
type Snap = SnapshotFrom<typeof otaAccountsMachine>;
const key = (s: Snap) =>
  JSON.stringify({
    v: s.value,
    sel: s.context.selected,
    err: s.context.error,
    inboxes: s.context.available.map((a) => a.email),
  });
const paths = getShortestPaths(model, {
  input: { teamId: 't1' },
  events: enabledEvents<OtaAccountsEvent>(EVENTS),
  // the incoming event is part of a node, so every transition ends a path of its own
  serializeState: (s, event) => `${key(s as Snap)} ← ${event?.type ?? ''}`,
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const taken = new Set<string>();

describe('OTA accounts model', () => {
  it('reaches every state, and the selection and save messages', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(new Set(restingStates(otaAccountsMachine.root)));
    const errors = new Set(paths.map((p) => p.state.context.error));
    expect(errors).toEqual(new Set([null, OTA_SELECTION_MESSAGE, SAVE_FAILED, NOT_AN_ADDRESS, TWICE]));
  });

  describe.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' → ') + ` ⇒ ${key(p.state)}`, p] as const))(
    '%s',
    (_, path) => {
      it('replays on a real actor, state by state', async () => {
        const fakes = deferredActors(IDS);
        const { actor, taken: seen } = recordingActor(otaAccountsMachine.provide({ actors: fakes.actors as never }), {
          input: { teamId: 't1' },
        });
        actor.start();
        for (const step of path.steps.slice(1)) {
          const event = step.event as ModelEvent;
          if (isSynthetic(event)) fakes.settle(event);
          else actor.send(event);
          await flush();
          expect(key(actor.getSnapshot())).toBe(key(step.state));
        }
        if (path.state.status === 'done')
          expect(actor.getSnapshot().output).toEqual({ otas: path.state.context.selected });
        seen.forEach((t) => taken.add(t));
        actor.stop();
      });
    },
  );

  it('took every transition of the machine on the way', () => {
    expect([...taken].sort()).toEqual(allTransitions(otaAccountsMachine.root).sort());
  });
});
