import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Calls the API from the page with its own token, as the app would. */
export function pageApi<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('AUTH')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, data: res.status === 204 ? null : await res.json() };
    },
    { method, path, body },
  );
}

export interface TestOrder {
  id: string;
  displayId: string;
  otaOrderId: string;
  departureAt: string;
}

/**
 * A KLOOK order of the page's team that no other test touches (a unique OTA order id, found by
 * search), departing `days` from now at 03:00 UTC, ADULT 2 x 40 USD.
 */
export async function createTestOrder(page: Page, prefix: string, days: number): Promise<TestOrder> {
  const teamId = await page.evaluate(() => localStorage.getItem('teamId'));
  const otaOrderId = `${prefix}${Date.now()}`;
  const departure = new Date(Date.now() + days * 86_400_000);
  departure.setUTCHours(3, 0, 0, 0);
  const { status, data } = await pageApi<{ orders: TestOrder[] }>(page, 'POST', '/api/v1/orders/batch', {
    teamId,
    ota: 'KLOOK',
    orders: [
      {
        otaOrderId,
        departureAt: departure.toISOString(),
        language: 'English',
        product: { id: `e2e-${prefix.toLowerCase()}`, route: 'Test walk' },
        customer: { name: 'E2E Tester', email: 'tester@example.test' },
        quantity: { adult: 2, child: 0 },
        prices: [{ type: 'ADULT', amount: 40, currency: 'USD' }],
      },
    ],
  });
  expect(status).toBe(200);
  return { ...data.orders[0], otaOrderId };
}
