import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createEmptyActor, fromCallback, fromPromise } from 'xstate';
import type { ExportResult } from '../../src/api/services/exports';
import type { Manifest, ManifestInput as LoadInput, ManifestParty } from '../../src/api/services/manifest';
import type { QueuedCheckIn } from '../../src/domain/check-in';
import { checkInMachine } from '../../src/machines/check-in/check-in.machine';
import { manifestMachine } from '../../src/machines/manifest/manifest.machine';
import { selectParty } from '../../src/machines/check-in/selectors';
import { selectCheckIn, selectManifest, selectView } from '../../src/machines/manifest/selectors';
import type { LiveHandle } from '../../src/machines/live/types';
import type { NotifyEvent } from '../../src/machines/notify';

/**
 * The manifest screen with faked services: it loads the tour's or the departure's manifest, tells
 * its check-in queue the parties, follows live changes of orders and tours (not of the inbox), asks
 * for the CSV link and starts its download, prints, and says so when a load or the CSV fails.
 */
const party = (orderId: string, name: string, total: number): ManifestParty => ({
  orderId,
  displayId: `VN-${orderId}`,
  name,
  adults: total,
  children: 0,
  total,
  phone: '+84 90 123 4567',
  email: `${orderId}@example.com`,
  pickup: 'Hanoi Hotel',
  notes: null,
  ota: 'KLOOK',
  otaOrderId: `KL-${orderId}`,
  statusV2: 'arranged',
  checkIn: { state: 'EXPECTED', arrived: 0, at: null, by: null },
  version: 1,
});
const manifest = (parties: ManifestParty[]): Manifest => ({
  title: 'Halong Bay day trip',
  departureAt: '2026-11-27T01:00:00.000Z',
  product: { id: 'p1', route: 'Halong', pack: 'Day' },
  tour: { id: 't1', displayId: 'T-1', displayName: 'Halong Bay day trip' },
  totals: {
    parties: parties.length,
    pax: 0,
    adults: 0,
    children: 0,
    checkedInParties: 0,
    checkedInPax: 0,
    noShowParties: 0,
  },
  parties,
});
const FIRST = manifest([party('a', 'Nguyễn Văn An', 3)]);
const SECOND = manifest([party('a', 'Nguyễn Văn An', 3), party('b', 'Lan Tran', 2)]);

/** A live actor standing in for the session's: the test emits its changes. */
function fakeLive() {
  const handlers = new Map<string, Set<(e: unknown) => void>>();
  const live = {
    on: (type: string, handler: (e: unknown) => void) => {
      if (!handlers.has(type)) handlers.set(type, new Set());
      handlers.get(type)!.add(handler);
      return { unsubscribe: () => handlers.get(type)!.delete(handler) };
    },
  };
  const emit = (event: { type: string }) => handlers.get(event.type)?.forEach((h) => h(event));
  return { live: { ...createEmptyActor(), ...live } as unknown as LiveHandle, emit };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

function start(options: { load: (input: LoadInput) => Promise<Manifest>; csv?: () => Promise<ExportResult> }) {
  const downloads: string[] = [];
  let printed = 0;
  const loads: LoadInput[] = [];
  const { live, emit } = fakeLive();
  const logic = manifestMachine.provide({
    actors: {
      loadManifest: fromPromise<Manifest, LoadInput>(({ input }) => {
        loads.push(input);
        return options.load(input);
      }),
      exportManifestCsv: fromPromise<ExportResult, LoadInput>(() => options.csv!()),
      checkIn: checkInMachine.provide({
        actors: {
          restoreCheckInQueue: fromPromise<QueuedCheckIn[], { teamId: string }>(async () => []),
          connectivity: fromCallback(() => undefined),
        },
        actions: { saveQueue: () => undefined },
      }),
    },
    actions: {
      startDownload: (_, p) => void downloads.push(p.url),
      print: () => void printed++,
    },
  });
  const notices: NotifyEvent[] = [];
  const actor = createActor(logic, {
    input: { teamId: 'team-1', source: { kind: 'tour', tourId: 't1' }, live },
  });
  actor.on('notify', (e) => notices.push(e));
  actor.start();
  return { actor, downloads, printed: () => printed, loads, emit, notices };
}

describe('the manifest screen', () => {
  it('loads the tour manifest and tells the check-in queue its parties', async () => {
    const { actor, loads } = start({ load: async () => FIRST });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('ready'));
    expect(loads[0]).toEqual({ teamId: 'team-1', source: { kind: 'tour', tourId: 't1' } });
    expect(selectManifest(actor.getSnapshot())).toEqual(FIRST);
    const checkIn = selectCheckIn(actor.getSnapshot())!;
    expect(checkIn.getSnapshot().context.base).toEqual({
      a: { name: 'Nguyễn Văn An', total: 3, state: 'EXPECTED', arrived: 0 },
    });
    // a tap reads at once, pending until it is sent
    checkIn.send({ type: 'checkin.set', orderId: 'a', state: 'CHECKED_IN', arrived: 2 });
    const row = selectParty(checkIn.getSnapshot(), 'a', { state: 'EXPECTED', arrived: 0 }, 3);
    expect(row.value).toEqual({ state: 'CHECKED_IN', arrived: 2 });
    actor.stop();
  });

  it('a change of the orders brings the manifest again; the inbox does not', async () => {
    let n = 0;
    const { actor, loads, emit } = start({ load: async () => (++n === 1 ? FIRST : SECOND) });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('ready'));
    emit({ type: 'live.change', change: { topic: 'inbox', op: 'insert', ids: ['i1'], at: 'now', by: null } } as never);
    await new Promise((r) => setTimeout(r, 10));
    expect(loads).toHaveLength(1);
    emit({ type: 'live.change', change: { topic: 'orders', op: 'update', ids: ['b'], at: 'now', by: null } } as never);
    await vi.waitFor(() => expect(selectManifest(actor.getSnapshot())).toEqual(SECOND));
    expect(Object.keys(selectCheckIn(actor.getSnapshot())!.getSnapshot().context.base)).toEqual(['a', 'b']);
    actor.stop();
  });

  it('a failed load says so; Retry loads again', async () => {
    let fail = true;
    const { actor } = start({
      load: async () => {
        if (fail) throw new Error('down');
        return FIRST;
      },
    });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('failed'));
    expect(actor.getSnapshot().context.error).toBe('The manifest could not be loaded.');
    fail = false;
    actor.send({ type: 'manifest.retry' });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('ready'));
    actor.stop();
  });

  it('Download CSV starts the download of the signed link; a failure says so; Print prints', async () => {
    let fail = false;
    const { actor, downloads, printed, notices } = start({
      load: async () => FIRST,
      csv: async () => {
        if (fail) throw new Error('down');
        return { presignedUrl: '/api/v1/exports/abc', message: '' };
      },
    });
    await vi.waitFor(() => expect(selectView(actor.getSnapshot())).toBe('ready'));
    actor.send({ type: 'manifest.csv' });
    await vi.waitFor(() => expect(downloads).toEqual(['/api/v1/exports/abc']));
    fail = true;
    actor.send({ type: 'manifest.csv' });
    await vi.waitFor(() => expect(notices).toEqual([{ type: 'notify', kind: 'error', message: 'Export failed' }]));
    actor.send({ type: 'manifest.print' });
    expect(printed()).toBe(1);
    actor.stop();
  });
});
