import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { ListFilters } from '../../src/domain/list-filters';
import {
  EXPORT_FAILED,
  exportMachine,
  exportMessage,
  type ExportEvent,
  type ExportInput,
} from '../../src/machines/export/export.machine';
import type { NotifyEvent } from '../../src/machines/notify';
import { deferredServices, done, failed, fakeService, notFaked, quietConsole } from './tour-actions-fakes';

const TZ = 'Asia/Ho_Chi_Minh';
const input: ExportInput = { kind: 'orders', teamId: 'vn', timezone: TZ, userName: 'Ana Tran' };
const filters: ListFilters = {
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  basis: 'departure',
  ota: 'KLOOK',
  status: null,
  search: 'abc-1',
  sort: 'DEPARTURE_AT_ASC',
};
const LINK = '/api/v1/exports/e1/download?expires=1&signature=ab';
const result = { presignedUrl: LINK, message: '' };

beforeEach(quietConsole);
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function start(services: { exportCsv?: unknown; updateExportMessage?: unknown } = {}) {
  const startDownload = vi.fn();
  const machine = exportMachine.provide({
    actors: {
      exportCsv: (services.exportCsv ?? notFaked('exportCsv')) as never,
      updateExportMessage: (services.updateExportMessage ?? notFaked('updateExportMessage')) as never,
    },
    actions: { startDownload: (_, params) => startDownload(params.url) },
  });
  const actor = createActor(machine, { input });
  const toasts: NotifyEvent[] = [];
  actor.on('notify', (e) => toasts.push(e));
  actor.start();
  return { actor, toasts, startDownload };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('export machine', () => {
  it('writes who exported and when, in the team timezone', () => {
    expect(exportMessage('Ana Tran', new Date('2026-03-10T20:30:00Z'), TZ)).toBe(
      'Exported by Ana Tran on 11 Mar 2026 03:30',
    );
  });

  it('exports the current filters and view, records the message, then starts the download', async () => {
    const get = fakeService(() => result);
    const patch = fakeService((i: { message: string }) => ({ presignedUrl: LINK, message: i.message }));
    const { actor, toasts, startDownload } = start({ exportCsv: get.logic, updateExportMessage: patch.logic });
    actor.send({ type: 'export.start', filters, view: 'pending' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'export.start', filters, view: null })).toBe(false);
    await flush();
    await flush();
    expect(get.calls).toEqual([
      {
        kind: 'orders',
        teamId: 'vn',
        view: 'pending',
        // the list's query: a search leaves the dates out
        query: { orderBy: 'DEPARTURE_AT_ASC', ota: 'KLOOK', q: 'abc-1' },
      },
    ]);
    expect(patch.calls).toEqual([
      {
        kind: 'orders',
        presignedUrl: LINK,
        message: expect.stringMatching(/^Exported by Ana Tran on \d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d$/),
      },
    ]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.link).toBe(LINK);
    expect(startDownload).toHaveBeenCalledWith(LINK);
    expect(toasts).toEqual([]);
    // another export from the ready state
    actor.send({ type: 'export.start', filters, view: null });
    expect(actor.getSnapshot().value).toBe('exporting');
  });

  it('exports the kind and records the note the screen asks for, keeping what the server recorded', async () => {
    const get = fakeService(() => result);
    const patch = fakeService((i: { message: string }) => ({ presignedUrl: LINK, message: i.message }));
    const { actor, startDownload } = start({ exportCsv: get.logic, updateExportMessage: patch.logic });
    actor.send({ type: 'export.start', filters, view: null, kind: 'tours', note: ' For the accountant ' });
    await flush();
    await flush();
    expect(get.calls[0]).toMatchObject({ kind: 'tours', teamId: 'vn', view: null });
    expect(patch.calls).toEqual([{ kind: 'tours', presignedUrl: LINK, message: ' For the accountant ' }]);
    expect(actor.getSnapshot().context).toMatchObject({ kind: 'tours', link: LINK, message: ' For the accountant ' });
    expect(startDownload).toHaveBeenCalledWith(LINK);
    // a blank note records who exported and when
    actor.send({ type: 'export.start', filters, view: null, kind: 'orders', note: '   ' });
    await flush();
    await flush();
    expect(patch.calls[1]).toMatchObject({
      kind: 'orders',
      message: expect.stringMatching(/^Exported by Ana Tran on /),
    });
  });

  it('toasts "Export failed" and logs when the export is refused', async () => {
    const { actor, toasts, startDownload } = start();
    actor.send({ type: 'export.start', filters, view: null });
    await flush();
    expect(toasts).toEqual([{ type: 'notify', kind: 'error', message: EXPORT_FAILED }]);
    expect(console.error).toHaveBeenCalled();
    expect(startDownload).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(EXPORT_FAILED);
  });

  it('still downloads when only the message could not be recorded (logged)', async () => {
    const { actor, toasts, startDownload } = start({ exportCsv: fakeService(() => result).logic });
    actor.send({ type: 'export.start', filters, view: null });
    await flush();
    await flush();
    expect(startDownload).toHaveBeenCalledWith(LINK);
    expect(toasts).toEqual([]);
    expect(console.error).toHaveBeenCalled();
    expect(actor.getSnapshot().context).toMatchObject({ link: LINK, message: null });
  });

  it('complains when the view did not provide the download', async () => {
    const machine = exportMachine.provide({
      actors: { exportCsv: fakeService(() => result).logic, updateExportMessage: fakeService(() => result).logic },
    });
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'export.start', filters, view: null });
    await flush();
    await flush();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('startDownload'));
  });
});

// ---------------------------------------------------------------- model-based
const START: ExportEvent = { type: 'export.start', filters, view: null };
const EVENTS: AnyEventObject[] = [
  START,
  done('exportCsv', result),
  failed('exportCsv'),
  done('updateExportMessage', { ...result, message: 'Exported by Ana Tran' }),
  failed('updateExportMessage'),
];
type Snap = ReturnType<typeof exportMachine.getInitialSnapshot>;
const key = (s: Snap) => {
  const { link, message, error } = s.context;
  return JSON.stringify({ status: s.status, value: s.value, link, message, error });
};

describe('export model', () => {
  const paths = getShortestPaths(exportMachine, {
    events: EVENTS as ExportEvent[],
    input,
    serializeState: (s) => key(s as Snap),
  }).filter((p) => p.state.status !== 'error');

  it('reaches every state', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['idle', 'exporting', 'messaging', 'ready']));
  });

  const describePath = (p: (typeof paths)[number]) =>
    `${p.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')} ⇒ ${key(p.state)}`;

  it.each(paths.map((p) => [describePath(p), p] as const))('%s replays on a real actor', async (_, path) => {
    vi.useFakeTimers();
    const services = deferredServices(['exportCsv', 'updateExportMessage']);
    const downloads: string[] = [];
    const toasts: string[] = [];
    const machine = exportMachine.provide({
      actors: services.actors as never,
      actions: { startDownload: (_, params) => downloads.push(params.url) },
    });
    const actor = createActor(machine, { input });
    actor.on('notify', (e) => toasts.push(e.message));
    actor.start();
    for (const step of path.steps) {
      const event = step.event as AnyEventObject;
      if (event.type === 'xstate.init') continue;
      if (!(await services.settle(event, () => vi.advanceTimersByTimeAsync(0)))) actor.send(event as ExportEvent);
      await vi.advanceTimersByTimeAsync(0);
      expect(key(actor.getSnapshot()), event.type).toBe(key(step.state as Snap));
    }
    // a download starts exactly on entering ready; the failure toast exactly on a refused export
    const entered = (value: string) =>
      path.steps.filter((s) => s.state.value === value && s.event.type !== 'export.start').length;
    expect(downloads).toHaveLength(entered('ready'));
    expect(toasts).toEqual(
      path.steps
        .filter((s) => (s.event as AnyEventObject).type === 'xstate.error.actor.exportCsv')
        .map(() => EXPORT_FAILED),
    );
    actor.stop();
  });
});
