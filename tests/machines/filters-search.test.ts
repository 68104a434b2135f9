import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filtersSearchMachine, SEARCH_PAUSE_MS } from '../../src/machines/filters-search/filters-search.machine';
import { underParent } from './shared-fakes';

/** The search box under a stand-in screen: `committed()` is what it reported, in order. */
function start(text = '') {
  const { child: actor, reports } = underParent(filtersSearchMachine, { text });
  const committed = () => reports.map((e) => (e.type === 'search.committed' ? (e.text as string) : e.type));
  return { actor, committed };
}
/** The clock is fake: the pause passes when a test says so. */
const clock = { increment: (ms: number) => vi.advanceTimersByTime(ms) };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('search box', () => {
  it('commits after a pause in typing, once', () => {
    const { actor, committed } = start();
    actor.send({ type: 'search.change', text: 'kl' });
    clock.increment(SEARCH_PAUSE_MS - 1);
    actor.send({ type: 'search.change', text: 'kl-12' });
    clock.increment(SEARCH_PAUSE_MS - 1);
    expect(committed()).toEqual([]);
    expect(actor.getSnapshot().matches('typing')).toBe(true);
    clock.increment(1);
    expect(committed()).toEqual(['kl-12']);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    clock.increment(SEARCH_PAUSE_MS * 4);
    expect(committed()).toEqual(['kl-12']);
  });

  it('commits at once on Enter, and not again after the pause', () => {
    const { actor, committed } = start();
    actor.send({ type: 'search.change', text: ' VN-000123 ' });
    actor.send({ type: 'search.submit' });
    expect(committed()).toEqual(['VN-000123']);
    clock.increment(SEARCH_PAUSE_MS);
    expect(committed()).toEqual(['VN-000123']);
  });

  it('does not commit an unchanged search', () => {
    const { actor, committed } = start('abc');
    actor.send({ type: 'search.submit' });
    actor.send({ type: 'search.change', text: 'abc ' });
    clock.increment(SEARCH_PAUSE_MS);
    expect(committed()).toEqual([]);
  });

  it('commits clearing the box', () => {
    const { actor, committed } = start('abc');
    actor.send({ type: 'search.change', text: '' });
    clock.increment(SEARCH_PAUSE_MS);
    expect(committed()).toEqual(['']);
  });

  it('follows the URL without committing, and cancels a pending commit', () => {
    const { actor, committed } = start('abc');
    actor.send({ type: 'search.change', text: 'abcd' });
    actor.send({ type: 'search.sync', text: '' });
    clock.increment(SEARCH_PAUSE_MS);
    expect(committed()).toEqual([]);
    expect(actor.getSnapshot().context).toEqual({ text: '', committed: '' });
  });
});
