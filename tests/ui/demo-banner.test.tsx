// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../src/ui/theme/system';
import { stored } from '../machines/session-fakes';
import { renderApp } from './render';

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the demo banner', () => {
  it('is a labelled region on the login page of a demo build', async () => {
    renderApp('/auth/login', { restoreSession: async () => stored() });
    const region = await screen.findByRole('region', { name: 'Demo notice' });
    expect(region.textContent).toBe('Demo: sample data, and anyone can sign in as a demo account.');
  });

  it('is not there in a production build', async () => {
    vi.stubEnv('TOURDESK_MODE', 'production');
    vi.resetModules();
    const { DemoBanner } = await import('../../src/ui/layouts/demo-banner');
    render(
      <ChakraProvider value={system}>
        <main>
          <DemoBanner />
        </main>
      </ChakraProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Demo notice' })).toBeNull();
    expect(screen.queryByText(/Demo:/)).toBeNull();
  });
});
