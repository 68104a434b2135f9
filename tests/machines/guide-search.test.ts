import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Guide, GuideQuery } from '../../src/api/services/emails';
import { GUIDE_PAUSE_MS, guideSearchMachine } from '../../src/machines/guide-search/guide-search.machine';
import { underParent } from './shared-fakes';

/**
 * The guide picker of the send-info dialog, on fake timers: it searches as the operator types,
 * a pause after the last key; the newest search wins; a pick is reported to the dialog; a
 * failed search says so.
 */
const guide = (id: string, name: string): Guide => ({
  id,
  name,
  email: `${id}@example.test`,
  phone: null,
  languages: ['English'],
  location: 'Hanoi',
});
const ANH = guide('g1', 'Anh Nguyen');
const BAO = guide('g2', 'Bao Tran');
const SOKHA = guide('g3', 'Sokha Chan');

const TEAM = 'team-vn';

interface Search {
  teamId: string;
  query: string;
  near?: string | null;
  signal: AbortSignal;
  resolve: (guides: Guide[]) => void;
  reject: (error: unknown) => void;
}

/** The search under a stand-in dialog, with requests that wait until the test answers them. */
function harness() {
  const searches: Search[] = [];
  const searchGuides = fromPromise<Guide[], GuideQuery>(
    ({ input, signal }) => new Promise((resolve, reject) => searches.push({ ...input, signal, resolve, reject })),
  );
  const dialog = underParent(guideSearchMachine.provide({ actors: { searchGuides } }), {
    teamId: TEAM,
    near: 'Hanoi',
  });
  const search = dialog.child;
  const shown = () => {
    const s = search.getSnapshot();
    return { query: s.context.query, guides: s.context.guides.map((g) => g.name), error: s.context.error };
  };
  return { ...dialog, search, searches, shown, searching: () => search.getSnapshot().hasTag('searching') };
}

/** Lets answered searches reach the machine, and time pass. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

let h: ReturnType<typeof harness>;
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  h = harness();
});
afterEach(() => {
  h.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('guide search', () => {
  it('lists guides as soon as the dialog opens, with nothing typed', async () => {
    expect(h.searches.map((s) => s.query)).toEqual(['']);
    // the directory is per team: every search names the dialog's team, and the tour's place
    expect(h.searches[0].teamId).toBe(TEAM);
    expect(h.searches[0].near).toBe('Hanoi');
    expect(h.searching()).toBe(true);
    h.searches[0].resolve([ANH, BAO]);
    await pass(0);
    expect(h.shown()).toEqual({ query: '', guides: ['Anh Nguyen', 'Bao Tran'], error: null });
    expect(h.searching()).toBe(false);
  });

  it('searches as you type: once, a pause after the last key, for what was typed without blanks', async () => {
    h.searches[0].resolve([ANH, BAO]);
    await pass(0);
    for (const text of ['S', 'So', '  Sok ']) {
      h.search.send({ type: 'guide.query', text });
      await pass(GUIDE_PAUSE_MS - 100);
    }
    // typing shows at once; the list stays until the search answers
    expect(h.shown()).toEqual({ query: '  Sok ', guides: ['Anh Nguyen', 'Bao Tran'], error: null });
    expect(h.searches).toHaveLength(1);
    await pass(99);
    expect(h.searches).toHaveLength(1);
    await pass(1);
    expect(h.searches.map((s) => s.query)).toEqual(['', 'Sok']);
    expect(h.searches.map((s) => s.teamId)).toEqual([TEAM, TEAM]);
    expect(h.searching()).toBe(true);
    h.searches[1].resolve([SOKHA]);
    await pass(0);
    expect(h.shown()).toEqual({ query: '  Sok ', guides: ['Sokha Chan'], error: null });
    // and the pause is 300 ms
    expect(GUIDE_PAUSE_MS).toBe(300);
  });

  it('lets the newest search win: typing cancels the search in flight and its late answer is never shown', async () => {
    h.searches[0].resolve([ANH, BAO]);
    await pass(0);
    h.search.send({ type: 'guide.query', text: 'Anh' });
    await pass(GUIDE_PAUSE_MS);
    const [, older] = h.searches;
    expect(older.query).toBe('Anh');

    h.search.send({ type: 'guide.query', text: 'Sokha' });
    // the request nobody waits for any more is aborted
    expect(older.signal.aborted).toBe(true);
    await pass(GUIDE_PAUSE_MS);
    const newer = h.searches[2];
    expect(newer.query).toBe('Sokha');

    newer.resolve([SOKHA]);
    older.resolve([ANH]);
    await pass(0);
    expect(h.shown().guides).toEqual(['Sokha Chan']);
    expect(h.searches).toHaveLength(3);
  });

  it('reports a pick to the dialog; a guide not listed is not picked; clearing reports none', async () => {
    h.searches[0].resolve([ANH, BAO]);
    await pass(0);
    h.search.send({ type: 'guide.pick', id: BAO.id });
    expect(h.reportsOf('guide.picked')).toEqual([{ type: 'guide.picked', guide: BAO }]);
    expect(h.search.getSnapshot().context.picked).toEqual(BAO);

    h.search.send({ type: 'guide.pick', id: SOKHA.id });
    expect(h.reportsOf('guide.picked')).toHaveLength(1);
    expect(h.search.getSnapshot().context.picked).toEqual(BAO);

    // a new search keeps the pick: the dialog still sends with Bao until another is picked
    h.search.send({ type: 'guide.query', text: 'So' });
    await pass(GUIDE_PAUSE_MS);
    h.searches[1].resolve([SOKHA]);
    await pass(0);
    expect(h.search.getSnapshot().context.picked).toEqual(BAO);
    h.search.send({ type: 'guide.pick', id: SOKHA.id });
    h.search.send({ type: 'guide.clear' });
    expect(h.reportsOf('guide.picked')).toEqual([
      { type: 'guide.picked', guide: BAO },
      { type: 'guide.picked', guide: SOKHA },
      { type: 'guide.picked', guide: null },
    ]);
    expect(h.reports.every((r) => r.type === 'guide.picked')).toBe(true);
  });

  it('shows the error when a search fails, with no guides, until the next search answers', async () => {
    h.searches[0].reject(new Error('503'));
    await pass(0);
    expect(h.shown()).toEqual({ query: '', guides: [], error: 'Guides could not be searched' });
    expect(h.searching()).toBe(false);
    expect(h.reports).toEqual([]);

    h.search.send({ type: 'guide.query', text: 'Anh' });
    await pass(GUIDE_PAUSE_MS);
    h.searches[1].resolve([ANH]);
    await pass(0);
    expect(h.shown()).toEqual({ query: 'Anh', guides: ['Anh Nguyen'], error: null });
  });
});
