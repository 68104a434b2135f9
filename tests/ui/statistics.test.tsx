// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { formatMoney } from '../../src/domain/format';
import { statisticsMachine } from '../../src/machines/statistics/statistics.machine';
import { CHANNEL_COLORS, PASSENGER_COLORS } from '../../src/ui/statistics/colors';
import { StatisticsScreen } from '../../src/ui/statistics/statistics-screen';
import { THEME } from '../../src/ui/theme/tokens';
import { system } from '../../src/ui/theme/system';
import { answerFor, deferredLoad, settle } from '../machines/statistics-fakes';
import { NoLayoutObserver } from './no-layout-observer';

/** The statistics screen in jsdom over a real root whose load the test answers. */
function show(search = '') {
  const load = deferredLoad();
  const navigations: string[] = [];
  const root = createActor(
    statisticsMachine.provide({
      actors: { load: load.logic },
      actions: { navigate: (_, params) => void navigations.push(params.to) },
    }),
    { input: { teamId: 'team-vn', timezone: 'Asia/Ho_Chi_Minh', search, now: Date.parse('2026-11-25T05:00:00Z') } },
  ).start();
  render(
    <ChakraProvider value={system}>
      <MemoryRouter>
        <StatisticsScreen root={root} />
      </MemoryRouter>
    </ChakraProvider>,
  );
  const answer = async (i = load.calls.length - 1) =>
    act(async () => {
      load.calls[i].resolve(answerFor(load.calls[i].input));
      await settle();
    });
  const fail = async (i = load.calls.length - 1) =>
    act(async () => {
      load.calls[i].reject(new Error('offline'));
      await settle();
    });
  return { root, calls: load.calls, navigations, answer, fail };
}

const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoLayoutObserver);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the statistics screen', () => {
  it('shows skeletons while loading, then the month, its KPI cards and their links', async () => {
    const s = show();
    expect(screen.getByRole('status', { name: 'Loading the statistics' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeTruthy();
    await s.answer();
    expect(screen.queryByRole('status', { name: 'Loading the statistics' })).toBeNull();

    const cards = within(screen.getByRole('list', { name: 'Key figures' }));
    // 18 orders in November, 17 in October (the fixture's numbers follow the month)
    const orders = cards.getByRole('link', { name: 'Orders' }).closest('li')!;
    expect(orders.textContent).toContain('18');
    expect(orders.textContent).toContain('+5.9% vs October 2026');
    expect(cards.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(
      '/orders?from=2026-11-01&to=2026-11-30',
    );
    expect(cards.getByRole('link', { name: 'Canceled' }).getAttribute('href')).toBe(
      '/orders?from=2026-11-01&to=2026-11-30&status=canceled',
    );
    const revenue = cards.getByRole('link', { name: 'Revenue' }).closest('li')!;
    expect(revenue.textContent).toContain(formatMoney(18_000_000, 'VND'));
    const passengers = cards.getByRole('link', { name: 'Passengers' }).closest('li')!;
    expect(passengers.textContent).toContain('36 adults, 18 children');
  });

  it("shows a chart's figures as a table whose figures link to their orders", async () => {
    const s = show('?basis=booking');
    await s.answer();
    const daily = screen.getByRole('region', { name: 'Daily orders by channel' });
    const toggle = within(daily).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(s.root.getSnapshot().context.modes.daily).toBe('table');
    const table = within(daily).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4); // header and three days
    expect(hrefOf('2 Klook orders on Tue, 3 Nov 2026')).toBe(
      '/orders?from=2026-11-03&to=2026-11-03&basis=booking&ota=KLOOK',
    );
    expect(hrefOf('4 orders on Mon, 2 Nov 2026')).toBe('/orders?from=2026-11-02&to=2026-11-02&basis=booking');

    const share = screen.getByRole('region', { name: 'Channel share' });
    fireEvent.click(within(share).getByRole('button', { name: 'Show as table' }));
    expect(within(share).getByRole('row', { name: /Viator/ }).textContent).toContain('16.7%');
    // the no-show rate of the recorded check-ins: 1 of 4 for Klook, none of 2 for KKday, none recorded for Viator
    expect(within(share).getByRole('columnheader', { name: 'No-show rate' })).toBeTruthy();
    const noShow = (channel: string) =>
      within(share).getByRole('row', { name: new RegExp(channel) }).lastChild?.textContent;
    expect([noShow('Klook'), noShow('KKday'), noShow('Viator')]).toEqual(['25%', '0%', '—']);
    fireEvent.click(within(daily).getByRole('button', { name: 'Show as table' }));
    expect(within(daily).queryByRole('table')).toBeNull();
  });

  it('links every channel of the legend to its month of orders', async () => {
    const s = show();
    await s.answer();
    const daily = screen.getByRole('region', { name: 'Daily orders by channel' });
    const legend = within(within(daily).getByRole('list', { name: 'Channels' }));
    expect(legend.getByRole('link', { name: '3 Viator orders' }).getAttribute('href')).toBe(
      '/orders?from=2026-11-01&to=2026-11-30&ota=VIATOR',
    );
  });

  it("shows 'Failed to fetch order counts' with a Retry that loads again", async () => {
    const s = show();
    await s.fail();
    expect(screen.getByText('Failed to fetch order counts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(s.calls).toHaveLength(2);
    expect(screen.getByRole('status', { name: 'Loading the statistics' })).toBeTruthy();
    await s.answer();
    expect(screen.queryByText('Failed to fetch order counts')).toBeNull();
  });

  it('moves to the month before or a month typed, and switches to booking dates, through the URL', async () => {
    const s = show();
    await s.answer();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'October 2026' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-03' } });
    expect(screen.getByRole('radio', { name: 'Departure date' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Booking date' }));
    // the segment group reports its change a microtask later
    await waitFor(() =>
      expect(s.navigations).toEqual([
        '/statistics?month=2026-10',
        '/statistics?month=2026-03',
        '/statistics?month=2026-03&basis=booking',
      ]),
    );
    expect(s.calls.at(-1)!.input).toEqual({ teamId: 'team-vn', month: '2026-03', basis: 'booking' });
  });

  it('says which values of the URL it dropped', () => {
    show('?month=2026-13');
    expect(
      screen.getByText('Ignored the month "2026-13": months are written YYYY-MM. Showing the current month.'),
    ).toBeTruthy();
  });
});

/** WCAG relative luminance and contrast of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('the chart colours', () => {
  const colours = { ...CHANNEL_COLORS, ...PASSENGER_COLORS };
  it.each(Object.entries(colours))('%s reads at 3:1 or more on the cards and the page', (_, colour) => {
    expect(contrast(colour, '#FFFFFF')).toBeGreaterThanOrEqual(3);
    expect(contrast(colour, THEME.base)).toBeGreaterThanOrEqual(3);
  });

  it('give each channel its own colour, and each kind of passenger', () => {
    expect(new Set(Object.values(CHANNEL_COLORS)).size).toBe(4);
    expect(PASSENGER_COLORS.adult).not.toBe(PASSENGER_COLORS.child);
  });
});
