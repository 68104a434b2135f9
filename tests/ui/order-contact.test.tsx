// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { contactCopyMachine } from '../../src/machines/contact-copy/contact-copy.machine';
import { detailMachine } from '../../src/machines/detail/detail.machine';
import type { NotifyEvent } from '../../src/machines/notify';
import { OrderFields } from '../../src/ui/panel/record-fields';
import { system } from '../../src/ui/theme/system';
import { orderDetail } from '../machines/panel-fakes';

/** The order panel's customer fields (issue 25 point 2) over a real panel machine and its copier. */
function show(over: Parameters<typeof orderDetail>[0]) {
  const written: string[] = [];
  const detail = createActor(
    detailMachine.provide({
      actors: {
        copier: contactCopyMachine.provide({
          actors: {
            writeClipboard: fromPromise<void, { text: string }>(async ({ input }) => {
              written.push(input.text);
            }),
          },
        }),
      },
    }),
    { input: { kind: 'orders', userId: 'u1', timezone: 'Asia/Ho_Chi_Minh', role: 'MEMBER' } },
  ).start();
  const toasts: string[] = [];
  const copier = detail.getSnapshot().children.copier!;
  copier.on('notify', (e) => void toasts.push((e as NotifyEvent).message));
  render(
    <ChakraProvider value={system}>
      <MemoryRouter>
        <OrderFields order={orderDetail(over)} timezone="Asia/Ho_Chi_Minh" detail={detail} />
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { written, toasts };
}

const field = (label: string) => document.querySelector(`[data-field="${label}"]`)!;

afterEach(cleanup);

describe('the order panel: the customer you can reach', () => {
  it('shows the phone as a call link, the pick-up with a map link and the notes, each with a copy button', async () => {
    const s = show({
      customer: { name: 'Nguyễn Thị Lan', email: 'lan@example.test', phone: '+84 912 345 678' },
      pickup: 'Hotel Majestic Saigon',
      notes: 'Vegetarian meal\nWheelchair',
      quantity: { total: 3, adult: 2, child: 1 },
      checkIn: { state: 'CHECKED_IN', arrived: 2, at: '2026-11-27T01:12:00.000Z', by: { id: 'u2', name: 'Lan' } },
    });
    expect(screen.getByRole('link', { name: '+84 912 345 678' }).getAttribute('href')).toBe('tel:+84912345678');
    const map = screen.getByRole('link', { name: 'Hotel Majestic Saigon' });
    expect(map.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=Hotel%20Majestic%20Saigon');
    expect(map.getAttribute('target')).toBe('_blank');
    expect(field('Notes').textContent).toBe('Vegetarian meal\nWheelchair');
    expect(field('Check-in').textContent).toBe('Checked in 2 of 3 by Lan, 08:12');

    fireEvent.click(screen.getByRole('button', { name: 'Copy phone' }));
    await waitFor(() => expect(s.toasts).toEqual(['Phone copied']));
    fireEvent.click(screen.getByRole('button', { name: 'Copy notes' }));
    await waitFor(() => expect(s.toasts).toEqual(['Phone copied', 'Notes copied']));
    expect(s.written).toEqual(['+84 912 345 678', 'Vegetarian meal\nWheelchair']);
    expect(screen.getByRole('button', { name: 'Copy pick-up' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy e-mail' })).toBeTruthy();
  });

  it('says "None" for what the OTA did not give (no copy button), a no-show, and no check-in while expected', () => {
    show({ customer: { name: 'Kim', email: 'kim@example.test', phone: null }, pickup: null, notes: '  ' });
    expect([field('Phone').textContent, field('Pick-up').textContent, field('Notes').textContent]).toEqual([
      'None',
      'None',
      'None',
    ]);
    expect(screen.queryByRole('button', { name: 'Copy phone' })).toBeNull();
    expect(document.querySelector('[data-field="Check-in"]')).toBeNull();
    cleanup();
    show({ checkIn: { state: 'NO_SHOW', arrived: 0, at: '2026-11-27T01:12:00.000Z', by: null } });
    expect(field('Check-in').textContent).toBe('No-show');
  });
});
