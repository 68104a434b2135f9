import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditsReport } from '../../src/machines/detail/types';
import { tourEditMachine, type TourChange } from '../../src/machines/tour-edit/tour-edit.machine';
import { deferredServices, flush, tour, tourDetail, TZ } from './panel-fakes';
import { underParent } from './shared-fakes';

/**
 * Tour edits: one batch write, rollback on failure, Tour(s) updated with Undo, conflicts. It runs
 * under a stand-in panel: what it reports (`edits.changed`) is what the panel and the list show.
 */
function start() {
  const services = deferredServices();
  const panel = underParent(
    tourEditMachine.provide({ actors: { updateTours: services.logic(), getTour: services.logic() } }),
    { timezone: TZ },
  );
  const actor = panel.child;
  const notices: Array<{ kind: string; message: string; action?: unknown }> = [];
  actor.on('notify', (n) => notices.push(n));
  actor.send({ type: 'tour.loaded', tour: tourDetail() });
  actor.send({ type: 'tour.loaded', tour: tour({ id: 't2', version: 9 }) });
  const writes = () => services.calls.filter((c) => c.id === 'updateTours').map((c) => c.input);
  const settle = async (id: string, outcome: { output: unknown } | { error: unknown }) => {
    services.settle(id, outcome);
    await flush();
  };
  /** The rows last reported changed, and whether the server had them. */
  const shown = () =>
    panel.reportsOf('edits.changed').at(-1) as Extract<EditsReport, { type: 'edits.changed' }> | undefined;
  return { actor, reports: panel.reports, shown, notices, writes, settle };
}

const rename = (id: string, value: string): TourChange => ({ id, change: { field: 'displayName', value } });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('tour edits', () => {
  it('show at once and save with the version; Tour updated with Undo', async () => {
    const { actor, reports, notices, writes, settle } = start();
    actor.send({ type: 'tour.edit', changes: [{ id: 't1', change: { field: 'departureTime', time: '08:00' } }] });
    expect(reports).toEqual([
      {
        type: 'edits.changed',
        rows: [expect.objectContaining({ id: 't1', departureAt: '2026-03-09T23:00:00.000Z', version: 4 })],
        saved: false,
      },
    ]);
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(writes()).toEqual([{ tours: [{ id: 't1', version: 4, departureAt: '2026-03-09T23:00:00.000Z' }] }]);
    const savedTour = tour({ departureAt: '2026-03-09T23:00:00.000Z', version: 5 });
    await settle('updateTours', { output: { status: 'saved', records: [savedTour] } });
    expect(reports.at(-1)).toEqual({ type: 'edits.changed', rows: [savedTour], saved: true });
    expect(reports).toHaveLength(2);
    expect(notices).toEqual([
      {
        type: 'notify',
        kind: 'success',
        message: 'Tour updated',
        action: { label: 'Undo departure of G-0001', event: { type: 'history.undo' } },
      },
    ]);
    actor.send({ type: 'history.undo' });
    expect(writes()[1]).toEqual({ tours: [{ id: 't1', version: 5, departureAt: '2026-03-10T00:30:00.000Z' }] });
  });

  it('several tours in one write: Tours updated', async () => {
    const { actor, shown, notices, writes, settle } = start();
    actor.send({ type: 'tour.edit', changes: [rename('t1', 'A'), rename('t2', 'B')] });
    // one report for the batch
    expect(shown()?.rows).toEqual([
      expect.objectContaining({ id: 't1', displayName: 'A' }),
      expect.objectContaining({ id: 't2', displayName: 'B' }),
    ]);
    expect(writes()[0]).toEqual({
      tours: [
        { id: 't1', version: 4, displayName: 'A' },
        { id: 't2', version: 9, displayName: 'B' },
      ],
    });
    await settle('updateTours', {
      output: { status: 'saved', records: [tour({ displayName: 'A' }), tour({ id: 't2', displayName: 'B' })] },
    });
    expect(notices.map((n) => n.message)).toEqual(['Tours updated']);
    expect(notices.map((n) => (n.action as { label?: string } | undefined)?.label)).toEqual(['Undo edit of 2 tours']);
  });

  it('a failed update is rolled back with Failed to update tour', async () => {
    const { actor, shown, notices, settle } = start();
    actor.send({
      type: 'tour.edit',
      changes: [{ id: 't1', change: { field: 'price', priceType: 'TOTAL', amount: 80 } }],
    });
    expect(shown()?.rows[0].prices).toEqual([{ type: 'TOTAL', amount: 80, currency: 'USD' }]);
    await settle('updateTours', { error: new Error('500') });
    expect(notices.map((n) => n.message)).toEqual(['Failed to update tour']);
    expect(shown()).toMatchObject({
      type: 'edits.changed',
      rows: [{ id: 't1', prices: [{ type: 'TOTAL', amount: 100, currency: 'USD' }] }],
      saved: false,
    });
    expect(actor.getSnapshot().can({ type: 'history.undo' })).toBe(false);
  });

  it('refuses a price type the tour does not have, with the SPEC message on its field', () => {
    const { actor, notices, writes } = start();
    actor.send({
      type: 'tour.edit',
      changes: [{ id: 't1', change: { field: 'price', priceType: 'ADULT', amount: 1 } }],
    });
    expect(actor.getSnapshot().context.invalid).toEqual({ 't1/price:ADULT': 'Cannot find the price with type: ADULT' });
    expect(notices).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('an invalid time or name shows one message on its field however often it is committed, until corrected or given up', async () => {
    const { actor, notices, writes, reports, settle } = start();
    const toTime = (time: string) => ({
      type: 'tour.edit' as const,
      changes: [{ id: 't1', change: { field: 'departureTime' as const, time } }],
    });
    actor.send(toTime('7pm'));
    actor.send(toTime('7pm'));
    actor.send({ type: 'tour.edit', changes: [rename('t1', '   ')] });
    expect(actor.getSnapshot().context.invalid).toEqual({
      't1/departure': 'Invalid time: 7pm',
      't1/name': 'A tour needs a name',
    });
    expect([notices, writes(), reports]).toEqual([[], [], []]);

    actor.send({ type: 'edit.discard', id: 't1', field: 'name' });
    actor.send(toTime('19:00'));
    expect(actor.getSnapshot().context.invalid).toEqual({});
    expect(writes()).toHaveLength(1);
    await settle('updateTours', { output: { status: 'saved', records: [tour({ id: 't1', version: 2 })] } });
    expect(notices.map((n) => n.message)).toEqual(['Tour updated']);
  });

  it('a stale write keeps the typed value next to the fresh tour', async () => {
    const { actor, shown, writes, settle } = start();
    actor.send({ type: 'tour.edit', changes: [rename('t1', 'Mine')] });
    await settle('updateTours', { output: { status: 'stale' } });
    await settle('getFreshTour', {
      output: { found: true, record: tourDetail({ displayName: 'Theirs', version: 6 }) },
    });
    const { conflict } = actor.getSnapshot().context;
    expect(conflict).toMatchObject({ id: 't1', typed: { field: 'displayName', value: 'Mine' }, fresh: { version: 6 } });
    expect(shown()).toMatchObject({ rows: [{ displayName: 'Theirs', version: 6 }], saved: false });
    actor.send({ type: 'conflict.reapply' });
    expect(writes().at(-1)).toEqual({ tours: [{ id: 't1', version: 6, displayName: 'Mine' }] });
  });

  it('without the fresh tour the screen goes back as it was', async () => {
    const { actor, shown, settle } = start();
    actor.send({ type: 'tour.edit', changes: [rename('t1', 'Mine')] });
    await settle('updateTours', { output: { status: 'stale' } });
    await settle('getFreshTour', { error: new Error('down') });
    expect(shown()).toMatchObject({ rows: [{ displayName: 'Morning walk' }], saved: false });
    expect(actor.getSnapshot().can({ type: 'conflict.reapply' })).toBe(false);
    actor.send({ type: 'conflict.dismiss' });
    expect(actor.getSnapshot().context.conflict).toBeNull();
  });
});
