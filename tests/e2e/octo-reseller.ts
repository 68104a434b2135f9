import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';

// A reseller's side of OCTO for the browser tests: real HTTP from the test, a channel key as its
// only credential.
export interface Booking {
  uuid: string;
  status: string;
  supplierReference: string;
  availabilityId: string;
}
export interface Availability {
  id: string;
  available: boolean;
  status: string;
  vacancies: number | null;
}
interface OctoProduct {
  id: string;
  availabilityType: string;
  options: { id: string; default: boolean; units: { id: string; type: string }[] }[];
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export function reseller(baseUrl: string, key: string) {
  async function octo<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
    const res = await fetch(`${baseUrl}/octo${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'octo-capabilities': 'octo/pricing',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, data: (await res.json()) as T };
  }

  /** The demo START_TIME product with its default option and adult unit, and departures with places. */
  async function sellable() {
    const { data: products } = await octo<OctoProduct[]>('GET', '/products');
    const product = products.find((p) => p.availabilityType === 'START_TIME')!;
    expect(product, 'the demo data sells a START_TIME product').toBeDefined();
    const option = product.options.find((o) => o.default)!;
    const adult = option.units.find((u) => u.type === 'ADULT')!;
    const { data: availability } = await octo<Availability[]>('POST', '/availability', {
      productId: product.id,
      optionId: option.id,
      localDateStart: day(2),
      localDateEnd: day(9),
    });
    const open = availability.filter((a) => a.available && (a.vacancies ?? 0) >= 4);
    expect(open.length).toBeGreaterThan(1);
    return { product, option, adult, open };
  }

  /** Two adults held on a departure of `sale` and confirmed with the contact: the booking's uuid. */
  async function book(
    sale: Awaited<ReturnType<typeof sellable>>,
    availabilityId: string,
    confirm: { resellerReference: string; contact: Record<string, unknown> },
  ): Promise<string> {
    const uuid = randomUUID();
    const held = await octo<Booking>('POST', '/bookings', {
      uuid,
      productId: sale.product.id,
      optionId: sale.option.id,
      availabilityId,
      unitItems: [{ unitId: sale.adult.id }, { unitId: sale.adult.id }],
    });
    expect(held.status).toBe(200);
    expect(held.data.status).toBe('ON_HOLD');
    const confirmed = await octo<Booking>('POST', `/bookings/${uuid}/confirm`, confirm);
    expect(confirmed.data.status).toBe('CONFIRMED');
    return uuid;
  }

  return { octo, sellable, book };
}
