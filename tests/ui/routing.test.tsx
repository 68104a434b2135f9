// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stored, team, userWith } from '../machines/session-fakes';
import { renderApp } from './render';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A member of two teams, ADMIN of the selected one; a platform admin (Tech Team ADMIN) when asked. */
const member = (isPlatformAdmin = false) => ({
  restoreSession: async () => stored({ token: 't', teamId: 'vn' }),
  getMe: async () => userWith([team('vn', 'ADMIN'), team('jp')], { isPlatformAdmin }),
});
const navLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name });

describe('routing through the guards', () => {
  it('sends a visitor who is not logged in to the login page, titled Login', async () => {
    const app = renderApp('/orders/pending', { restoreSession: async () => stored() });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(app.location()?.pathname).toBe('/auth/login');
    await waitFor(() => expect(document.title).toBe('Login | Tourdesk'));
  });

  it('lands a member on the new orders from /, inside the default layout', async () => {
    const app = renderApp('/', member());
    expect(await screen.findByRole('heading', { name: 'New orders' })).toBeTruthy();
    expect(app.location()?.pathname).toBe('/orders/new-added');
    expect(screen.getByText('ana@tourdesk.test')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('New orders | Tourdesk'));
  });

  it('shows the inbox at /orders/inbox, linked in the navigation, and tour views with their heading', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const inbox = renderApp('/orders/inbox', member());
    expect(await screen.findByRole('heading', { name: 'Inbox', level: 1 })).toBeTruthy();
    expect(inbox.location()?.pathname).toBe('/orders/inbox');
    expect(navLink('Inbox')?.getAttribute('href')).toBe('/orders/inbox');
    await waitFor(() => expect(document.title).toBe('Inbox | Tourdesk'));
    cleanup();
    renderApp('/tours/arranged', member());
    expect(await screen.findByRole('heading', { name: 'Tours — Arranged' })).toBeTruthy();
  });

  it('sends a logged-in member away from the login page', async () => {
    const app = renderApp('/auth/login', member());
    expect(await screen.findByRole('heading', { name: 'New orders' })).toBeTruthy();
    expect(app.location()?.pathname).toBe('/orders/new-added');
  });

  it('check-admin: feature toggles for a platform admin, the landing page for anyone else', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/setting/feature-toggle', member(true));
    expect(await screen.findByRole('heading', { name: 'Feature toggles' })).toBeTruthy();
    expect(navLink('Feature toggles')).toBeTruthy();
    cleanup();
    // an ADMIN of the selected team, but not of the Tech Team
    const teamAdmin = renderApp('/setting/feature-toggle', member(false));
    expect(await screen.findByRole('heading', { name: 'New orders' })).toBeTruthy();
    expect(teamAdmin.location()?.pathname).toBe('/orders/new-added');
    expect(navLink('Feature toggles')).toBeNull();
    expect(navLink('Settings')).toBeTruthy();
  });

  it('sends a signed-in user without a team to onboarding', async () => {
    const app = renderApp('/orders', {
      restoreSession: async () => stored({ token: 't' }),
      getMe: async () => userWith([]),
    });
    // the onboarding screen itself is covered by its own tests; here: the guard sends them there
    await waitFor(() => expect(app.location()?.pathname).toBe('/auth/onboarding'));
  });
});
