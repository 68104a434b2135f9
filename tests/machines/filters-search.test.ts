import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { filtersSearchMachine, SEARCH_PAUSE_MS } from '../../src/machines/filters-search/filters-search.machine';

function start(text = '') {
  const clock = new SimulatedClock();
  const actor = createActor(filtersSearchMachine, { input: { text }, clock }).start();
  const committed: string[] = [];
  actor.on('search.committed', (e) => committed.push(e.text));
  return { actor, clock, committed };
}

describe('search box', () => {
  it('commits after a pause in typing, once', () => {
    const { actor, clock, committed } = start();
    actor.send({ type: 'search.change', text: 'kl' });
    clock.increment(SEARCH_PAUSE_MS - 1);
    actor.send({ type: 'search.change', text: 'kl-12' });
    clock.increment(SEARCH_PAUSE_MS - 1);
    expect(committed).toEqual([]);
    expect(actor.getSnapshot().matches('typing')).toBe(true);
    clock.increment(1);
    expect(committed).toEqual(['kl-12']);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    clock.increment(SEARCH_PAUSE_MS * 4);
    expect(committed).toEqual(['kl-12']);
  });

  it('commits at once on Enter, and not again after the pause', () => {
    const { actor, clock, committed } = start();
    actor.send({ type: 'search.change', text: ' VN-000123 ' });
    actor.send({ type: 'search.submit' });
    expect(committed).toEqual(['VN-000123']);
    clock.increment(SEARCH_PAUSE_MS);
    expect(committed).toEqual(['VN-000123']);
  });

  it('does not commit an unchanged search', () => {
    const { actor, clock, committed } = start('abc');
    actor.send({ type: 'search.submit' });
    actor.send({ type: 'search.change', text: 'abc ' });
    clock.increment(SEARCH_PAUSE_MS);
    expect(committed).toEqual([]);
  });

  it('commits clearing the box', () => {
    const { actor, clock, committed } = start('abc');
    actor.send({ type: 'search.change', text: '' });
    clock.increment(SEARCH_PAUSE_MS);
    expect(committed).toEqual(['']);
  });

  it('follows the URL without committing, and cancels a pending commit', () => {
    const { actor, clock, committed } = start('abc');
    actor.send({ type: 'search.change', text: 'abcd' });
    actor.send({ type: 'search.sync', text: '' });
    clock.increment(SEARCH_PAUSE_MS);
    expect(committed).toEqual([]);
    expect(actor.getSnapshot().context).toEqual({ text: '', committed: '' });
  });
});
