// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OtaAccounts } from '../../src/api/services/ota-accounts';
import { OTA_SELECTION_MESSAGE } from '../../src/domain/onboarding-rules';
import { otaAccountsMachine } from '../../src/machines/ota-accounts/ota-accounts.machine';
import { OtaAccountsForm } from '../../src/ui/dialogs/ota-accounts-form';
import { system } from '../../src/ui/theme/system';

/** The OTA account form (stage 5 and the dialog) over the machine with faked services. */
const accounts: OtaAccounts = {
  available: [
    { ota: 'KLOOK', email: 'klook@delta.test' },
    { ota: 'MPG', email: 'mpg@delta.test' },
  ],
  otas: ['mpg@delta.test'],
};

function setup(fetches: (OtaAccounts | null)[]) {
  const get = vi.fn(async () => fetches.shift() ?? null);
  const save = vi.fn(async ({ input }: { input: { teamId: string; otas: string[] } }) => ({
    ...accounts,
    otas: input.otas,
  }));
  const actor = createActor(
    otaAccountsMachine.provide({ actors: { getOtaAccounts: fromPromise(get), saveOtaAccounts: fromPromise(save) } }),
    { input: { teamId: 't1' } },
  ).start();
  render(
    <ChakraProvider value={system}>
      <OtaAccountsForm actor={actor} />
    </ChakraProvider>,
  );
  return { actor, get, save };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('OTA accounts form', () => {
  it('lists the accounts with the selected ones ticked, and saves the choice', async () => {
    const { actor, save } = setup([accounts]);
    const klook = (await screen.findByRole('checkbox', { name: /klook@delta\.test/ })) as HTMLInputElement;
    const mpg = screen.getByRole('checkbox', { name: /mpg@delta\.test/ }) as HTMLInputElement;
    expect([klook.checked, mpg.checked]).toEqual([false, true]);
    fireEvent.click(mpg);
    actor.send({ type: 'ota.save' });
    await screen.findByText(OTA_SELECTION_MESSAGE);
    fireEvent.click(klook);
    actor.send({ type: 'ota.save' });
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ input: { teamId: 't1', otas: ['klook@delta.test'] } }));
  });

  it("takes the team's own inbox typed over the made-up one, ticks it, and refuses what is no address", async () => {
    const { actor, save } = setup([accounts]);
    const address = (await screen.findByLabelText('Klook inbox address')) as HTMLInputElement;
    expect(address.value).toBe('klook@delta.test');
    fireEvent.change(address, { target: { value: 'bookings@' } });
    expect((screen.getByRole('checkbox', { name: /bookings@ \(Klook\)/ }) as HTMLInputElement).checked).toBe(true);
    actor.send({ type: 'ota.save' });
    await screen.findByText('Enter a valid e-mail address for Klook, like bookings@example.com.');
    fireEvent.change(address, { target: { value: 'MPG@delta.test' } });
    actor.send({ type: 'ota.save' });
    await screen.findByText('Each OTA needs its own inbox: mpg@delta.test is given twice.');
    fireEvent.change(address, { target: { value: ' bookings@mekong-trails.test ' } });
    actor.send({ type: 'ota.save' });
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({
        input: {
          teamId: 't1',
          otas: ['mpg@delta.test', 'bookings@mekong-trails.test'],
          accounts: [
            { ota: 'KLOOK', email: 'bookings@mekong-trails.test' },
            { ota: 'MPG', email: 'mpg@delta.test' },
          ],
        },
      }),
    );
  });

  it('says when the accounts cannot be loaded and retries', async () => {
    const { get } = setup([null, accounts]);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await screen.findByRole('checkbox', { name: /klook@delta\.test/ });
    expect(get).toHaveBeenCalledTimes(2);
  });
});
