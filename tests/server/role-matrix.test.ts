import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../server/auth/tokens';
import type { BodyOf, HeadersOf, PathOf, QueryOf } from '../../server/http/operation';
import { contractOperations, loadContract } from '../../server/openapi-routes';
import { OPERATION_ACCESS, type OperationId, type Requirement } from '../../shared/permissions';
import { roleAtLeast, type Role } from '../../shared/statuses';
import { addOrders, addTour, bearer, person } from './fixtures';
import { appIdToken, createTestApp, type TestApp } from './helpers';

/**
 * The role matrix (shared/permissions.ts) against the real server, generated: every operation of the
 * contract, sent once by a MEMBER, an EDITOR and an ADMIN of the demo team Vietnam, and by the
 * platform admin (ADMIN of Vietnam and of the Tech Team). A caller below the operation's
 * requirement gets 403 with the contract's error; a caller at or above it never gets 403 (the
 * request is a valid one, so the answer is the operation's own: 2xx, or 404, 409 for the data).
 * Rows run in the table's order: a row that changes data leaves what the next rows need.
 */
const TEAM = 'team-vn';
const operations = contractOperations(loadContract());

type CallerName = 'member' | 'editor' | 'admin' | 'platform';
interface Caller {
  name: CallerName;
  /** The caller's role in TEAM. */
  role: Role;
  platformAdmin: boolean;
  id: string;
  email: string;
  token: string;
}

/** One request of operation O, typed by the contract: what the route's path, query, headers and body hold. */
interface Request<O extends OperationId> {
  path?: PathOf<O>;
  query?: Partial<QueryOf<O>>;
  headers?: Partial<HeadersOf<O>>;
  body?: BodyOf<O>;
  /** Another access token of the caller (logout revokes the one it is sent with). */
  token?: string;
}
type Builder<O extends OperationId> = (who: Caller) => Request<O> | Promise<Request<O>>;

let t: TestApp;
let callers: Caller[];
/** Ids of TEAM's own data: seeded orders, a product, ads and groups; records made for the destructive rows. */
const ids = {
  order: '',
  order2: '',
  linkable: '',
  tour: '',
  tourOrder: '',
  product: '',
  ad: '',
  group: '',
  doomedGroup: '',
  doomedOrder: '',
  doomedTour: '',
  victim: '',
  leaver: '',
};

const api = (method: string, url: string, token: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload ? { payload } : {}) });

const versionOf = async (table: 'orders' | 'tours', id: string) =>
  (await t.db.query<{ version: number }>(`SELECT version FROM ${table} WHERE id = $1`, [id]))[0].version;

/** An export link made by the caller (links are signed for their maker). */
async function exportLink(who: Caller): Promise<URL> {
  const res = await api('GET', `/api/v1/orders/export/csv?teamId=${TEAM}`, who.token);
  expect(res.statusCode, 'exportOrdersCsv for a link').toBe(200);
  return new URL(res.json().presignedUrl, 'http://localhost');
}

const mailTemplate = { subject: 'Your {{ productName }} booking', body: 'Hello {{ customerName }}' };

/** A valid request of every operation of the contract, in the order the rows run. */
const REQUESTS = {
  // public and signed-in operations
  getHealth: () => ({}),
  getHealthLive: () => ({}),
  getHealthReady: () => ({}),
  signIn: async (who) => ({
    path: { provider: 'google' },
    body: { idToken: await appIdToken(t, who.email), orgDisplayId: 'tourdesk-vn' },
  }),
  register: async (who) => ({ path: { provider: 'google' }, body: { idToken: await appIdToken(t, who.email) } }),
  getMe: () => ({}),
  getMyOrg: () => ({}),
  getOrg: () => ({ path: { id: 'org-vn' } }),
  upsertOrg: () => ({ body: { name: 'Role matrix tours' } }),
  getUserSetting: (who) => ({ query: { userId: who.id } }),
  updateUserSetting: (who) => ({ query: { userId: who.id }, body: { name: `Role ${who.name}` } }),
  listMailVariables: () => ({}),
  listFeatures: () => ({}),
  getInvitation: () => ({ path: { token: 'no-such-invitation-token-000' } }),
  acceptInvitation: () => ({ path: { token: 'no-such-invitation-token-000' } }),
  downloadExport: async (who) => {
    const link = await exportLink(who);
    const id = decodeURIComponent(link.pathname.split('/')[4]);
    return {
      path: { id },
      query: { expires: Number(link.searchParams.get('expires')), signature: link.searchParams.get('signature')! },
    };
  },
  // orders
  listOrders: () => ({ query: { teamId: TEAM } }),
  getOrder: () => ({ path: { id: ids.order } }),
  countOrdersDaily: () => ({ query: { teamId: TEAM, startDate: '2026-01-01', endDate: '2026-12-31' } }),
  countOrdersTotal: () => ({ query: { teamId: TEAM } }),
  getOrderStatistics: () => ({ query: { teamId: TEAM, startDate: '2026-01-01', endDate: '2026-12-31' } }),
  updateOrderStatusBatch: async () => ({
    body: { orders: [{ id: ids.order, statusV2: 'pending', version: await versionOf('orders', ids.order) }] },
  }),
  updateOrders: async () => ({
    body: { orders: [{ id: ids.order, version: await versionOf('orders', ids.order), language: 'fr' }] },
  }),
  createOrders: () => ({
    body: {
      teamId: TEAM,
      ota: 'KLOOK',
      orders: [
        {
          otaOrderId: `RM-${randomUUID().slice(0, 8)}`,
          departureAt: '2026-12-01T08:00:00Z',
          language: 'en',
          product: { id: ids.product },
          customer: { name: 'Role Matrix', email: 'role.matrix@example.test' },
          quantity: { adult: 2, child: 0 },
        },
      ],
    },
  }),
  addOrderComment: (who) => ({ path: { id: ids.order }, body: { comment: `Checked by the ${who.name}` } }),
  checkInOrder: () => ({ path: { id: ids.order2 }, body: { state: 'CHECKED_IN', key: randomUUID() } }),
  sendOrderEmail: () => ({
    path: { emailType: 'CONFIRMATION' },
    headers: { 'idempotency-key': randomUUID() },
    body: { orderIds: [ids.order2], sendAgain: true },
  }),
  previewOrderEmail: () => ({ path: { emailType: 'CONFIRMATION' }, body: { orderId: ids.order2 } }),
  listOrderEmails: () => ({ path: { id: ids.order2 } }),
  exportOrdersCsv: () => ({ query: { teamId: TEAM } }),
  updateOrdersExportMessage: async (who) => {
    const link = await exportLink(who);
    return { query: { presignedUrl: link.pathname + link.search }, body: { message: `From the ${who.name}` } };
  },
  // tours
  listTours: () => ({ query: { teamId: TEAM } }),
  getTour: () => ({ path: { id: ids.tour } }),
  countToursTotal: () => ({ query: { teamId: TEAM } }),
  createTour: () => ({
    body: { tour: { teamId: TEAM, departureAt: '2026-12-02T08:00:00Z', productId: ids.product, orderIds: [] } },
  }),
  updateTours: async () => ({
    body: {
      tours: [{ id: ids.tour, version: await versionOf('tours', ids.tour), displayName: 'Ha Long, role matrix' }],
    },
  }),
  updateTourStatusBatch: async () => ({
    body: { tours: [{ id: ids.tour, statusV2: 'arranged', version: await versionOf('tours', ids.tour) }] },
  }),
  linkOrders: () => ({ path: { id: ids.tour }, body: { orderIds: [ids.linkable] } }),
  unlinkOrder: () => ({ path: { id: ids.tour, orderId: ids.tourOrder } }),
  addTourComment: (who) => ({ path: { id: ids.tour }, body: { comment: `Seen by the ${who.name}` } }),
  exportToursCsv: () => ({ query: { teamId: TEAM } }),
  getTourManifest: () => ({ path: { id: ids.tour } }),
  exportTourManifestCsv: () => ({ path: { id: ids.tour } }),
  getDepartureManifest: () => ({
    query: { teamId: TEAM, productId: ids.product, departureAt: '2026-12-02T08:00:00Z' },
  }),
  exportDepartureManifestCsv: () => ({
    query: { teamId: TEAM, productId: ids.product, departureAt: '2026-12-02T08:00:00Z' },
  }),
  updateToursExportMessage: async (who) => {
    const res = await api('GET', `/api/v1/tours/export/csv?teamId=${TEAM}`, who.token);
    return { query: { presignedUrl: res.json().presignedUrl }, body: { message: `From the ${who.name}` } };
  },
  // products and their mail content
  listProducts: () => ({ query: { teamId: TEAM } }),
  getMailContent: () => ({ path: { ota: 'KLOOK' }, query: { teamId: TEAM, productId: ids.product } }),
  previewMailContent: () => ({
    path: { ota: 'KLOOK' },
    body: { teamId: TEAM, productId: ids.product, ...mailTemplate },
  }),
  updateMailContent: () => ({
    path: { ota: 'KLOOK' },
    body: { teamId: TEAM, productId: ids.product, ...mailTemplate },
  }),
  // guides
  searchGuides: () => ({ query: { teamId: TEAM, searchTerms: 'en' } }),
  // marketing
  listAds: () => ({ query: { teamId: TEAM } }),
  listAdGroups: () => ({ query: { teamId: TEAM } }),
  getAdGroup: () => ({ path: { id: ids.group }, query: { teamId: TEAM } }),
  createAd: (who) => ({ body: { teamId: TEAM, tag: 'new', title: `Made by the ${who.name}`, linkUrl: null } }),
  updateAd: () => ({ path: { id: ids.ad }, body: { teamId: TEAM, title: 'Autumn in the north' } }),
  createAdGroup: () => ({ body: { teamId: TEAM, tag: null, frequency: 'weekly' } }),
  updateAdGroup: () => ({ path: { id: ids.group }, body: { teamId: TEAM, frequency: 'daily' } }),
  addAdGroupItems: () => ({ path: { id: ids.group }, body: { teamId: TEAM, advertisementIds: [ids.ad] } }),
  setAdGroupItems: () => ({ path: { id: ids.group }, body: { teamId: TEAM, advertisementIds: [ids.ad] } }),
  deleteAdGroup: () => ({ path: { id: ids.doomedGroup }, query: { teamId: TEAM } }),
  // settings, members, invitations, OTA accounts
  getTeamSetting: () => ({ query: { teamId: TEAM } }),
  updateTeamSetting: () => ({ query: { teamId: TEAM }, body: { name: 'Vietnam' } }),
  listTeamMembers: () => ({ query: { teamId: TEAM } }),
  getOtaAccounts: () => ({ query: { teamId: TEAM } }),
  updateOtaAccounts: () => ({
    body: { teamId: TEAM, otas: ['vn.klook@tourdesk.test', 'vn.kkday@tourdesk.test', 'vn.mpg@tourdesk.test'] },
  }),
  listInvitations: () => ({ query: { teamId: TEAM } }),
  inviteMember: () => ({
    body: { teamId: TEAM, email: `colleague-${randomUUID().slice(0, 8)}@example.test`, role: 'MEMBER' },
  }),
  revokeInvitation: () => ({ path: { id: randomUUID() }, query: { teamId: TEAM } }),
  listMemberEvents: () => ({ query: { teamId: TEAM } }),
  updateMemberRole: () => ({ path: { userId: ids.victim }, body: { teamId: TEAM, role: 'EDITOR' } }),
  removeMember: () => ({ path: { userId: ids.leaver }, query: { teamId: TEAM } }),
  // the channel: keys (ADMIN), schedules (EDITOR writes), the inbox
  listChannelKeys: () => ({ query: { teamId: TEAM } }),
  createChannelKey: (who) => ({ body: { teamId: TEAM, channel: 'KLOOK', name: `Key of the ${who.name}` } }),
  revokeChannelKey: () => ({ path: { id: randomUUID() }, query: { teamId: TEAM } }),
  getProductSchedule: () => ({ path: { id: ids.product }, query: { teamId: TEAM } }),
  updateProductSchedule: () => ({ path: { id: ids.product }, body: { teamId: TEAM, schedule: null } }),
  listInbox: () => ({ query: { teamId: TEAM } }),
  countInbox: () => ({ query: { teamId: TEAM } }),
  // a token of 1 s: the stream ends when its token does, so the answer completes
  streamEvents: async (who) => ({ query: { teamId: TEAM }, token: await issueAccessToken(who, t.config, 1) }),
  acknowledgeInboxItem: () => ({ path: { id: randomUUID() } }),
  // feature flags: the platform admin's
  updateFeature: async () => {
    const [flag] = await t.db.query<{ teams: string[] }>(
      `SELECT teams FROM feature_flags WHERE id = 'INFO_SENDING_V1'`,
    );
    return { path: { id: 'INFO_SENDING_V1' }, body: { teams: flag.teams } };
  },
  // deletes, then their restores (of the records made for them)
  deleteOrder: () => ({ path: { id: ids.doomedOrder } }),
  restoreOrder: () => ({ path: { id: ids.doomedOrder } }),
  deleteTour: () => ({ path: { id: ids.doomedTour } }),
  restoreTour: () => ({ path: { id: ids.doomedTour } }),
  listDeleted: () => ({ query: { teamId: TEAM } }),
  // last: it ends a session (with a token of its own)
  logout: async (who) => ({ token: await t.tokenFor(who.email) }),
} satisfies { [O in OperationId]: Builder<O> };

const ORDER = Object.keys(REQUESTS) as OperationId[];

/** Whether the matrix lets this caller call an operation that names TEAM. */
function allowed(needs: Requirement, who: Caller): boolean {
  if (needs === 'public' || needs === 'signed-in') return true;
  if (needs === 'platform-admin') return who.platformAdmin;
  return roleAtLeast(who.role, needs);
}

async function send(operationId: OperationId, who: Caller): Promise<LightMyRequestResponse> {
  const op = operations.find((o) => o.operationId === operationId)!;
  const req: Request<OperationId> = await (REQUESTS[operationId] as Builder<OperationId>)(who);
  const path = (req.path ?? {}) as Record<string, string>;
  const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(path[name])));
  const query = new URLSearchParams(
    Object.entries(req.query ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
  return t.app.inject({
    method: op.method,
    url: query ? `${url}?${query}` : url,
    headers: { ...bearer(req.token ?? who.token), ...(req.headers as Record<string, string> | undefined) },
    ...(req.body === undefined ? {} : { payload: req.body as object }),
  });
}

beforeAll(async () => {
  t = await createTestApp({ orders: 60 });
  const seeded = async (email: string, role: Role, platformAdmin: boolean, name: CallerName): Promise<Caller> => {
    const [user] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    return { name, role, platformAdmin, id: user.id, email, token: await t.tokenFor(email) };
  };
  /** An ADMIN of TEAM who is nobody in the Tech Team. */
  const fresh = async (tag: string, role: Role) => {
    const p = await person(t.db, t.config, tag, randomUUID().slice(0, 8));
    await t.db.query('INSERT INTO memberships (user_id, team_id, role) VALUES ($1, $2, $3)', [p.id, TEAM, role]);
    return p;
  };
  const teamAdmin = await fresh('teamadmin', 'ADMIN');
  callers = [
    await seeded('member@tourdesk.test', 'MEMBER', false, 'member'),
    await seeded('editor@tourdesk.test', 'EDITOR', false, 'editor'),
    {
      name: 'admin',
      role: 'ADMIN',
      platformAdmin: false,
      id: teamAdmin.id,
      email: teamAdmin.email,
      token: teamAdmin.token,
    },
    await seeded('admin@tourdesk.test', 'ADMIN', true, 'platform'),
  ];
  // the colleagues whose membership the member rows change
  ids.victim = (await fresh('victim', 'MEMBER')).id;
  ids.leaver = (await fresh('leaver', 'MEMBER')).id;

  const orders = await t.db.query<{ id: string; product_id: string }>(
    `SELECT id, product_id FROM orders WHERE team_id = $1 ORDER BY departure_at, id LIMIT 4`,
    [TEAM],
  );
  expect(orders).toHaveLength(4);
  [ids.order, ids.order2, ids.linkable, ids.tourOrder] = orders.map((o) => o.id);
  ids.product = orders[0].product_id;
  const [ad] = await t.db.query<{ id: string }>(
    `SELECT id FROM advertisements WHERE team_id = $1 AND tag = 'active' ORDER BY id LIMIT 1`,
    [TEAM],
  );
  const [group] = await t.db.query<{ id: string }>(
    `SELECT id FROM advertisement_groups WHERE team_id = $1 AND tag IS NULL ORDER BY id LIMIT 1`,
    [TEAM],
  );
  ids.ad = ad.id;
  ids.group = group.id;

  const admin = callers[3].token;
  const tour = await api('POST', '/api/v1/tours', admin, { tour: { teamId: TEAM, orderIds: [ids.tourOrder] } });
  expect(tour.statusCode, tour.body).toBe(200);
  ids.tour = tour.json().tourId;
  const doomed = await api('POST', '/api/v1/advertisement/groups', admin, { teamId: TEAM, tag: null });
  expect(doomed.statusCode, doomed.body).toBeLessThan(300);
  ids.doomedGroup = doomed.json().id;
  [ids.doomedOrder] = await addOrders(t.db, TEAM, { count: 1, productId: ids.product, start: new Date('2026-12-03') });
  ids.doomedTour = await addTour(t.db, TEAM, new Date('2026-12-04'), 'grouped', ids.product);
}, 240_000);
afterAll(() => t?.close());

describe('the role matrix', () => {
  it('names every operation of the contract, and the table has a request for each', () => {
    const contract = operations.map((o) => o.operationId).sort();
    expect(Object.keys(OPERATION_ACCESS).sort()).toEqual(contract);
    expect([...ORDER].sort()).toEqual(contract);
  });

  it('has the callers it needs: a MEMBER, an EDITOR, a team ADMIN and the platform admin', async () => {
    for (const who of callers) {
      const me = (await api('GET', '/api/v1/users/me', who.token)).json();
      expect(me.teams.find((team: { id: string }) => team.id === TEAM)?.role, who.name).toBe(who.role);
      expect(me.isPlatformAdmin, who.name).toBe(who.platformAdmin);
    }
  });

  describe.each(ORDER.map((id) => [id, OPERATION_ACCESS[id]] as const))('%s (%s)', (operationId, needs) => {
    it('refuses with 403 whoever the matrix refuses, and no one else', async () => {
      for (const who of callers) {
        const res = await send(operationId, who);
        const what = `${operationId} by the ${who.name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (allowed(needs, who)) {
          expect(res.statusCode, what).not.toBe(403);
          // a valid request of a signed-in caller: never turned away as anonymous, never an internal error
          expect([401, 500], what).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, what).toBe(403);
          expect(res.json(), what).toEqual({ error: 'FORBIDDEN', message: expect.any(String) });
        }
      }
    });
  });
});
