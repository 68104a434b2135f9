// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage, SIGNED_OUT_MESSAGE } from '../../src/ui/pages/login-page';
import { stored } from '../machines/session-fakes';
import { renderRoutes } from './render';

const routes = [{ path: '/auth/login', element: <LoginPage /> }];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('login page', () => {
  it('shows the heading and the Sign in button, without an alert by default', async () => {
    renderRoutes(routes, '/auth/login', { restoreSession: async () => stored() });
    expect(screen.getByRole('heading', { name: /sign in to tourdesk/i })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByText(SIGNED_OUT_MESSAGE)).toBeNull();
  });

  it('tells a visitor signed out by a 401 to sign in again', () => {
    renderRoutes(routes, '/auth/login?unauthorized=1', { restoreSession: async () => stored() });
    expect(screen.getByText('You were signed out. Please sign in again.')).toBeTruthy();
  });

  it('the Sign in button sends the event that starts the provider sign-in', async () => {
    const startSignIn = vi.fn(() => new Promise<void>(() => undefined));
    renderRoutes(routes, '/auth/login', { restoreSession: async () => stored({ promptLogin: true }), startSignIn });
    const button = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(startSignIn).toHaveBeenCalledWith({ prompt: 'login' }));
  });

  it('shows the session error, e.g. after a failed sign-in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(routes, '/auth/login', {
      restoreSession: async () => stored({ token: 't' }),
      getMe: async () => null,
    });
    expect(await screen.findByText('User not found')).toBeTruthy();
  });
});
