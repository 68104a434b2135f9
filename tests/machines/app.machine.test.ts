import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { appMachine, type AppInput } from '../../src/machines/app/app.machine';
import { selectOrderSelection, selectReloading, selectTourSelection } from '../../src/machines/app/selectors';
import { selectionMachine } from '../../src/machines/selection/selection.machine';

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

describe('selection', () => {
  it('toggles, sets and clears ids', () => {
    const actor = createActor(selectionMachine).start();
    actor.send({ type: 'selection.toggle', id: 'a' });
    actor.send({ type: 'selection.toggle', id: 'b' });
    actor.send({ type: 'selection.toggle', id: 'a' });
    expect(actor.getSnapshot().context.ids).toEqual(['b']);
    actor.send({ type: 'selection.set', ids: ['x', 'y', 'x'] });
    expect(actor.getSnapshot().context.ids).toEqual(['x', 'y']);
    actor.send({ type: 'selection.clear' });
    expect(actor.getSnapshot().context.ids).toEqual([]);
  });
});

describe('app actor', () => {
  const fresh = { lastChunkReloadAt: null, now: 1_000_000 };

  it('clears the order selection on navigation to /order… and the tour selection on /tour…', () => {
    const { actor } = start(fresh);
    const orders = selectOrderSelection(actor.getSnapshot())!;
    const tours = selectTourSelection(actor.getSnapshot())!;
    orders.send({ type: 'selection.set', ids: ['o1'] });
    tours.send({ type: 'selection.set', ids: ['t1'] });

    actor.send({ type: 'route.changed', pathname: '/products' });
    expect(orders.getSnapshot().context.ids).toEqual(['o1']);
    expect(tours.getSnapshot().context.ids).toEqual(['t1']);

    actor.send({ type: 'route.changed', pathname: '/tours/today' });
    expect(tours.getSnapshot().context.ids).toEqual([]);
    expect(orders.getSnapshot().context.ids).toEqual(['o1']);

    actor.send({ type: 'route.changed', pathname: '/orders/pending' });
    expect(orders.getSnapshot().context.ids).toEqual([]);
  });

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
