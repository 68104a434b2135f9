// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ProductSchedule } from '../../shared/schedule';
import type { Page } from '../../src/api/services/policy';
import type { ContentKey, MailContent, MailVariables, Product } from '../../src/api/services/products';
import type { ScheduleKey, ScheduleSaveAnswer } from '../../src/api/services/schedules';
import type { Role } from '../../src/domain/statuses';
import { mailContentMachine } from '../../src/machines/mail-content/mail-content.machine';
import { productListMachine } from '../../src/machines/product-list/product-list.machine';
import { productScheduleMachine } from '../../src/machines/product-schedule/product-schedule.machine';
import { productsMachine } from '../../src/machines/products/products.machine';
import { Products } from '../../src/ui/products/products-screen';
import { system } from '../../src/ui/theme/system';

/** The products screen's Schedule tab over the real machines with faked services. */
const ANGKOR: Product = { id: 'REP-ANGKOR', name: 'Angkor Wat Sunrise', route: 'Siem Reap → Angkor', pack: null };
const CITY: Product = { id: 'PNH-CITY', name: 'Phnom Penh City Tour', route: 'Phnom Penh', pack: 'Half day' };
const SCHEDULE: ProductSchedule = {
  availabilityType: 'START_TIME',
  startTimes: { mon: ['08:00'], tue: ['08:00', '14:00'] },
  capacity: 12,
  durationMinutes: 240,
  bookingCutoffMinutes: 60,
  cancellationCutoffMinutes: 1440,
  closedDates: ['2026-12-24'],
  options: [
    {
      id: 'standard',
      name: 'Standard',
      default: true,
      units: [
        {
          id: 'adult',
          type: 'ADULT',
          name: 'Adult',
          minAge: 12,
          maxAge: 99,
          prices: [{ currency: 'USD', retail: 45 }],
        },
        { id: 'child', type: 'CHILD', name: 'Child', minAge: 3, maxAge: 11, prices: [{ currency: 'USD', retail: 25 }] },
      ],
    },
  ],
};

function setup(schedules: Record<string, ProductSchedule | null>, saves: ScheduleSaveAnswer[], role: Role = 'EDITOR') {
  const loadPage = fromPromise<Page<Product>, { teamId: string; cursor: string | null }>(async () => ({
    items: [ANGKOR, CITY],
    hasMore: false,
    nextCursor: null,
  }));
  type SaveInput = ScheduleKey & { schedule: ProductSchedule | null };
  const saveSchedule = vi.fn(async ({ input }: { input: SaveInput }) => {
    void input;
    return saves.shift()!;
  });
  const root = createActor(
    productsMachine.provide({
      actors: {
        productList: productListMachine.provide({ actors: { loadPage } }),
        mailContent: mailContentMachine.provide({
          actors: { loadContent: fromPromise<MailContent, ContentKey>(() => new Promise(() => undefined)) },
        }),
        productSchedule: productScheduleMachine.provide({
          actors: {
            loadSchedule: fromPromise<ProductSchedule | null, ScheduleKey>(
              async ({ input }) => schedules[input.productId] ?? null,
            ),
            saveSchedule: fromPromise<ScheduleSaveAnswer, SaveInput>(saveSchedule),
          },
        }),
        loadVariables: fromPromise<MailVariables, void>(async () => ({
          productContentType: 'CONFIRMATION',
          variables: [],
        })),
      },
    }),
    { input: { teamId: 'team-kh', role, currency: 'KHR' } },
  ).start();
  // the screen lives in the app's data router (its leave guard holds the way out of the page)
  const router = createMemoryRouter([{ path: '/products', element: <Products root={root} /> }], {
    initialEntries: ['/products'],
  });
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return { root, saveSchedule };
}

async function openSchedule(product: Product) {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(product.name) }));
  fireEvent.click(await screen.findByRole('tab', { name: 'Schedule' }));
  return screen.findByTestId('schedule-editor');
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('products screen: schedule', () => {
  it('shows an error on its field as it is typed, keeps Save off until fixed, and shows the server refusal', async () => {
    const { saveSchedule } = setup({ 'REP-ANGKOR': SCHEDULE }, [
      { refused: [{ field: 'capacity', message: 'Too many places for this product' }] },
      { saved: { ...SCHEDULE, capacity: 40 } },
    ]);
    const editor = await openSchedule(ANGKOR);
    const save = within(editor).getByRole('button', { name: 'Save schedule' }) as HTMLButtonElement;
    const minAge = (await within(editor).findByLabelText('Child minimum age')) as HTMLInputElement;
    const maxAge = within(editor).getByLabelText('Child maximum age');
    expect(save.disabled).toBe(true);

    fireEvent.change(minAge, { target: { value: '14' } });
    expect(maxAge.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(maxAge.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('Must be at least the minimum age');
    expect(save.disabled).toBe(true);

    fireEvent.change(minAge, { target: { value: '4' } });
    expect(maxAge.getAttribute('aria-invalid')).toBeNull();
    const capacity = within(editor).getByLabelText('Places per departure');
    fireEvent.change(capacity, { target: { value: '40' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    const refusal = await within(editor).findByText('Too many places for this product');
    expect(capacity.getAttribute('aria-describedby')).toBe(refusal.id);
    expect(saveSchedule).toHaveBeenCalledTimes(1);
    expect(saveSchedule.mock.calls[0][0].input.schedule).toMatchObject({ capacity: 40 });

    // the refusal leaves with the next change; the save goes through
    fireEvent.change(capacity, { target: { value: '41' } });
    expect(within(editor).queryByText('Too many places for this product')).toBeNull();
    fireEvent.change(capacity, { target: { value: '40' } });
    fireEvent.click(save);
    await vi.waitFor(() => expect(save.disabled).toBe(true));
    expect(saveSchedule).toHaveBeenCalledTimes(2);
  });

  it('asks before another product is chosen with the schedule unsaved', async () => {
    setup({ 'REP-ANGKOR': SCHEDULE, 'PNH-CITY': null }, []);
    const editor = await openSchedule(ANGKOR);
    fireEvent.change(await within(editor).findByLabelText('Places per departure'), { target: { value: '13' } });
    fireEvent.click(screen.getByRole('button', { name: /Phnom Penh City Tour/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    expect(dialog.textContent).toContain('Angkor Wat Sunrise has changes that are not saved');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    // the other product, on the same tab: not sold yet, and a way to start
    const next = await screen.findByTestId('schedule-not-sold');
    expect(next.textContent).toContain('Not sold through the channel');
    fireEvent.click(within(next).getByRole('button', { name: 'Sell it through the channel' }));
    const editorNow = screen.getByTestId('schedule-editor');
    // the team's currency and USD, prices still to enter
    expect((within(editorNow).getByLabelText('Currency 1') as HTMLInputElement).value).toBe('KHR');
    expect((within(editorNow).getByLabelText('Currency 2') as HTMLInputElement).value).toBe('USD');
    expect(within(editorNow).getByLabelText('Adult retail price (KHR)').getAttribute('aria-invalid')).toBe('true');
    expect((within(editorNow).getByRole('button', { name: 'Save schedule' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a MEMBER the schedule read-only, with nothing to save', async () => {
    setup({ 'REP-ANGKOR': SCHEDULE }, [], 'MEMBER');
    const editor = await openSchedule(ANGKOR);
    const capacity = (await within(editor).findByLabelText('Places per departure')) as HTMLInputElement;
    expect(capacity.readOnly).toBe(true);
    expect(within(editor).getByTestId('schedule-read-only').textContent).toBe(
      'Only editors and admins of the team can change the schedule.',
    );
    fireEvent.change(capacity, { target: { value: '99' } });
    expect(capacity.value).toBe('12');
    expect(within(editor).queryByRole('button', { name: /Save|Add|Remove|Stop/ })).toBeNull();
  });
});
