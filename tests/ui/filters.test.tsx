// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendTo, setup } from 'xstate';
import type { ListFilters } from '../../src/domain/list-filters';
import { listFiltersMachine } from '../../src/machines/list-filters/list-filters.machine';
import type { ListFiltersInput, ListFiltersReport } from '../../src/machines/list-filters/types';
import type { ListKind } from '../../src/machines/list/types';
import { FilterBar, FilterStatus } from '../../src/ui/filters/filter-bar';
import { system } from '../../src/ui/theme/system';
import { NoLayoutObserver } from './no-layout-observer';

// The filter bar over the production filters machine, under a stand-in for its screen over a
// memory router: what it writes is what the URL holds, and `seen` is what the list would be told.
const TZ = 'Asia/Ho_Chi_Minh';
const seen: ListFilters[] = [];

/** What the workspace does for its filters child: go where it asks, tell it where the URL is. */
function standInScreen(navigate: NavigateFunction) {
  return setup({
    types: {
      input: {} as ListFiltersInput,
      context: {} as ListFiltersInput,
      events: {} as ListFiltersReport | { type: 'url.changed'; search: string },
      children: {} as { filters: 'filters' },
    },
    actors: { filters: listFiltersMachine },
  }).createMachine({
    context: ({ input }) => input,
    invoke: { id: 'filters', src: 'filters', input: ({ context }) => context },
    on: {
      'url.changed': { actions: sendTo('filters', ({ event }) => event) },
      'filters.navigate': {
        actions: ({ event }) => void navigate({ search: event.search }, { replace: event.replace }),
      },
      'filters.changed': { actions: ({ event }) => seen.push(event.filters) },
    },
  });
}

function Page({ kind, view }: { kind: ListKind; view: string | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [logic] = useState(() => standInScreen(navigate));
  const root = useActorRef(logic, { input: { kind, view, timezone: TZ, search: location.search, now: Date.now() } });
  useEffect(() => root.send({ type: 'url.changed', search: location.search }), [root, location.search]);
  const filters = useSelector(root, (s) => s.children.filters);
  return filters ? (
    <>
      <FilterBar kind={kind} filters={filters} />
      <FilterStatus filters={filters} />
    </>
  ) : null;
}

function renderBar(url: string, kind: ListKind = 'orders', view: string | null = null) {
  const router = createMemoryRouter([{ path: '/:kind', element: <Page kind={kind} view={view} /> }], {
    initialEntries: [url],
  });
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  const query = () => router.state.location.search;
  return { router, query };
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const change = (label: string, value: string) => fireEvent.change(select(label), { target: { value } });

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoLayoutObserver);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T18:00:00Z')); // already December 1st in Vietnam
  seen.length = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('filter bar', () => {
  it('starts on the current month of the team timezone, with a clean URL and no reset', () => {
    const { query } = renderBar('/orders');
    expect(screen.getByRole('button', { name: /^Date range/ }).textContent).toBe('Tue, 1 Dec 2026 – Thu, 31 Dec 2026');
    expect(select('Dates by').value).toBe('departure');
    expect(select('OTA').value).toBe('');
    expect(select('Status').value).toBe('');
    expect(select('Sort').value).toBe('DEPARTURE_AT_ASC');
    expect(screen.queryByText('Search active')).toBeNull();
    expect(query()).toBe('');
  });

  it('writes each change to the URL as a new entry; back walks through them; reset restores defaults', async () => {
    const { router, query } = renderBar('/orders?inspect=1');
    change('OTA', 'KLOOK');
    await waitFor(() => expect(query()).toBe('?inspect=1&ota=KLOOK'));
    change('Status', 'cancel_requested');
    await waitFor(() => expect(query()).toBe('?inspect=1&ota=KLOOK&status=cancel_requested'));
    expect(select('Status').selectedOptions[0].textContent).toBe('Cancel Requested');
    change('Sort', 'BOOKED_AT_DESC');
    await waitFor(() => expect(query()).toContain('sort=BOOKED_AT_DESC'));
    expect(screen.getByText('Search active')).toBeTruthy();

    await act(() => router.navigate(-1));
    expect(query()).toBe('?inspect=1&ota=KLOOK&status=cancel_requested');
    expect(select('Sort').value).toBe('DEPARTURE_AT_ASC');
    await act(() => router.navigate(-1));
    expect(select('Status').value).toBe('');
    expect(select('OTA').value).toBe('KLOOK');

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(query()).toBe('?inspect=1'));
    expect(select('OTA').value).toBe('');
    expect(screen.queryByText('Search active')).toBeNull();
  });

  it('keeps every change made in a quick row, before the router has rendered the first', async () => {
    const { query } = renderBar('/orders');
    change('OTA', 'VIATOR');
    change('Status', 'grouped');
    const box = screen.getByLabelText('Search');
    fireEvent.change(box, { target: { value: 'T-000001' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(query()).toBe('?ota=VIATOR&status=grouped&q=T-000001'));
    expect(select('OTA').value).toBe('VIATOR');
  });

  it('searches on Enter and after a pause; the URL holds the text as typed', async () => {
    const { query } = renderBar('/orders');
    const box = screen.getByLabelText('Search') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'kl-77' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(query()).toBe('?q=kl-77'));
    fireEvent.change(box, { target: { value: 'VN-000123' } });
    await waitFor(() => expect(query()).toBe('?q=VN-000123'), { timeout: 2000 });
    expect(screen.getByText('Search active')).toBeTruthy();
  });

  const rangeButton = () => screen.getByRole('button', { name: /^Date range/ });
  const calendar = () => screen.getByRole('application', { name: 'Choose dates' });
  const day = (name: RegExp) => within(calendar()).getByRole('button', { name });

  it('opens a calendar of six weeks from Monday with today marked; two picks apply the range', async () => {
    const { query } = renderBar('/orders');
    fireEvent.click(rangeButton());
    await waitFor(() => expect(calendar().hidden).toBe(false));
    const grid = within(calendar()).getByRole('grid');
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(42);
    // December 2026 starts on a Tuesday: the grid from Monday 30 November
    expect(within(grid).getAllByRole('gridcell')[0].textContent).toBe('30');
    expect(within(grid).getAllByRole('button')[0].getAttribute('aria-label')).toBe('Choose Monday, 30 November 2026');
    // today in the team's timezone (already 1 December in Vietnam)
    expect(grid.querySelector('[aria-current="date"]')?.textContent).toBe('1');

    fireEvent.click(within(calendar()).getByRole('button', { name: 'Switch to next month' }));
    await waitFor(() => expect(within(calendar()).getByText('January 2027')).toBeTruthy());
    fireEvent.click(day(/20 January 2027/));
    await waitFor(() => expect(screen.getByText('Pick the last day')).toBeTruthy());
    fireEvent.click(day(/ 5 January 2027$/));
    await waitFor(() => expect(query()).toBe('?from=2027-01-05&to=2027-01-20'));
    expect(rangeButton().textContent).toBe('Tue, 5 Jan 2027 – Wed, 20 Jan 2027');
    expect(rangeButton().getAttribute('aria-expanded')).toBe('false');
  }, 15_000);

  it('"Clear dates" says "Pick a date"; Escape halfway leaves the range as it was', async () => {
    const { query } = renderBar('/orders?from=2026-12-02&to=2026-12-03');
    fireEvent.click(rangeButton());
    await waitFor(() => expect(calendar().hidden).toBe(false));
    fireEvent.click(day(/10 December 2026/));
    fireEvent.keyDown(within(calendar()).getByRole('grid'), { key: 'Escape' });
    await waitFor(() => expect(rangeButton().getAttribute('aria-expanded')).toBe('false'));
    expect(query()).toBe('?from=2026-12-02&to=2026-12-03');
    expect(rangeButton().textContent).toBe('Wed, 2 Dec 2026 – Thu, 3 Dec 2026');
    // a date range is no search (SPEC section 4): no "Search active", but Reset brings the month back
    expect(screen.queryByText('Search active')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeTruthy();

    fireEvent.click(rangeButton());
    await waitFor(() => expect(calendar().hidden).toBe(false));
    fireEvent.click(within(calendar()).getByRole('button', { name: 'Clear dates' }));
    await waitFor(() => expect(query()).toBe('?dates=all'));
    expect(rangeButton().textContent).toBe('Pick a date');
  }, 15_000);

  it('a search sets the range aside, saying so; clearing the search restores it', async () => {
    const { query } = renderBar('/orders?from=2026-12-02&to=2026-12-03');
    const box = screen.getByLabelText('Search');
    fireEvent.change(box, { target: { value: 'kl0323' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(query()).toBe('?from=2026-12-02&to=2026-12-03&q=kl0323'));
    expect(rangeButton().getAttribute('aria-label')).toBe(
      'Date range: Wed, 2 Dec 2026 – Thu, 3 Dec 2026, set aside: all dates while searching',
    );
    expect((rangeButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('all dates while searching')).toBeTruthy();

    fireEvent.change(box, { target: { value: '' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(query()).toBe('?from=2026-12-02&to=2026-12-03'));
    expect(rangeButton().getAttribute('aria-label')).toBe('Date range: Wed, 2 Dec 2026 – Thu, 3 Dec 2026');
    expect((rangeButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('the date basis: "Booked" writes basis=booking, which a link brings back', async () => {
    const { query } = renderBar('/orders?from=2026-10-01&to=2026-10-31&basis=booking&status=canceled');
    expect(select('Dates by').value).toBe('booking');
    expect(select('Dates by').selectedOptions[0].textContent).toBe('Booked');
    change('Dates by', 'departure');
    await waitFor(() => expect(query()).toBe('?from=2026-10-01&to=2026-10-31&status=canceled'));
  });

  it("on tomorrow's tours the picker does not pretend to filter", () => {
    renderBar('/tours?from=2026-12-02&to=2026-12-03', 'tours', 'tomorrow');
    expect((rangeButton() as HTMLButtonElement).disabled).toBe(true);
    expect(rangeButton().getAttribute('aria-label')).toMatch(/set aside: not used on tomorrow's tours$/);
  });

  it('drops an invalid value with a visible notice and keeps the other filters', async () => {
    const { query } = renderBar('/orders?ota=EXPEDIA&status=pending&from=2026-12-09&to=2026-12-01');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Ignored the unknown OTA "EXPEDIA".');
    expect(alert.textContent).toContain('it ends before it starts');
    expect(select('Status').value).toBe('pending');
    expect(select('OTA').value).toBe('');
    expect(screen.getByRole('button', { name: /^Date range/ }).textContent).toBe('Tue, 1 Dec 2026 – Thu, 31 Dec 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(query()).toBe('?status=pending'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has no OTA filter and no date basis on tours', () => {
    renderBar('/tours', 'tours');
    expect(screen.queryByLabelText('OTA')).toBeNull();
    expect(screen.queryByLabelText('Dates by')).toBeNull();
    expect(screen.getByLabelText('Status')).toBeTruthy();
  });

  it('tells the list once per filter change: its own URL arriving and other parameters tell nothing', async () => {
    const { router, query } = renderBar('/orders?ota=MPG');
    expect(seen).toEqual([]);
    change('Status', 'pending');
    await waitFor(() => expect(query()).toBe('?ota=MPG&status=pending'));
    expect(seen.map((f) => [f.ota, f.status])).toEqual([['MPG', 'pending']]);
    await act(() => router.navigate('/orders?ota=MPG&status=pending&inspect=1'));
    expect(seen).toHaveLength(1);
    await act(() => router.navigate('/orders?ota=KKDAY&inspect=1'));
    expect(seen.map((f) => [f.ota, f.status])).toEqual([
      ['MPG', 'pending'],
      ['KKDAY', null],
    ]);
    expect(select('OTA').value).toBe('KKDAY');
    expect(select('Status').value).toBe('');
  });
});
