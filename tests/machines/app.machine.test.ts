import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { appMachine, type AppInput } from '../../src/machines/app/app.machine';
import { selectReloading } from '../../src/machines/app/selectors';

function start(input: AppInput) {
  const effects = { reloadPage: vi.fn(), stampChunkReload: vi.fn(), leaveApp: vi.fn<(url: string) => void>() };
  const logic = appMachine.provide({
    actions: {
      reloadPage: () => effects.reloadPage(),
      stampChunkReload: () => effects.stampChunkReload(),
      leaveApp: (_, { url }) => effects.leaveApp(url),
    },
  });
  return { actor: createActor(logic, { input }).start(), effects };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('app actor', () => {
  const fresh = { lastChunkReloadAt: null, now: 1_000_000 };

  it('leaves the app through the named navigation action', () => {
    const { actor, effects } = start(fresh);
    actor.send({ type: 'route.leave', url: 'https://example.com/help' });
    expect(effects.leaveApp).toHaveBeenCalledExactlyOnceWith('https://example.com/help');
  });

  it('reloads once on a chunk load error and stamps the time', () => {
    const { actor, effects } = start(fresh);
    actor.send({ type: 'chunk.failed' });
    actor.send({ type: 'chunk.failed' });
    expect(effects.stampChunkReload).toHaveBeenCalledTimes(1);
    expect(effects.reloadPage).toHaveBeenCalledTimes(1);
    expect(selectReloading(actor.getSnapshot())).toBe(true);
  });

  it('does not reload again within 10 s of the last chunk reload, then does', () => {
    const { actor, effects } = start({ lastChunkReloadAt: 1_000_000 - 4_000, now: 1_000_000 });
    actor.send({ type: 'chunk.failed' });
    expect(effects.reloadPage).not.toHaveBeenCalled();
    expect(selectReloading(actor.getSnapshot())).toBe(false);

    vi.advanceTimersByTime(5_999);
    actor.send({ type: 'chunk.failed' });
    expect(effects.reloadPage).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    actor.send({ type: 'chunk.failed' });
    expect(effects.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('reloads when the last chunk reload is older than 10 s', () => {
    const { actor, effects } = start({ lastChunkReloadAt: 1_000_000 - 10_000, now: 1_000_000 });
    actor.send({ type: 'chunk.failed' });
    expect(effects.reloadPage).toHaveBeenCalledTimes(1);
  });
});
