import type { RouteObject } from 'react-router-dom';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appRoutes } from '../../src/ui/router';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { pageApi } from './page-api';

/**
 * The app on a 360 x 740 phone (touch, mobile viewport): every route of the router's table walked
 * with no horizontal scroll, the navigation in a drawer, the lists as cards with a selection box,
 * the side panel a full-screen view with a way back, dialogs inside the screen, touch targets of
 * 44 px, and axe-core clean on the phone list, the drawer and the full-screen panel. Read only.
 */
const baseUrl = inject('baseUrl');
const PHONE = { width: 360, height: 740 };
const CARD = '[data-testid="list-scroller"] [data-row-id]:not([data-date-header])';
let browser: Browser;
let page: Page;

interface Screen {
  path: string;
  /** The route's title (its `handle`), which the document's title shows once the screen is there. */
  title?: string;
}

/** Every screen of the route table (a new route is walked too). */
function routeScreens(routes: RouteObject[], prefix = ''): Screen[] {
  return routes.flatMap((route) => {
    const here = route.path === undefined ? prefix : `${prefix}/${route.path}`.replace(/\/+/g, '/');
    const title = (route.handle as { title?: string } | undefined)?.title;
    const own = route.lazy || route.element ? [{ path: route.index ? prefix || '/' : here || '/', title }] : [];
    return [...own, ...(route.children ? routeScreens(route.children, here) : [])];
  });
}

/**
 * Goes to a path inside the app as its links do (the router hears the history change: no reload,
 * so the walk takes seconds), and waits for the screen's title, or for a redirect elsewhere.
 */
async function visit(p: Page, { path, title }: Screen) {
  await p.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  try {
    await p.waitForFunction(
      ([to, name]) => location.pathname !== to.split('?')[0] || !name || document.title.startsWith(name),
      [path, title ?? ''] as const,
    );
    await settled(p, SPINNER_SCREENS.has(path));
  } catch (error) {
    throw new Error(`${path} did not settle (title "${title}")`, { cause: error });
  }
}

/**
 * What the document measures now, against the phone's width (the mobile viewport grows to fit a
 * page wider than the screen, so innerWidth alone would hide a horizontal scroll).
 */
const widths = (p: Page) =>
  p.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

async function expectNoHorizontalScroll(p: Page, what: string) {
  const w = await widths(p);
  expect(w.innerWidth, `${what}: the viewport stayed the phone's`).toBe(PHONE.width);
  expect(w.scrollWidth, `${what}: nothing wider than the screen`).toBeLessThanOrEqual(PHONE.width);
}

/** Waits until the screen has its content: something rendered, nothing busy or spinning, no animation running. */
async function settled(p: Page, spinning = false) {
  await p.waitForFunction(
    (busyIsTheScreen) =>
      (document.getElementById('root')?.childElementCount ?? 0) > 0 &&
      // a spinner screen spins for ever
      (busyIsTheScreen ||
        (!document.querySelector('[aria-busy=true], .chakra-spinner, .chakra-skeleton') &&
          document.getAnimations().every((a) => a.playState !== 'running'))),
    spinning,
  );
}

/** Screens that are a spinner ("Signing you in…" without a code to sign in with). */
const SPINNER_SCREENS = new Set(['/auth/callback']);

/**
 * Visible controls smaller than 44 x 44 px (WCAG 2.5.5), measured. Left out, as WCAG does: a link
 * inside a sentence (its size is the text's) and the visually hidden input of a styled check box
 * (its label is measured instead).
 */
const smallTargets = (p: Page) =>
  p.evaluate(() => {
    const SELECTOR =
      'button, a[href], [role=menuitem], [role=checkbox], [role=tab], [role=radio], [role=switch], input:not([type=hidden]), select, textarea';
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(SELECTOR)) {
      const target = el.matches('input[type=checkbox], input[type=radio]') ? (el.closest('label') ?? el) : el;
      const r = target.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) continue;
      if (getComputedStyle(target).visibility === 'hidden' || target.closest('[aria-hidden=true], [inert]')) continue;
      const inSentence =
        el.tagName === 'A' &&
        getComputedStyle(el).display === 'inline' &&
        (el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
      if (inSentence) continue;
      // half a pixel: a dialog's scale-in settles a hair under its size
      if (r.width < 43.5 || r.height < 43.5) {
        const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
        small.push(`${name} (${Math.round(r.width)} x ${Math.round(r.height)})`);
      }
    }
    return small;
  });

async function expectTouchTargets(p: Page, what: string) {
  expect(await smallTargets(p), `${what}: controls under 44 x 44 px`).toEqual([]);
}

const drawer = (p: Page) => p.getByRole('dialog', { name: 'Navigation' });

async function openDrawer(p: Page) {
  await p.getByRole('button', { name: 'Open navigation' }).click();
  await drawer(p).waitFor();
  await settled(p);
}

beforeAll(async () => {
  browser = await connectBrowser();
  page = await (await newContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
});
afterAll(async () => {
  await browser?.close();
});

describe('the app on a 360 px phone', () => {
  it('lists orders as cards (id, time, customer, pax, status) under their day, with a 44 px selection box', async () => {
    await page.goto(`${baseUrl}/orders`);
    const card = page.locator(CARD).first();
    await card.waitFor();
    await settled(page);
    // no sidebar: the navigation waits behind the menu button
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.locator('[data-testid="list-scroller"] [role=columnheader]').count()).toBe(0);
    expect(await page.locator('[data-testid="list-scroller"] [data-date-header]').count()).toBeGreaterThan(0);
    const { data } = await pageApi<{ id: string; displayId: string; customer: { name: string } }>(
      page,
      'GET',
      `/api/v1/orders/${await card.getAttribute('data-row-id')}`,
    );
    const text = await card.innerText();
    expect(text).toContain(data.displayId);
    expect(text).toContain(data.customer.name);
    expect(text).toMatch(/\d{2}:\d{2}/);
    expect(text).toMatch(/\d+ pax/);
    const box = card.getByRole('checkbox');
    const size = await box.boundingBox();
    expect(size && size.width >= 44 && size.height >= 44).toBe(true);
    await expectNoHorizontalScroll(page, 'orders');
    await expectTouchTargets(page, 'orders');
    await expectAccessible(page, 'orders on a phone');

    // the box selects without opening; a tap on the card opens it full screen
    await box.click();
    await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');
    expect(await card.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('side-panel').count()).toBe(0);
    await box.click();
    await expect.poll(() => box.getAttribute('aria-checked')).toBe('false');
  });

  it('opens an order as a full-screen view, and "Back to list" returns to the list', async () => {
    await page.locator(CARD).first().click();
    const panel = page.getByTestId('side-panel');
    await panel.waitFor();
    await settled(page);
    const rect = await panel.boundingBox();
    expect(rect).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await expectNoHorizontalScroll(page, 'order panel');
    await expectTouchTargets(page, 'order panel');
    await expectAccessible(page, 'the full-screen order panel');
    await page.getByRole('button', { name: 'Back to list' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.locator(CARD).first().waitFor();
  });

  it('opens the navigation drawer, which closes when a link is followed', async () => {
    await openDrawer(page);
    await expectNoHorizontalScroll(page, 'drawer');
    await expectTouchTargets(page, 'drawer');
    await expectAccessible(page, 'the navigation drawer open');
    await drawer(page).getByRole('link', { name: 'Tours', exact: true }).click();
    await drawer(page).waitFor({ state: 'detached' });
    await page.waitForURL(/\/tours(\?|$)/);
  });

  it('lists tours as cards and opens a tour full screen', async () => {
    const card = page.locator(CARD).first();
    await card.waitFor();
    await settled(page);
    await expectNoHorizontalScroll(page, 'tours');
    await expectTouchTargets(page, 'tours');
    await card.click();
    await page.getByTestId('side-panel').waitFor();
    await settled(page);
    await expectNoHorizontalScroll(page, 'tour panel');
    await expectAccessible(page, 'the full-screen tour panel');
    await page.getByRole('button', { name: 'Back to list' }).click();
    await page.getByTestId('side-panel').waitFor({ state: 'detached' });
  });

  it('fits the settings dialog in the screen', async () => {
    await openDrawer(page);
    await drawer(page).getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    await settled(page);
    const rect = await dialog.boundingBox();
    expect(rect && rect.x >= 0 && rect.x + rect.width <= PHONE.width).toBe(true);
    await expectNoHorizontalScroll(page, 'settings dialog');
    await expectTouchTargets(page, 'settings dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('fits the product editor (mail content and schedule)', async () => {
    await page.goto(`${baseUrl}/products`);
    await page.getByTestId('product-list').getByRole('button').first().click();
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await settled(page);
    await expectNoHorizontalScroll(page, 'product schedule');
    await page.getByRole('tab', { name: 'Confirmation e-mail' }).click();
    await settled(page);
    await expectNoHorizontalScroll(page, 'product mail content');
  });

  it('walks every route of the router without a horizontal scroll', async () => {
    const { data: tours } = await pageApi<{ tours: Array<{ id: string }> }>(
      page,
      'GET',
      `/api/v1/tours?teamId=${await page.evaluate(() => localStorage.getItem('teamId'))}`,
    );
    // the parameters of the routes that take one
    const fill: Record<string, string> = {
      '/tours/:id/manifest': `/tours/${tours.tours[0]?.id ?? 'none'}/manifest`,
      '/invitations/:token': '/invitations/not-a-real-invitation',
      '/*': '/no-such-page',
    };
    const screens = routeScreens(appRoutes).map((s) => ({ ...s, path: fill[s.path] ?? s.path }));
    expect(
      screens.filter((s) => s.path.includes(':') || s.path.includes('*')).map((s) => s.path),
      'every parameter filled',
    ).toEqual([]);
    // the auth routes are a signed-out visitor's: walked in a context of their own below
    const signedIn = screens.filter((s) => !s.path.startsWith('/auth/'));
    expect(signedIn.length).toBeGreaterThan(20);
    for (const screen of signedIn) {
      await visit(page, screen);
      await expectNoHorizontalScroll(page, screen.path);
    }
    const visitor = await newContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    const guest = await visitor.newPage();
    await guest.goto(`${baseUrl}/auth/login`);
    for (const screen of screens.filter((s) => s.path.startsWith('/auth/'))) {
      await visit(guest, screen);
      await expectNoHorizontalScroll(guest, `${screen.path} (signed out)`);
    }
    await visitor.close();
  });

  it('fits the onboarding of a newcomer', async () => {
    const visitor = await newContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    const p = await visitor.newPage();
    await signIn(p, baseUrl, 'newcomer@tourdesk.test');
    await p.waitForURL('**/auth/onboarding**');
    await settled(p);
    await expectNoHorizontalScroll(p, 'onboarding');
    await expectTouchTargets(p, 'onboarding');
    await visitor.close();
  });
});
