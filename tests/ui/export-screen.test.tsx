// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ExportCsvInput, ExportMessageInput, ExportResult } from '../../src/api/services/exports';
import { EXPORT_FAILED, exportMachine } from '../../src/machines/export/export.machine';
import { exportScreenMachine, NOTE_MAX_LENGTH } from '../../src/machines/export-screen/export-screen.machine';
import { ExportForm } from '../../src/ui/export/export-screen';
import { system } from '../../src/ui/theme/system';
import { toaster } from '../../src/ui/toaster';
import { NoLayoutObserver } from './no-layout-observer';

/** The export form over the production machines, their services faked. */
const LINK = '/api/v1/exports/e1/download?expires=1&signature=ab';
const TODAY = '2026-11-15';

function renderForm(exportCsv: (input: ExportCsvInput) => Promise<ExportResult>) {
  const gets: ExportCsvInput[] = [];
  const patches: ExportMessageInput[] = [];
  const downloads: string[] = [];
  const logic = exportScreenMachine.provide({
    actors: {
      exporter: exportMachine.provide({
        actors: {
          exportCsv: fromPromise(({ input }: { input: ExportCsvInput }) => {
            gets.push(input);
            return exportCsv(input);
          }),
          updateExportMessage: fromPromise(async ({ input }: { input: ExportMessageInput }) => {
            patches.push(input);
            return { presignedUrl: input.presignedUrl, message: input.message };
          }),
        },
        actions: { startDownload: (_, params) => downloads.push(params.url) },
      }),
    },
  });
  const actor = createActor(logic, {
    input: { teamId: 'th', timezone: 'Asia/Bangkok', userName: 'Ana Tran', today: TODAY },
  }).start();
  render(
    <ChakraProvider value={system}>
      <ExportForm screen={actor} />
    </ChakraProvider>,
  );
  return { actor, gets, patches, downloads };
}

const exportButton = () => screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement;
const note = () => screen.getByLabelText('Note (optional)') as HTMLTextAreaElement;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoLayoutObserver);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('export screen', () => {
  it('offers orders for the current month with OTA and status; tours have no OTA', () => {
    renderForm(async () => ({ presignedUrl: LINK, message: '' }));
    expect((screen.getByRole('radio', { name: 'Orders' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: /^Date range/ }).textContent).toBe('Sun, 1 Nov 2026 – Mon, 30 Nov 2026');
    expect(screen.getByLabelText('OTA')).toBeTruthy();
    expect(screen.getByLabelText('Status')).toBeTruthy();
    expect(exportButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Tours' }));
    expect(screen.queryByLabelText('OTA')).toBeNull();
  });

  it('keeps a too-long note as typed, says why and refuses to export until it is shortened', () => {
    renderForm(async () => ({ presignedUrl: LINK, message: '' }));
    const long = 'n'.repeat(NOTE_MAX_LENGTH + 3);
    fireEvent.change(note(), { target: { value: long } });
    expect(note().value).toBe(long);
    expect(note().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(
      'The note is 5,003 characters long; at most 5,000 can be recorded. Shorten it by 3 to export.',
    );
    expect(exportButton().disabled).toBe(true);
    fireEvent.change(note(), { target: { value: long.slice(3) } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(exportButton().disabled).toBe(false);
  });

  it('exports the chosen filters, is disabled meanwhile, downloads and shows the recorded note', async () => {
    let answer: (result: ExportResult) => void = () => undefined;
    const { gets, patches, downloads } = renderForm(() => new Promise((resolve) => (answer = resolve)));
    fireEvent.change(screen.getByLabelText('OTA'), { target: { value: 'KLOOK' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    fireEvent.change(note(), { target: { value: 'For the accountant' } });
    fireEvent.click(exportButton());
    expect((screen.getByRole('button', { name: 'Exporting…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(note().closest('fieldset')!.disabled).toBe(true);
    expect(gets).toEqual([
      {
        kind: 'orders',
        teamId: 'th',
        view: null,
        query: {
          orderBy: 'DEPARTURE_AT_ASC',
          startDate: '2026-11-01',
          endDate: '2026-11-30',
          ota: 'KLOOK',
          statusV2: 'pending',
        },
      },
    ]);
    await act(async () => answer({ presignedUrl: LINK, message: '' }));
    const result = await screen.findByTestId('export-result');
    expect(result.textContent).toContain('Orders file ready');
    expect(result.textContent).toContain('Message recorded: For the accountant');
    expect(screen.getByRole('link', { name: 'Download it again' }).getAttribute('href')).toBe(LINK);
    expect(patches).toEqual([{ kind: 'orders', presignedUrl: LINK, message: 'For the accountant' }]);
    expect(downloads).toEqual([LINK]);
    expect(exportButton().disabled).toBe(false);
    expect(note().value).toBe('For the accountant');
  });

  it('exports the dates applied in the date range picker; no dates says every order is exported', async () => {
    const { gets } = renderForm(async () => ({ presignedUrl: LINK, message: '' }));
    const rangeButton = () => screen.getByRole('button', { name: /^Date range/ });
    const calendar = () => screen.getByRole('application', { name: 'Choose dates' });
    const day = (name: RegExp) => within(calendar()).getByRole('button', { name });
    fireEvent.click(rangeButton());
    await waitFor(() => expect(calendar().hidden).toBe(false));
    // the later day first: the range is put in order; the second pick applies it
    fireEvent.click(day(/ 20 November 2026$/));
    await waitFor(() => expect(within(calendar()).getByText('Pick the last day')).toBeTruthy());
    fireEvent.click(day(/ 3 November 2026$/));
    await waitFor(() => expect(rangeButton().textContent).toBe('Tue, 3 Nov 2026 – Fri, 20 Nov 2026'));
    fireEvent.click(exportButton());
    expect(gets.at(-1)?.query).toMatchObject({ startDate: '2026-11-03', endDate: '2026-11-20' });
    await screen.findByTestId('export-result');

    fireEvent.click(rangeButton());
    await waitFor(() => expect(calendar().hidden).toBe(false));
    fireEvent.click(within(calendar()).getByRole('button', { name: 'Clear dates' }));
    expect(rangeButton().textContent).toBe('Pick a date');
    expect(screen.getByText('No dates chosen: every order of the team is exported.')).toBeTruthy();
    await waitFor(() => expect(exportButton().disabled).toBe(false));
    fireEvent.click(exportButton());
    expect(gets.at(-1)?.query).toEqual({ orderBy: 'DEPARTURE_AT_ASC' });
  });

  it('toasts "Export failed" on a refused export, keeping the form and showing no file', async () => {
    const create = vi.spyOn(toaster, 'create').mockReturnValue('id');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { downloads } = renderForm(async () => {
      throw new Error('500');
    });
    fireEvent.change(note(), { target: { value: 'Kept' } });
    fireEvent.click(exportButton());
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', title: EXPORT_FAILED })),
    );
    expect(screen.queryByTestId('export-result')).toBeNull();
    expect(downloads).toEqual([]);
    expect(note().value).toBe('Kept');
    await waitFor(() => expect(exportButton().disabled).toBe(false));
  });
});
