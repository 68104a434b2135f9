import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, type AnyActorRef, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { defaultListFilters, type ListFilters } from '../../src/domain/list-filters';
import { screenScope } from '../../src/domain/nav-scope';
import type { CountsRefresh } from '../../src/machines/nav-counts/types';
import type { ListItem, ListRow, Order, PatchRow } from '../../src/machines/list/types';
import type { WorkspaceEvent, WorkspaceInput } from '../../src/machines/workspace/types';
import { workspaceMachines } from '../../src/machines/workspace/workspace.machine';
import { orderRecord } from './shared-fakes';

/**
 * Model-based: the paths come from the production workspace machine (xstate/graph) over the
 * reports its children send it and the page's `url.changed`. Each path is replayed on a real
 * workspace whose children are recorders; after every step, what each child was told (and the
 * navigation and the totals) must be exactly what the routing table says for that report, given
 * what the list, the selection and the panel reported before.
 */
const CHILDREN = [
  'filters',
  'list',
  'selection',
  'bulkStatus',
  'tourActions',
  'detail',
  'emailSend',
  'orderEmails',
  'exporter',
] as const;
type ChildId = (typeof CHILDREN)[number];

/** A child that does nothing but remember what it was sent. */
const recorder = createMachine({
  types: {} as { context: { received: AnyEventObject[] } },
  context: { received: [] },
  on: { '*': { actions: assign({ received: ({ context, event }) => [...context.received, event] }) } },
});
const inert = createMachine({});

const o1 = orderRecord({ id: 'o1', departureAt: '2026-03-10T09:00:00.000Z', version: 1 });
const o2 = orderRecord({ id: 'o2', departureAt: '2026-03-10T10:00:00.000Z', version: 3 });
const rowsOf = (items: ListItem[]): ListRow[] => [
  { header: true, id: '2026-03-10', date: '2026-03-10', count: items.length, loaded: items.length },
  ...items.map((item) => ({ header: false as const, id: item.id, date: '2026-03-10', item })),
];
const FILTERS: ListFilters = {
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  basis: 'departure',
  ota: 'KLOOK',
  status: null,
  search: '',
  sort: 'DEPARTURE_AT_ASC',
};
const moved: PatchRow[] = [{ id: 'o1', statusV2: 'pending', version: 2 }];

const EVENTS = {
  url: { type: 'url.changed', search: '?q=KL1' },
  navigate: { type: 'filters.navigate', search: '?status=new', replace: false },
  filters: { type: 'filters.changed', filters: FILTERS },
  bothLoaded: { type: 'list.changed', items: [o1, o2], rows: rowsOf([o1, o2]) },
  o2Left: { type: 'list.changed', items: [{ ...o1, version: 2 }], rows: rowsOf([{ ...o1, version: 2 }]) },
  openO1: { type: 'selection.changed', ids: ['o1'], openId: 'o1' },
  selectBoth: { type: 'selection.changed', ids: ['o1', 'o2'], openId: 'o1' },
  selectNone: { type: 'selection.changed', ids: [], openId: null },
  bulkMoved: { type: 'bulk.moved', changes: [{ id: 'o1', statusV2: 'pending', version: 2 }] },
  linked: { type: 'tours.changed', orderIds: ['o1'], rows: [{ ...o1, tour: { id: 't1', displayId: 'T-1' } }] },
  linkedUnknown: { type: 'tours.changed', orderIds: ['o2'], rows: null },
  openTour: { type: 'tours.open', id: 't1', displayId: 'T-1' },
  edited: { type: 'detail.edited', rows: [{ id: 'o1', departureAt: '2026-03-10T11:00:00.000Z' }] },
  unlinked: { type: 'detail.unlinked', rows: [{ id: 'o1', tour: null }] },
  deleted: { type: 'detail.removed', id: 'o1', deleted: true },
  gone: { type: 'detail.removed', id: 'o2', deleted: false },
  restored: { type: 'detail.restored', id: 'o1' },
  queued: { type: 'email.queued', kind: 'CONFIRMATION', orderIds: ['o1', 'o9'] },
  delivered: { type: 'emails.delivered', orderId: 'o1' },
} satisfies Record<string, WorkspaceEvent>;
type Name = keyof typeof EVENTS;
const names = Object.keys(EVENTS) as Name[];
const nameOf = (event: AnyEventObject) => names.find((n) => EVENTS[n] === event)!;

/** What the screen knows from its children's reports (the model's own state). */
interface Known {
  items: ListItem[];
  selectedIds: string[];
  openId: string | null;
}
type Message = [ChildId, AnyEventObject];
interface Routed {
  messages: Message[];
  navigations: Array<{ search: string; replace: boolean; pathname?: string }>;
  /** What the navigation totals are told: count again, with the list's new scope when its filters changed. */
  totals: CountsRefresh[];
}

/** The routing table of issue 10, written out: what each report makes the screen tell whom. */
function route(known: Known, event: WorkspaceEvent): { next: Known; routed: Routed } {
  const messages: Message[] = [];
  const navigations: Routed['navigations'] = [];
  const totals: CountsRefresh[] = [];
  const refresh = { type: 'counts.refresh' } as const;
  let next = known;
  const share = (state: Known) => {
    const selected = state.items.filter((i) => state.selectedIds.includes(i.id));
    messages.push(
      [
        'bulkStatus',
        {
          type: 'bulk.select',
          rows: state.selectedIds.map((id) => {
            const row = selected.find((i) => i.id === id);
            return { id, version: row?.version, statusV2: row?.statusV2, displayId: row?.displayId };
          }),
        },
      ],
      ['tourActions', { type: 'tours.select', ids: state.selectedIds, rows: selected }],
      ['emailSend', { type: 'email.select', selected, open: state.items.find((i) => i.id === state.openId) ?? null }],
    );
  };
  switch (event.type) {
    case 'url.changed':
      messages.push(['filters', event]);
      break;
    case 'filters.navigate':
      navigations.push({ search: event.search, replace: event.replace });
      break;
    case 'filters.changed':
      messages.push(
        ['list', { type: 'list.filters', filters: event.filters }],
        ['selection', { type: 'selection.clear' }],
      );
      totals.push({
        type: 'counts.refresh',
        scope: screenScope('orders', event.filters, INPUT.timezone, INPUT.now),
        owner: SCREEN,
      });
      break;
    case 'list.changed':
      next = { ...known, items: event.items };
      messages.push(['selection', { type: 'selection.rows', rows: event.rows }]);
      share(next);
      break;
    case 'selection.changed':
      next = { ...known, selectedIds: event.ids, openId: event.openId };
      if (event.openId !== known.openId)
        messages.push(
          ['detail', event.openId ? { type: 'detail.open', id: event.openId } : { type: 'detail.close' }],
          ['orderEmails', { type: 'emails.show', orderId: event.openId }],
        );
      share(next);
      break;
    case 'bulk.moved':
      messages.push(['list', { type: 'list.patch', rows: moved }], ['detail', { type: 'detail.patch', rows: moved }]);
      totals.push(refresh);
      break;
    case 'tours.changed':
      if (event.rows)
        messages.push(
          ['list', { type: 'list.patch', rows: event.rows }],
          ['detail', { type: 'detail.patch', rows: event.rows }],
        );
      else
        messages.push(
          ['list', { type: 'list.refresh' }],
          ['detail', { type: 'detail.patch', rows: event.orderIds.map((id) => ({ id })) }],
        );
      totals.push(refresh);
      break;
    case 'tours.open':
      // the "Tour created" toast's Open (on the orders screen): the tours screen with that tour's panel open
      navigations.push({ pathname: '/tours', search: `?open=${event.id}`, replace: false });
      break;
    case 'detail.edited':
      messages.push(['list', { type: 'list.patch', rows: event.rows }]);
      break;
    case 'detail.unlinked':
      messages.push(['list', { type: 'list.patch', rows: event.rows }]);
      totals.push(refresh);
      break;
    case 'email.queued': {
      // the loaded ones show their checkpoint at once; the panel only when its order is one of them
      const rows = known.items
        .filter((i) => event.orderIds.includes(i.id))
        .map((i) => ({ id: i.id, emailCheckpoints: { ...(i as Order).emailCheckpoints, confirmation: true } }));
      messages.push(['list', { type: 'list.patch', rows }]);
      const open = known.openId;
      if (open && event.orderIds.includes(open))
        messages.push(['detail', { type: 'detail.patch', rows: [rows.find((r) => r.id === open) ?? { id: open }] }]);
      messages.push(['orderEmails', { type: 'emails.refresh' }]);
      break;
    }
    case 'emails.delivered':
      messages.push(['detail', { type: 'detail.patch', rows: [{ id: event.orderId }] }]);
      break;
    case 'detail.removed':
      messages.push(['list', { type: 'list.remove', ids: [event.id] }], ['selection', { type: 'selection.close' }]);
      if (event.deleted) totals.push(refresh);
      break;
    case 'detail.restored':
      // brought back by Undo: the list loads it where it belongs, and the totals count it again
      messages.push(['list', { type: 'list.refresh' }]);
      totals.push(refresh);
      break;
  }
  return { next, routed: { messages, navigations, totals } };
}

/** The screen that scopes the totals, as the table writes it (the replay reads its actor's session id). */
const SCREEN = '<this screen>';

const INPUT: Omit<WorkspaceInput, 'navCounts'> = {
  kind: 'orders',
  view: 'new-added',
  teamId: 'team-1',
  countryCode: 'VN',
  timezone: 'Asia/Ho_Chi_Minh',
  userId: 'u1',
  userName: 'Ana',
  search: '',
  now: Date.parse('2026-03-15T00:00:00Z'),
  role: 'EDITOR',
};

/** The production machine, walked with children that accept anything and a navigation that goes nowhere. */
const walked = workspaceMachines.orders.provide({
  actors: Object.fromEntries(CHILDREN.map((id) => [id, inert])) as never,
  actions: { navigate: () => undefined },
});
const paths = getShortestPaths(walked, {
  input: { ...INPUT, navCounts: null },
  events: Object.values(EVENTS) as WorkspaceEvent[],
  serializeState: (s) => {
    const c = (s as unknown as { context: Known }).context;
    return JSON.stringify({ items: c.items.map((i) => `${i.id}@${i.version}`), ids: c.selectedIds, open: c.openId });
  },
});

const running: AnyActorRef[] = [];
afterEach(() => {
  running.splice(0).forEach((a) => a.stop());
});

/** A real workspace with recorder children, a recorded navigation and recorded totals. */
async function screen() {
  const navigations: Routed['navigations'] = [];
  const totals = createActor(recorder).start();
  const logic = workspaceMachines.orders.provide({
    actors: Object.fromEntries(CHILDREN.map((id) => [id, recorder])) as never,
    actions: { navigate: (_, params) => void navigations.push(params) },
  });
  const actor = createActor(logic, { input: { ...INPUT, navCounts: totals } }).start();
  running.push(actor, totals);
  const received = (id: ChildId): AnyEventObject[] =>
    (actor.getSnapshot().children[id] as AnyActorRef).getSnapshot().context.received;
  // the scope's owner is this screen: written as the table writes it
  const refreshes = () =>
    (totals.getSnapshot().context.received as CountsRefresh[]).map((r) =>
      r.owner === actor.sessionId ? { ...r, owner: SCREEN } : r,
    );
  // as it opens, the screen tells the totals what its list shows (the URL's filters: the default month)
  await tick();
  const defaults = defaultListFilters(INPUT.timezone, INPUT.now);
  expect(refreshes()).toEqual([
    { type: 'counts.refresh', scope: screenScope('orders', defaults, INPUT.timezone, INPUT.now), owner: SCREEN },
  ]);
  return { actor, navigations, received, refreshes };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('workspace routing, generated from the workspace machine', () => {
  it('reaches the states of what the screen knows (items, selection, open record)', () => {
    const known = (p: (typeof paths)[number]) => p.state.context as Known;
    // three loads of the list (none, both orders, o2 gone) times three selections (none, o1 open, both)
    expect(
      new Set(
        paths.map((p) =>
          known(p)
            .items.map((i) => i.id)
            .join(','),
        ),
      ),
    ).toEqual(new Set(['', 'o1,o2', 'o1']));
    expect(new Set(paths.map((p) => known(p).selectedIds.join(',')))).toEqual(new Set(['', 'o1', 'o1,o2']));
    expect(paths).toHaveLength(9);
  });

  it.each(
    paths.map(
      (p) =>
        [
          p.steps
            .slice(1)
            .map((s) => nameOf(s.event))
            .join(' > ') || '(start)',
          p,
        ] as const,
    ),
  )('%s: then each report is routed as the table says', async (_, path) => {
    // every event from the end of the path, each on a fresh replay of the path (every step checked too)
    for (const name of names) {
      const s = await screen();
      let known: Known = { items: [], selectedIds: [], openId: null };
      for (const step of path.steps.slice(1)) known = await replay(s, known, nameOf(step.event));
      await replay(s, known, name);
    }
  });
});

describe('leaving the screen, from each state of the model', () => {
  it.each(paths.map((p, i) => [i, p] as const))(
    'path %i: the totals are released to the default month, named as the scope they had',
    async (_, path) => {
      const s = await screen();
      let known: Known = { items: [], selectedIds: [], openId: null };
      for (const step of path.steps.slice(1)) known = await replay(s, known, nameOf(step.event));
      const before = s.refreshes().length;
      s.actor.stop();
      expect(s.refreshes().slice(before)).toEqual([{ type: 'counts.release', owner: SCREEN }]);
    },
  );
});

/** Sends one report and checks that it was routed exactly as `route` says; answers the model's next state. */
async function replay(s: Awaited<ReturnType<typeof screen>>, known: Known, name: Name): Promise<Known> {
  const before = Object.fromEntries(CHILDREN.map((id) => [id, s.received(id).length])) as Record<ChildId, number>;
  const navigations = s.navigations.length;
  const refreshes = s.refreshes().length;
  const event = EVENTS[name] as WorkspaceEvent;
  s.actor.send(event);
  const sameTask = s.refreshes().length - refreshes;
  await tick();
  const { next, routed } = route(known, event);
  for (const id of CHILDREN) {
    const expected = routed.messages.filter(([to]) => to === id).map(([, message]) => message);
    expect(s.received(id).slice(before[id]), `${name}: ${id}`).toEqual(expected);
  }
  expect(s.navigations.slice(navigations), `${name}: navigation`).toEqual(routed.navigations);
  // the totals (a dozen requests) are asked for in a task after the one that routed the change
  expect(sameTask, `${name}: totals in the same task`).toBe(0);
  expect(s.refreshes().slice(refreshes), `${name}: totals`).toEqual(routed.totals);
  return next;
}

describe('the tours screen opens a tour side panel by its id (issue 24 point 7)', () => {
  async function toursScreen(search: string) {
    const navigations: Routed['navigations'] = [];
    const logic = workspaceMachines.tours.provide({
      actors: Object.fromEntries(CHILDREN.map((id) => [id, recorder])) as never,
      actions: { navigate: (_, params) => void navigations.push(params) },
    });
    const actor = createActor(logic, { input: { ...INPUT, kind: 'tours', view: null, search, navCounts: null } });
    actor.start();
    running.push(actor);
    await tick();
    const detail = () => (actor.getSnapshot().children.detail as AnyActorRef).getSnapshot().context.received;
    return { actor, navigations, detail };
  }

  it('started with ?open=<id> (the orders screen\'s "Open T-..."), it opens that tour\'s panel', async () => {
    const s = await toursScreen('?open=t7');
    expect(s.detail()).toEqual([{ type: 'detail.open', id: 't7' }]);
    // closing the panel (the selection reports nothing open) closes it
    s.actor.send({ type: 'selection.changed', ids: [], openId: null });
    expect(s.detail()).toEqual([{ type: 'detail.open', id: 't7' }, { type: 'detail.close' }]);
  });

  it("the toast's Open on the tours screen opens the panel in place, without a navigation", async () => {
    const s = await toursScreen('');
    expect(s.detail()).toEqual([]);
    s.actor.send({ type: 'tours.open', id: 't8', displayId: 'T-000008' });
    expect(s.detail()).toEqual([{ type: 'detail.open', id: 't8' }]);
    expect(s.navigations).toEqual([]);
  });
});
