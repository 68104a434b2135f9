// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { CheckedInOrder, Manifest, ManifestInput, ManifestParty } from '../../src/api/services/manifest';
import type { QueuedCheckIn } from '../../src/domain/check-in';
import { checkInMachine } from '../../src/machines/check-in/check-in.machine';
import { manifestMachine } from '../../src/machines/manifest/manifest.machine';
import { ManifestScreen } from '../../src/ui/manifest/manifest-screen';
import { system } from '../../src/ui/theme/system';

/**
 * The manifest screen over the production machines with faked services: each party with its call
 * and map links, the totals, a tap shown at once and "Pending" until its answer, the stepper making
 * the next check-in a partial one, and a canceled order said on its row.
 */
const party = (orderId: string, name: string, adults: number, children: number): ManifestParty => ({
  orderId,
  displayId: `KH-${orderId}`,
  name,
  adults,
  children,
  total: adults + children,
  phone: '+84 90 123 4567',
  email: `${orderId}@example.test`,
  pickup: 'La Siesta Hotel, Hanoi',
  notes: orderId === 'a' ? 'Vegetarian' : null,
  ota: 'KLOOK',
  otaOrderId: `KL-${orderId}`,
  statusV2: 'arranged',
  checkIn: { state: 'EXPECTED', arrived: 0, at: null, by: null },
  version: 1,
});
const MANIFEST: Manifest = {
  title: 'Old Quarter walk',
  departureAt: '2026-11-27T01:00:00.000Z',
  product: { id: 'p1', route: 'Old Quarter walk', pack: 'Morning' },
  tour: { id: 't1', displayId: 'T-1', displayName: 'Old Quarter walk' },
  totals: { parties: 2, pax: 5, adults: 4, children: 1, checkedInParties: 0, checkedInPax: 0, noShowParties: 0 },
  parties: [party('a', 'Nguyễn Văn An', 2, 1), party('b', 'Lan Tran', 2, 0)],
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderScreen(send: (q: QueuedCheckIn) => Promise<CheckedInOrder>) {
  const logic = manifestMachine.provide({
    actors: {
      loadManifest: fromPromise<Manifest, ManifestInput>(async () => MANIFEST),
      checkIn: checkInMachine.provide({
        actors: {
          restoreCheckInQueue: fromPromise<QueuedCheckIn[], { teamId: string }>(async () => []),
          connectivity: fromCallback(() => undefined),
          sendCheckIn: fromPromise<CheckedInOrder, QueuedCheckIn>(({ input }) => send(input)),
        },
        actions: { saveQueue: () => undefined },
      }),
    },
  });
  const root = createActor(logic, { input: { teamId: 'team-1', source: { kind: 'tour', tourId: 't1' } } }).start();
  render(
    <ChakraProvider value={system}>
      <ManifestScreen root={root} timezone="Asia/Ho_Chi_Minh" />
    </ChakraProvider>,
  );
  return root;
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('the manifest screen', () => {
  it('shows each party with a call link, a map link, its notes and the totals', async () => {
    renderScreen(() => new Promise(() => undefined));
    const an = await waitFor(() => card('Nguyễn Văn An'));
    expect(within(an).getByRole('link', { name: '+84 90 123 4567' }).getAttribute('href')).toBe('tel:+84901234567');
    expect(within(an).getByRole('link', { name: 'La Siesta Hotel, Hanoi' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=La%20Siesta%20Hotel%2C%20Hanoi',
    );
    within(an).getByText('Notes: Vegetarian');
    within(an).getByText(/2 adults, 1 child · KLOOK KL-a/);
    const totals = screen.getByRole('status', { name: 'Totals' });
    within(totals).getByText('0 of 5 checked in');
    within(totals).getByText('2 parties · 4 adults, 1 child · 0 no-shows');
  });

  it('a tap reads at once and is pending until sent; the stepper makes it 2 of 3', async () => {
    let answer: (order: CheckedInOrder) => void = () => undefined;
    renderScreen((q) =>
      new Promise((resolve) => (answer = resolve)).then(
        () => ({ id: q.orderId, checkIn: { ...q, at: null, by: null } }) as unknown as CheckedInOrder,
      ),
    );
    const an = await waitFor(() => card('Nguyễn Văn An'));
    within(an).getByText('3 of 3');
    fireEvent.click(within(an).getByRole('button', { name: 'One fewer came: Nguyễn Văn An' }));
    within(an).getByText('2 of 3');
    fireEvent.click(within(an).getByRole('button', { name: 'Check in Nguyễn Văn An' }));
    await waitFor(() => within(an).getByText('2 of 3 checked in'));
    within(an).getByText('Pending');
    within(screen.getByRole('status', { name: 'Totals' })).getByText('2 of 5 checked in');
    answer({} as CheckedInOrder);
    await waitFor(() => expect(within(an).queryByText('Pending')).toBeNull());
    within(an).getByText('2 of 3 checked in');
  });

  it('a canceled order is said on its row', async () => {
    renderScreen(async () => {
      throw new ApiError(409, 'ORDER_CANCELED', 'The order is canceled');
    });
    const lan = await waitFor(() => card('Lan Tran'));
    fireEvent.click(within(lan).getByRole('button', { name: 'Check in Lan Tran' }));
    await waitFor(() => within(lan).getByRole('alert'));
    within(lan).getByText('Canceled: not checked in');
    // nothing was recorded: the party reads expected again
    within(lan).getByText('Expected');
  });
});
