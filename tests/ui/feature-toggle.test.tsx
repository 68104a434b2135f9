// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FeatureFlagRecord } from '../../src/api/services/features';
import { europeanCodes, findCountry } from '../../shared/countries';
import { featureToggleMachine, FLAG_UPDATE_FAILED } from '../../src/machines/feature-toggle/feature-toggle.machine';
import type { Sending } from '../../src/machines/feature-toggle/types';
import { FeatureToggles } from '../../src/ui/feature-toggle/feature-toggle-screen';
import { system } from '../../src/ui/theme/system';
import { toaster } from '../../src/ui/toaster';

/** The page over the production machine, its two services faked. */
const INFO: FeatureFlagRecord = {
  id: 'INFO_SENDING_V1',
  name: 'Information sending',
  description: 'Send information emails before departure',
  teams: ['VN', 'TH', 'FR'],
  defaultState: false,
  lastChange: {
    by: { id: 'user-admin', name: 'Alex Admin' },
    at: '2026-03-05T08:04:00.000Z',
    added: ['FR'],
    removed: ['KH'],
  },
};

function renderPage(
  getFeatures: () => Promise<FeatureFlagRecord[] | null>,
  updateFeature: (input: Sending) => Promise<FeatureFlagRecord> = async (input) => ({ ...INFO, teams: input.teams }),
) {
  const requests: Sending[] = [];
  const logic = featureToggleMachine.provide({
    actors: {
      getFeatures: fromPromise(getFeatures),
      updateFeature: fromPromise(({ input }: { input: Sending }) => {
        requests.push(input);
        return updateFeature(input);
      }),
    },
  });
  const root = createActor(logic).start();
  render(
    <ChakraProvider value={system}>
      <FeatureToggles root={root} timezone="Asia/Bangkok" />
    </ChakraProvider>,
  );
  return { root, requests };
}

const flagRegion = () => screen.getByRole('region', { name: 'Information sending' });
const group = (name: string) => within(flagRegion()).getByRole('group', { name });
const box = (scope: HTMLElement, name: string) => within(scope).getByRole('checkbox', { name }) as HTMLInputElement;
const europe = () => box(group('Europe'), 'Europe');
const europeanBoxes = () => europeanCodes().map((code) => box(group('Europe'), findCountry(code)!.name));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('feature toggle page', () => {
  it('shows a skeleton while loading, then each flag with its description, default and last change', async () => {
    let answer: (flags: FeatureFlagRecord[]) => void = () => undefined;
    renderPage(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('status').textContent).toBe('Loading feature flags…');
    answer([INFO]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Information sending' })).toBeTruthy();
    expect(screen.queryByText('Loading feature flags…')).toBeNull();
    const region = flagRegion();
    expect(within(region).getByText('Send information emails before departure')).toBeTruthy();
    expect(region.textContent).toContain('Default: off for the countries not checked');
    // 12-hour timeline form in the team's timezone (Bangkok, UTC+7)
    expect(region.textContent).toContain(
      'Last changed by Alex Admin on 5 Mar 2026 3:04 PM: on for France; off for Cambodia.',
    );
    // every continent is a group with its own checkbox; Europe is partly on (France)
    for (const continent of ['Asia', 'Europe', 'Africa', 'America', 'Global']) expect(group(continent)).toBeTruthy();
    expect(europe().indeterminate).toBe(true);
    expect(europe().checked).toBe(false);
    expect(group('Europe').textContent).toContain(`1 of ${europeanCodes().length} countries on`);
    expect(box(group('Asia'), 'Vietnam').checked).toBe(true);
    expect(box(group('Asia'), 'Japan').checked).toBe(false);
  });

  it('offers Retry after a failed load, and loads again', async () => {
    const getFeatures = vi
      .fn<() => Promise<FeatureFlagRecord[] | null>>()
      .mockResolvedValueOnce(null)
      .mockResolvedValue([INFO]);
    renderPage(getFeatures);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Information sending' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(getFeatures).toHaveBeenCalledTimes(2);
  });

  it('switches every European country on with Europe at once, and sends it', async () => {
    const { requests } = renderPage(async () => [INFO]);
    await screen.findByRole('region', { name: 'Information sending' });
    fireEvent.click(europe());
    // shown before the server answers
    expect(europeanBoxes().every((b) => b.checked)).toBe(true);
    expect(europe().checked).toBe(true);
    expect(europe().indeterminate).toBe(false);
    expect(requests).toHaveLength(1);
    expect([...requests[0].teams].sort()).toEqual(['TH', 'VN', ...europeanCodes()].sort());
    // one country off again: Europe is partly on
    await waitFor(() => expect(within(flagRegion()).getByRole('status').textContent).toBe(''));
    fireEvent.click(box(group('Europe'), 'Germany'));
    expect(europe().indeterminate).toBe(true);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1].teams).not.toContain('DE');
  });

  it('rolls a refused change back and toasts', async () => {
    const create = vi.spyOn(toaster, 'create').mockReturnValue('id');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(
      async () => [INFO],
      async () => {
        throw new Error('403');
      },
    );
    await screen.findByRole('region', { name: 'Information sending' });
    fireEvent.click(box(group('Asia'), 'Japan'));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', title: FLAG_UPDATE_FAILED })),
    );
    expect(box(group('Asia'), 'Japan').checked).toBe(false);
    expect(within(flagRegion()).getByRole('status').textContent).toBe('');
  });
});
