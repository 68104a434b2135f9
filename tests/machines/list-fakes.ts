import { fromPromise } from 'xstate';
import type { CountsInput, DailyCount, ListCounts, PageInput } from '../../src/api/services/lists';
import type { Page } from '../../src/api/services/policy';
import type { ListFilters } from '../../src/domain/list-filters';
import { listMachine, type ListInput } from '../../src/machines/list/list.machine';
import type { ListItem, ListReport, Order, Tour } from '../../src/machines/list/types';
import type { NotifyEvent } from '../../src/machines/notify';
import { orderRecord, tourRecord, underParent } from './shared-fakes';

/** Test doubles for the list machine: every service throws unless a test says otherwise. */
export const FILTERS: ListFilters = {
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  basis: 'departure',
  ota: null,
  status: null,
  search: '',
  sort: 'DEPARTURE_AT_ASC',
};

export const INPUT: ListInput = { kind: 'orders', view: 'new-added', teamId: 'vn', timezone: 'UTC', filters: FILTERS };

export function order(id: string, departureAt = '2026-03-10T09:00:00.000Z', over: Partial<Order> = {}): Order {
  return orderRecord({ id, departureAt, ...over });
}

export function tour(id: string, departureAt = '2026-03-10T09:00:00.000Z'): Tour {
  return tourRecord({ id, departureAt, orderCount: 3 });
}

export const page = (items: ListItem[], nextCursor: string | null = null): Page<ListItem> => ({
  items,
  hasMore: nextCursor !== null,
  nextCursor,
});

const notFaked = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} was not faked in this test`);
};

export interface ListFakes {
  loadPage?: (input: PageInput) => Promise<Page<ListItem>>;
  loadCounts?: (input: CountsInput) => Promise<ListCounts>;
}

export function fakeList(fakes: ListFakes = {}) {
  const loadPage = fakes.loadPage ?? notFaked('loadPage');
  const loadCounts = fakes.loadCounts ?? notFaked('loadCounts');
  return listMachine.provide({
    actors: {
      loadPage: fromPromise<Page<ListItem>, PageInput>(({ input }) => loadPage(input)),
      loadCounts: fromPromise<ListCounts, CountsInput>(({ input }) => loadCounts(input)),
    },
  });
}

/** What a count service answers: the day counts and the total (their sum unless given). */
export const counts = (daily: DailyCount[], total: number | null = daily.reduce((n, d) => n + d.total, 0)) => ({
  daily,
  total,
});

export const dayCount = (date: string, total: number): DailyCount => ({
  date,
  total,
  otaCounts: { KLOOK: total, KKDAY: 0, VIATOR: 0, MPG: 0 },
});

/**
 * A list under a stand-in screen: `changes()` are its `list.changed` reports in order,
 * `lastChange()` what the screen was told last, `toasts` what it emitted.
 */
export function startList(logic: typeof listMachine = fakeList(), input: ListInput = INPUT) {
  const run = underParent(logic, input);
  const toasts: NotifyEvent[] = [];
  run.child.on('notify', (n) => toasts.push(n));
  const changes = () => run.reportsOf('list.changed') as unknown as ListReport[];
  return { list: run.child, reports: run.reports, changes, lastChange: () => changes().at(-1), toasts, stop: run.stop };
}
