// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GenericErrorPage } from '../../src/ui/errors/generic-error-page';
import { FatalErrorBoundary } from '../../src/ui/errors/fatal-error-boundary';
import { NotFoundPage } from '../../src/ui/pages/not-found-page';
import { system } from '../../src/ui/theme/system';
import { stored, team, userWith } from '../machines/session-fakes';
import { renderApp, renderRoutes } from './render';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const chakra = (node: React.ReactNode) => render(<ChakraProvider value={system}>{node}</ChakraProvider>);

describe('not-found page', () => {
  it('says "Page not found" with the 404 variant', () => {
    renderRoutes([{ path: '*', element: <NotFoundPage /> }], '/nowhere', { restoreSession: async () => stored() });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(document.querySelector('[data-variant="not-found"]')).not.toBeNull();
  });

  it('is what an unmatched route shows inside the app (lazy route, default layout)', async () => {
    renderApp('/no/such/page', {
      restoreSession: async () => stored({ token: 't' }),
      getMe: async () => userWith([team('vn')]),
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    // the default layout is around it: navigation to every area
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});

describe('generic error page', () => {
  it('defaults to 500 Internal Server Error (server-error variant)', () => {
    chakra(<GenericErrorPage description="The server did not answer." />);
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
    expect(screen.getByText('The server did not answer.')).toBeTruthy();
    expect(document.querySelector('[data-variant="server-error"]')).not.toBeNull();
  });

  it("uses 'Page Not Found' for a 404 without a message", () => {
    chakra(<GenericErrorPage statusCode={404} />);
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });
});

describe('fatal error view', () => {
  it('replaces the app when a view throws, and logs the error', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('kaboom');
    };
    chakra(
      <FatalErrorBoundary>
        <Broken />
      </FatalErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('kaboom')).toBeTruthy();
    expect(log).toHaveBeenCalledWith('[tourdesk] unhandled error', expect.any(Error), expect.anything());
  });
});
