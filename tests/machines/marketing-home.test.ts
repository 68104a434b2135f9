import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { marketingHomeMachine } from '../../src/machines/marketing-home/marketing-home.machine';
import {
  selectAdsByTag,
  selectEmailGroup,
  selectLiveBanner,
  selectLiveInterstitial,
  selectMayEdit,
  selectView,
} from '../../src/machines/marketing-home/selectors';
import type { Role } from '../../src/domain/statuses';
import { ad, group, recordingServices, TEAM } from './ads-fakes';
import { flush } from './panel-fakes';
import { done, failed } from './shared-fakes';

/** The marketing home: what is live now is the e-mail and interstitial groups' live ads, in order. */
const [A, B, C, X] = [ad('a', 'new'), ad('b'), ad('c'), ad('x', 'archived')];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

function home(role: Role = 'EDITOR') {
  const services = recordingServices(['load']);
  const actor = createActor(marketingHomeMachine.provide({ actors: services.actors as never }), {
    input: { teamId: TEAM, role },
  }).start();
  return { actor, services };
}

describe('marketing home', () => {
  it('shows the live banner and interstitial (archived ads left out) and the ads by tag', async () => {
    const { actor, services } = home();
    expect(selectView(actor.getSnapshot())).toBe('loading');
    expect(services.calls).toEqual([{ service: 'load', input: { teamId: TEAM } }]);
    await services.settle(
      done('load', {
        ads: [A, B, C, X],
        groups: [group('g1', 'email', [C, X, A]), group('g2', 'interstitial', [X]), group('g3', null, [B])],
      }),
      flush,
    );
    const s = actor.getSnapshot();
    expect(selectView(s)).toBe('ready');
    expect(selectEmailGroup(s)?.id).toBe('g1');
    expect(selectLiveBanner(s).map((a) => a.id)).toEqual(['c', 'a']);
    expect(selectLiveInterstitial(s)).toEqual([]);
    const byTag = selectAdsByTag(s);
    expect([byTag.new, byTag.active, byTag.archived].map((l) => l.map((a) => a.id))).toEqual([
      ['a'],
      ['b', 'c'],
      ['x'],
    ]);
  });

  it('says whether the role may change marketing (the role matrix): editors and admins, not members', () => {
    const roles: Role[] = ['MEMBER', 'EDITOR', 'ADMIN'];
    expect(roles.map((role) => selectMayEdit(home(role).actor.getSnapshot()))).toEqual([false, true, true]);
  });

  it('a failure shows with Retry, which loads again', async () => {
    const { actor, services } = home();
    await services.settle(failed('load'), flush);
    expect(selectView(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'marketing.retry' });
    expect(selectView(actor.getSnapshot())).toBe('loading');
    expect(services.calls).toHaveLength(2);
    await services.settle(done('load', { ads: [], groups: [] }), flush);
    expect(selectLiveBanner(actor.getSnapshot())).toEqual([]);
  });
});
