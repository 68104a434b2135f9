// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router-dom';
import { navDrawerMachine } from '../../src/machines/nav-drawer/nav-drawer.machine';
import { NavDrawer } from '../../src/ui/layouts/nav-drawer';
import { system } from '../../src/ui/theme/system';

afterEach(cleanup);

/** The drawer's view over the production machine, in a router whose pages link to each other. */
function Page() {
  const drawer = useActorRef(navDrawerMachine);
  const path = useLocation().pathname;
  return (
    <>
      <NavDrawer drawer={drawer}>
        <nav aria-label="Main">
          <Link to="/orders">Orders</Link>
          <Link to="/tours">Tours</Link>
          <button type="button">Settings</button>
        </nav>
      </NavDrawer>
      <main data-testid="path">{path}</main>
    </>
  );
}

function renderDrawer() {
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/orders'] });
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return router;
}

const drawer = () => screen.queryByRole('dialog', { name: 'Navigation' });
async function openDrawer() {
  fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
  await screen.findByRole('dialog', { name: 'Navigation' });
}

describe('the navigation drawer', () => {
  it('is closed until the menu button opens it, and says so on the button', async () => {
    renderDrawer();
    expect(drawer()).toBeNull();
    const button = screen.getByRole('button', { name: 'Open navigation' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await openDrawer();
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes when a link is followed, and the page is the link’s', async () => {
    renderDrawer();
    await openDrawer();
    fireEvent.click(screen.getByRole('link', { name: 'Tours' }));
    await waitFor(() => expect(drawer()).toBeNull());
    expect(screen.getByTestId('path').textContent).toBe('/tours');
  });

  it('closes on a link to the page already shown', async () => {
    renderDrawer();
    await openDrawer();
    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(drawer()).toBeNull());
  });

  it('stays open for a button that is no link, and closes with its close button', async () => {
    renderDrawer();
    await openDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(drawer()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close navigation' }));
    await waitFor(() => expect(drawer()).toBeNull());
  });

  it('closes when the route changes under it (the back button)', async () => {
    const router = renderDrawer();
    await openDrawer();
    await router.navigate('/tours');
    await waitFor(() => expect(drawer()).toBeNull());
  });
});
