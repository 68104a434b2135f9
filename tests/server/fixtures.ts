import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/client';
import { issueAccessToken } from '../../server/auth/tokens';
import { defaultFeatureFlags } from '../../shared/feature-flags';
import { createTestApp, type TestAppOptions } from './helpers';

/** Test data for the handler suites: users, teams and rows of their own (unique per call), so a
 *  suite never depends on the demo seed. */
export interface Person {
  id: string;
  email: string;
  name: string;
  token: string;
}

export interface TeamRef {
  id: string;
  code: string;
  timezone: string;
}

export interface World {
  /** Vietnam team: admin ADMIN, editor EDITOR, member MEMBER (email flags on). */
  home: TeamRef;
  /** Japan team: admin ADMIN only (email flag off). */
  japan: TeamRef;
  /** A team none of the above belongs to (outsider is its ADMIN). */
  other: TeamRef;
  admin: Person;
  editor: Person;
  member: Person;
  outsider: Person;
  /** A product of home, and one of other. */
  product: string;
  otherProduct: string;
}

export const bearer = (p: Person | string) => ({ authorization: `Bearer ${typeof p === 'string' ? p : p.token}` });

export async function person(db: Db, config: Pick<Config, 'tokenSecret'>, role: string, tag: string): Promise<Person> {
  const id = randomUUID();
  const email = `${role}-${tag}@example.test`;
  const name = `${role[0].toUpperCase()}${role.slice(1)} ${tag}`;
  await db.query(`INSERT INTO users (id, email, name, issuer, subject) VALUES ($1, $2, $3, 'test', $1)`, [
    id,
    email,
    name,
  ]);
  return { id, email, name, token: await issueAccessToken({ id, email, name }, config) };
}

async function team(db: Db, code: string, timezone: string, name: string): Promise<TeamRef> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO teams (id, code, name, timezone, continent, ota_accounts) VALUES ($1, $2, $3, $4, 'Asia', $5)`,
    [
      id,
      code,
      name,
      timezone,
      JSON.stringify([
        { ota: 'KLOOK', email: `klook-${id.slice(0, 6)}@ota.test`, selected: true },
        { ota: 'VIATOR', email: `viator-${id.slice(0, 6)}@ota.test`, selected: false },
      ]),
    ],
  );
  return { id, code, timezone };
}

export async function ensureFlags(db: Db): Promise<void> {
  for (const f of defaultFeatureFlags()) {
    await db.query(
      `INSERT INTO feature_flags (id, name, description, teams, default_state) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET teams = EXCLUDED.teams, default_state = EXCLUDED.default_state`,
      [f.id, f.name, f.description, JSON.stringify(f.teams), f.defaultState],
    );
  }
}

export async function makeWorld(db: Db, config: Pick<Config, 'tokenSecret'>): Promise<World> {
  const tag = randomUUID().slice(0, 8);
  const [admin, editor, member, outsider] = [
    await person(db, config, 'admin', tag),
    await person(db, config, 'editor', tag),
    await person(db, config, 'member', tag),
    await person(db, config, 'outsider', tag),
  ];
  const home = await team(db, 'VN', 'Asia/Ho_Chi_Minh', `Home ${tag}`);
  const japan = await team(db, 'JP', 'Asia/Tokyo', `Japan ${tag}`);
  const other = await team(db, 'VN', 'Asia/Ho_Chi_Minh', `Other ${tag}`);
  const memberships: [Person, TeamRef, string][] = [
    [admin, home, 'ADMIN'],
    [editor, home, 'EDITOR'],
    [member, home, 'MEMBER'],
    [admin, japan, 'ADMIN'],
    [outsider, other, 'ADMIN'],
  ];
  for (const [p, t, role] of memberships) {
    await db.query('INSERT INTO memberships (user_id, team_id, role) VALUES ($1, $2, $3)', [p.id, t.id, role]);
  }
  const product = `P-${tag}`;
  const otherProduct = `Q-${tag}`;
  for (const [t, id] of [
    [home, product],
    [japan, product],
    [other, otherProduct],
  ] as const) {
    await db.query(
      `INSERT INTO products (id, team_id, name, route, pack, mail_content) VALUES ($1, $2, $3, $4, NULL, $5)`,
      [
        id,
        t.id,
        `Product ${id}`,
        `Route ${id}`,
        JSON.stringify({
          KLOOK: { subject: 'Hi {{customerName}}', body: 'See you on {{departureDate}} for {{route}}' },
        }),
      ],
    );
  }
  await ensureFlags(db);
  return { home, japan, other, admin, editor, member, outsider, product, otherProduct };
}

export interface OrderSeed {
  count: number;
  productId: string;
  /** First departure; each next order departs stepMinutes later (0 = all at the same time). */
  start: Date;
  stepMinutes?: number;
  status?: string;
  ota?: string;
  tourId?: string | null;
  confirmation?: boolean;
}

/** Inserts orders in one statement; returns their ids in departure order. */
export async function addOrders(db: Db, teamId: string, seed: OrderSeed): Promise<string[]> {
  const tag = randomUUID().slice(0, 8);
  const rows = await db.query<{ id: string }>(
    `INSERT INTO orders (id, team_id, display_id, ota, ota_order_id, departure_at, booked_at, language, product_id,
       customer_name, customer_email, quantity_total, quantity_adult, quantity_child, prices, tour_id, status, email_checkpoints)
     SELECT $1 || '-' || lpad(i::text, 6, '0'), $2, 'D' || $1 || '-' || i, $3, 'ota' || $1 || '-' || i,
            $4::timestamptz + make_interval(mins => (i - 1) * $5), $4::timestamptz - interval '10 days' + make_interval(secs => i),
            'en', $6, 'Customer ' || i, 'customer' || i || '@example.test', 2, 2, 0,
            '[{"type":"ADULT","amount":10,"currency":"USD"}]'::jsonb, $7, $8,
            jsonb_build_object('confirmation', $10::boolean, 'info', false, 'review', false, 'marketing', false)
       FROM generate_series(1, $9::int) AS i
     RETURNING id`,
    [
      `o${tag}`,
      teamId,
      seed.ota ?? 'KLOOK',
      seed.start.toISOString(),
      seed.stepMinutes ?? 60,
      seed.productId,
      seed.tourId ?? null,
      seed.status ?? 'new',
      seed.count,
      seed.confirmation ?? false,
    ],
  );
  return rows.map((r) => r.id).sort();
}

export async function addTour(
  db: Db,
  teamId: string,
  departure: Date,
  status = 'grouped',
  productId: string | null = null,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO tours (id, team_id, display_id, display_name, departure_at, product_id, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, teamId, `X-${id.slice(0, 8)}`, `Tour ${id.slice(0, 4)}`, departure.toISOString(), productId, status],
  );
  return id;
}

/** A fresh app (demo seed without orders) with a world of its own. */
export async function setup(opts: Omit<TestAppOptions, 'orders'> = {}) {
  const t = await createTestApp({ ...opts, orders: 0 });
  const world = await makeWorld(t.app.db, t.app.config);
  return { ...t, world };
}

export type Suite = Awaited<ReturnType<typeof setup>>;

export interface ServerSuite {
  /** The app of this file (only inside tests and hooks: it starts in beforeAll). */
  readonly t: Suite;
  /** Its world (t.world). */
  readonly w: World;
  /** An API call, with the bearer token when one is given and the JSON payload when there is one. */
  req(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

/** Registers the hooks of a handler suite: a fresh app and world before all tests of the file (with
 *  the options `app` gives, then `init`, if given, for data of the file's own), closed after them. */
export function useServerSuite(
  opts: {
    app?: () => Omit<TestAppOptions, 'orders'> | Promise<Omit<TestAppOptions, 'orders'>>;
    init?: (t: Suite) => Promise<void> | void;
  } = {},
): ServerSuite {
  let current: Suite | undefined;
  beforeAll(async () => {
    current = await setup(await opts.app?.());
    await opts.init?.(current);
  });
  afterAll(() => current?.close());
  const suite: ServerSuite = {
    get t() {
      if (!current) throw new Error('useServerSuite: the app starts in beforeAll; use it inside tests and hooks');
      return current;
    },
    get w() {
      return suite.t.world;
    },
    req: (method, url, token, payload) =>
      suite.t.app.inject({
        method,
        url,
        headers: token ? bearer(token) : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
  return suite;
}

export const ids = (list: { id: string }[]) => list.map((x) => x.id);
