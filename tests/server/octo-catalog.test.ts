import { zBaseError, zProduct, zSupplier } from '@octocloud/types';
import { describe, expect, it } from 'vitest';
import { useServerSuite } from './fixtures';
import { TEST_ORIGIN } from './helpers';
import { channelKey, octo, openingHoursSchedule, sellProduct, startTimeSchedule } from './octo-fixtures';

/** The OCTO catalogue: supplier and products, as a reseller with a key of the team sees them. */
const keys = { home: '', japan: '', revoked: '' };
const s = useServerSuite({
  async init(t) {
    const { home, japan, other, admin, otherProduct } = t.world;
    keys.home = await channelKey(t.db, home.id, 'KLOOK');
    keys.japan = await channelKey(t.db, japan.id, 'VIATOR');
    keys.revoked = await channelKey(t.db, home.id, 'KLOOK', true);
    await sellProduct(t.db, home.id, 'city-walk', startTimeSchedule());
    await sellProduct(t.db, home.id, 'museum', openingHoursSchedule());
    await sellProduct(t.db, japan.id, 'tokyo-night', startTimeSchedule({ cancellationCutoffMinutes: 90 }));
    // a product of another team with a schedule: never shown to home's key
    await sellProduct(t.db, other.id, otherProduct, startTimeSchedule());
    await t.db.query(
      `INSERT INTO orgs (id, display_id, name, owner_id, team_id, information, stage)
       VALUES ($1, $2, 'Home Org', $3, $4, $5, 7)`,
      [
        `org-${home.id}`,
        `home-${home.id.slice(0, 8)}`,
        admin.id,
        home.id,
        JSON.stringify({
          serviceCountry: ['VN'],
          serviceCity: ['Hanoi'],
          pointOfContact: { fullName: 'Lan Pham', email: 'ops@home.test', phone: '+84 24 1234 5678', jobTitle: 'Ops' },
        }),
      ],
    );
  },
});

const get = (key: string | null, url: string, capabilities?: string) =>
  octo(s.t, key, 'GET', url, undefined, capabilities);

describe('GET /octo/supplier', () => {
  it("is the key's team with its organization's contact", async () => {
    const res = await get(keys.home, '/octo/supplier');
    expect(res.statusCode).toBe(200);
    const supplier = zSupplier.parse(res.json());
    expect(supplier).toEqual({
      id: s.w.home.id,
      name: (await s.t.db.query<{ name: string }>('SELECT name FROM teams WHERE id = $1', [s.w.home.id]))[0].name,
      endpoint: `${TEST_ORIGIN}/octo`,
      contact: { website: null, email: 'ops@home.test', telephone: '+84 24 1234 5678', address: null },
    });
  });

  it('has no contact for a team without an organization', async () => {
    const supplier = zSupplier.parse((await get(keys.japan, '/octo/supplier')).json());
    expect(supplier.id).toBe(s.w.japan.id);
    expect(supplier.contact).toEqual({ website: null, email: null, telephone: null, address: null });
  });
});

describe('GET /octo/products', () => {
  it("lists only the key's team's products that have a schedule", async () => {
    const res = await get(keys.home, '/octo/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['octo-capabilities']).toBe('');
    const products = zProduct.array().parse(res.json());
    // w.product has no schedule; otherProduct belongs to another team
    expect(products.map((p) => p.id)).toEqual(['city-walk', 'museum']);
    const japan = zProduct.array().parse((await get(keys.japan, '/octo/products')).json());
    expect(japan.map((p) => p.id)).toEqual(['tokyo-night']);
    expect(japan[0].timeZone).toBe('Asia/Tokyo');
    expect(japan[0].options[0]).toMatchObject({
      cancellationCutoff: '90 minutes',
      cancellationCutoffAmount: 90,
      cancellationCutoffUnit: 'minute',
    });
  });

  it('describes a START_TIME product, its option and units, without prices unless asked', async () => {
    const [walk] = zProduct.array().parse((await get(keys.home, '/octo/products')).json());
    expect(walk).toMatchObject({
      id: 'city-walk',
      internalName: 'Product city-walk',
      locale: 'en',
      timeZone: 'Asia/Ho_Chi_Minh',
      allowFreesale: false,
      instantConfirmation: true,
      availabilityRequired: true,
      availabilityType: 'START_TIME',
      deliveryFormats: [],
      deliveryMethods: ['VOUCHER'],
      redemptionMethod: 'MANIFEST',
      defaultCurrency: 'USD',
      availableCurrencies: ['USD', 'VND'],
      pricingPer: 'UNIT',
    });
    const [option] = walk.options;
    expect(option).toMatchObject({
      id: 'standard',
      default: true,
      internalName: 'Standard',
      availabilityLocalStartTimes: ['08:00', '14:00'],
      cancellationCutoff: '24 hours',
      cancellationCutoffAmount: 24,
      cancellationCutoffUnit: 'hour',
      restrictions: { minUnits: 1, maxUnits: 10 },
    });
    expect(option.pricingFrom).toBeUndefined();
    expect(
      option.units.map((u) => [u.id, u.type, u.restrictions.minAge, u.restrictions.maxAge, u.restrictions.paxCount]),
    ).toEqual([
      ['adult', 'ADULT', 12, 99, 1],
      ['child', 'CHILD', 3, 11, 1],
    ]);
    expect(option.units.every((u) => u.pricingFrom === undefined)).toBe(true);
  });

  it('adds prices in minor units with octo/pricing, and echoes the capability', async () => {
    const res = await get(keys.home, '/octo/products', 'octo/pricing, octo/content');
    expect(res.headers['octo-capabilities']).toBe('octo/pricing');
    const [walk, museum] = zProduct.array().parse(res.json());
    const [adult, child] = walk.options[0].units;
    expect(adult.pricingFrom).toEqual([
      { original: 4500, retail: 4500, net: 3800, currency: 'USD', currencyPrecision: 2, includedTaxes: [] },
      { original: 1100000, retail: 1100000, net: null, currency: 'VND', currencyPrecision: 0, includedTaxes: [] },
    ]);
    expect(child.pricingFrom?.map((p) => [p.currency, p.retail])).toEqual([
      ['USD', 2550],
      ['VND', 600000],
    ]);
    // an option is priced from its cheapest unit
    expect(walk.options[0].pricingFrom?.map((p) => [p.currency, p.retail])).toEqual([
      ['USD', 2550],
      ['VND', 600000],
    ]);
    expect(museum.availabilityType).toBe('OPENING_HOURS');
    expect(museum.options[0].availabilityLocalStartTimes).toEqual(['09:00']);
  });
});

describe('GET /octo/products/{id}', () => {
  it('answers one product, also with a trailing slash', async () => {
    const res = await get(keys.home, '/octo/products/museum', 'octo/pricing');
    expect(res.statusCode).toBe(200);
    expect(zProduct.parse(res.json()).options[0].units[0].pricingFrom).toHaveLength(2);
    const slash = await get(keys.home, '/octo/products/museum/');
    expect(slash.statusCode).toBe(200);
    expect(zProduct.parse(slash.json()).id).toBe('museum');
    const list = await get(keys.home, '/octo/products/');
    expect(zProduct.array().parse(list.json())).toHaveLength(2);
  });

  it('refuses an unknown, unscheduled or foreign product with INVALID_PRODUCT_ID', async () => {
    for (const id of ['nope', s.w.product, s.w.otherProduct, 'tokyo-night']) {
      const res = await get(keys.home, `/octo/products/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(zBaseError.parse(body).error).toBe('INVALID_PRODUCT_ID');
      expect(body.productId).toBe(id);
      expect(body.errorMessage).toContain(id);
    }
  });
});

describe('keys', () => {
  it('no key: 401 UNAUTHORIZED; an unknown or revoked key: 403 FORBIDDEN', async () => {
    for (const url of ['/octo/supplier', '/octo/products', '/octo/products/city-walk']) {
      const none = await get(null, url);
      expect(none.statusCode).toBe(401);
      expect(zBaseError.parse(none.json()).error).toBe('UNAUTHORIZED');
      for (const key of [keys.revoked, 'tdk_not-a-key-of-anyone', s.w.admin.token]) {
        const res = await get(key, url, 'octo/pricing');
        expect(res.statusCode).toBe(403);
        expect(zBaseError.parse(res.json()).error).toBe('FORBIDDEN');
        expect(res.headers['octo-capabilities']).toBe('octo/pricing');
      }
    }
  });
});
