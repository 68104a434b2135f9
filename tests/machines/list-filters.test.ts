import { describe, expect, it } from 'vitest';
import { defaultListFilters, type ListFilters } from '../../src/domain/list-filters';
import { listFiltersMachine } from '../../src/machines/list-filters/list-filters.machine';
import type { ListFiltersReport } from '../../src/machines/list-filters/types';
import type { ListKind } from '../../src/machines/list/types';
import { underParent } from './shared-fakes';

/**
 * The filters of a list screen under a stand-in screen: what they report (`filters.changed` for
 * the list, `filters.navigate` for the URL) and what their date range picker and search box show.
 * The URL is played by the test: it arrives as `url.changed` when a test says so.
 */
const TZ = 'Asia/Ho_Chi_Minh';
// 18:00 UTC on November 30th is already December 1st in Vietnam: the default month is December
const NOW = Date.parse('2026-11-30T18:00:00Z');
const DEFAULTS = defaultListFilters(TZ, NOW);
const at = (patch: Partial<ListFilters>): ListFilters => ({ ...DEFAULTS, ...patch });

function startFilters(search = '', kind: ListKind = 'orders', view: string | null = null) {
  const {
    child: filters,
    reports,
    stop,
  } = underParent(listFiltersMachine, {
    kind,
    view,
    timezone: TZ,
    search,
    now: NOW,
  });
  const told = () => reports.splice(0) as ListFiltersReport[];
  const picker = () => filters.getSnapshot().children.dateRange!;
  const box = () => filters.getSnapshot().children.search!;
  /**
   * A person's range in the picker: open, pick the first day, then the last (the calendar reports
   * both ends, earliest first), which applies; no range is "Clear dates".
   */
  const applyRange = (start: string | null, end: string | null) => {
    picker().send({ type: 'range.open' });
    if (start === null || end === null) return picker().send({ type: 'range.clear' });
    picker().send({ type: 'range.pick', days: [start] });
    picker().send({ type: 'range.pick', days: [start, end].sort() });
  };
  /** A person's search: typed, then Enter. */
  const searchFor = (text: string) => {
    box().send({ type: 'search.change', text });
    box().send({ type: 'search.submit' });
  };
  const url = (search: string) => filters.send({ type: 'url.changed', search });
  const shown = () => ({
    filters: filters.getSnapshot().context.filters,
    range: [picker().getSnapshot().context.start, picker().getSnapshot().context.end],
    search: box().getSnapshot().context.text,
  });
  const setAside = () => picker().getSnapshot().context.setAside;
  return { filters, told, applyRange, searchFor, url, shown, setAside, stop };
}

const changed = (filters: ListFilters): ListFiltersReport => ({ type: 'filters.changed', filters });
const navigate = (search: string, replace = false): ListFiltersReport => ({
  type: 'filters.navigate',
  search,
  replace,
});

describe('list filters', () => {
  it("start from the URL, or the team's current month without one, and their picker and box show them", () => {
    const clean = startFilters();
    expect(clean.shown()).toEqual({ filters: DEFAULTS, range: ['2026-12-01', '2026-12-31'], search: '' });
    expect(clean.filters.getSnapshot().context.notices).toEqual([]);
    expect(clean.told()).toEqual([]);

    const shared = startFilters(
      '?from=2026-12-02&to=2026-12-03&basis=booking&ota=KLOOK&status=pending&q=VN-000001&sort=BOOKED_AT_DESC',
    );
    expect(shared.shown()).toEqual({
      filters: {
        startDate: '2026-12-02',
        endDate: '2026-12-03',
        basis: 'booking',
        ota: 'KLOOK',
        status: 'pending',
        search: 'VN-000001',
        sort: 'BOOKED_AT_DESC',
      },
      range: ['2026-12-02', '2026-12-03'],
      search: 'VN-000001',
    });
    // the screen read the same URL: nothing to tell it
    expect(shared.told()).toEqual([]);
    // its search sets the range aside from the start
    expect(shared.setAside()).toBe('search');
    expect(clean.setAside()).toBeNull();
  });

  it('each change (bar, picker, box, reset) tells the new filters, then the URL to go to, other parameters kept', () => {
    const f = startFilters('?inspect=1');
    f.filters.send({ type: 'filters.set', patch: { ota: 'KLOOK' } });
    expect(f.told()).toEqual([changed(at({ ota: 'KLOOK' })), navigate('?inspect=1&ota=KLOOK')]);
    f.url('?inspect=1&ota=KLOOK');

    f.applyRange('2027-01-20', '2027-01-05');
    const ranged = at({ ota: 'KLOOK', startDate: '2027-01-05', endDate: '2027-01-20' });
    expect(f.told()).toEqual([changed(ranged), navigate('?inspect=1&from=2027-01-05&to=2027-01-20&ota=KLOOK')]);
    f.url('?inspect=1&from=2027-01-05&to=2027-01-20&ota=KLOOK');

    f.applyRange(null, null);
    const allDates = { ...ranged, startDate: null, endDate: null };
    expect(f.told()).toEqual([changed(allDates), navigate('?inspect=1&dates=all&ota=KLOOK')]);
    f.url('?inspect=1&dates=all&ota=KLOOK');

    f.searchFor(' VN-000123 ');
    expect(f.told()).toEqual([
      changed({ ...allDates, search: 'VN-000123' }),
      navigate('?inspect=1&dates=all&ota=KLOOK&q=VN-000123'),
    ]);
    f.url('?inspect=1&dates=all&ota=KLOOK&q=VN-000123');
    expect(f.told()).toEqual([]);

    // the same value again is no change: nothing is told
    f.filters.send({ type: 'filters.set', patch: { ota: 'KLOOK' } });
    expect(f.told()).toEqual([]);

    f.filters.send({ type: 'filters.reset' });
    expect(f.told()).toEqual([changed(DEFAULTS), navigate('?inspect=1')]);
    // the picker and the box follow a reset
    expect(f.shown()).toEqual({ filters: DEFAULTS, range: ['2026-12-01', '2026-12-31'], search: '' });
  });

  it('two quick changes before the URL arrives build on each other; the late URL of the first changes nothing', () => {
    const f = startFilters();
    f.filters.send({ type: 'filters.set', patch: { ota: 'VIATOR' } });
    f.filters.send({ type: 'filters.set', patch: { status: 'grouped' } });
    expect(f.told()).toEqual([
      changed(at({ ota: 'VIATOR' })),
      navigate('?ota=VIATOR'),
      changed(at({ ota: 'VIATOR', status: 'grouped' })),
      navigate('?ota=VIATOR&status=grouped'),
    ]);
    f.url('?ota=VIATOR');
    expect(f.told()).toEqual([]);
    expect(f.shown().filters).toEqual(at({ ota: 'VIATOR', status: 'grouped' }));
    f.url('?ota=VIATOR&status=grouped');
    expect(f.told()).toEqual([]);

    // later, the back button: that URL is no longer on its way, so it is followed
    f.url('?ota=VIATOR');
    expect(f.told()).toEqual([changed(at({ ota: 'VIATOR' }))]);
  });

  it('an outside URL (back button, a link) replaces the filters and the picker and box follow, without a navigation', () => {
    const f = startFilters('?ota=MPG&q=abc');
    f.url('?from=2026-12-02&to=2026-12-03&q=KL-9');
    const outside = at({ startDate: '2026-12-02', endDate: '2026-12-03', search: 'KL-9' });
    expect(f.told()).toEqual([changed(outside)]);
    expect(f.shown()).toEqual({ filters: outside, range: ['2026-12-02', '2026-12-03'], search: 'KL-9' });

    // a URL that differs only in other parameters changes no filter
    f.url('?from=2026-12-02&to=2026-12-03&q=KL-9&inspect=1');
    expect(f.told()).toEqual([]);

    // the next change builds on that URL
    f.filters.send({ type: 'filters.set', patch: { sort: 'BOOKED_AT_ASC' } });
    expect(f.told()).toEqual([
      changed({ ...outside, sort: 'BOOKED_AT_ASC' }),
      navigate('?inspect=1&from=2026-12-02&to=2026-12-03&q=KL-9&sort=BOOKED_AT_ASC'),
    ]);
  });

  it('bad URL values are dropped with notices, the others kept; dismissing rewrites the URL in place', () => {
    const f = startFilters('?ota=EXPEDIA&status=pending&from=2026-12-09&to=2026-12-01&inspect=1');
    expect(f.filters.getSnapshot().context.notices).toEqual([
      'Ignored the date range "2026-12-09 to 2026-12-01": it ends before it starts. Showing the default dates.',
      'Ignored the unknown OTA "EXPEDIA".',
    ]);
    expect(f.shown().filters).toEqual(at({ status: 'pending' }));

    f.filters.send({ type: 'filters.dismissNotices' });
    expect(f.told()).toEqual([navigate('?inspect=1&status=pending', true)]);
    expect(f.filters.getSnapshot().context.notices).toEqual([]);
    expect(f.filters.getSnapshot().can({ type: 'filters.dismissNotices' })).toBe(false);
    f.url('?inspect=1&status=pending');
    expect(f.told()).toEqual([]);

    // an outside URL brings its own notices; a clean one clears them
    f.url('?status=pending&sort=SIDEWAYS');
    expect(f.filters.getSnapshot().context.notices).toEqual(['Ignored the unknown sort "SIDEWAYS".']);
    expect(f.told()).toEqual([]);
    f.url('?status=pending');
    expect(f.filters.getSnapshot().context.notices).toEqual([]);
  });

  it('a search sets the range aside (the URL keeps it); clearing the search restores it', () => {
    const f = startFilters('?from=2026-12-02&to=2026-12-03');
    f.searchFor('kl0323');
    const searching = at({ startDate: '2026-12-02', endDate: '2026-12-03', search: 'kl0323' });
    expect(f.told()).toEqual([changed(searching), navigate('?from=2026-12-02&to=2026-12-03&q=kl0323')]);
    expect(f.setAside()).toBe('search');
    expect(f.shown().range).toEqual(['2026-12-02', '2026-12-03']);
    // the picker does not open while its range is set aside
    f.filters.getSnapshot().children.dateRange!.send({ type: 'range.open' });
    expect(f.filters.getSnapshot().children.dateRange!.getSnapshot().matches('closed')).toBe(true);
    f.url('?from=2026-12-02&to=2026-12-03&q=kl0323');

    f.searchFor('');
    expect(f.told()).toEqual([changed({ ...searching, search: '' }), navigate('?from=2026-12-02&to=2026-12-03')]);
    expect(f.setAside()).toBeNull();

    // the back button brings the search again: set aside again
    f.url('?from=2026-12-02&to=2026-12-03&q=kl0323');
    expect(f.told()).toEqual([changed(searching)]);
    expect(f.setAside()).toBe('search');
  });

  it('the date basis is a filter of the URL: booked dates, and back to departure', () => {
    const f = startFilters();
    f.filters.send({ type: 'filters.set', patch: { basis: 'booking' } });
    expect(f.told()).toEqual([changed(at({ basis: 'booking' })), navigate('?basis=booking')]);
    f.url('?basis=booking');
    expect(f.filters.getSnapshot().can({ type: 'filters.reset' })).toBe(true);
    f.filters.send({ type: 'filters.set', patch: { basis: 'departure' } });
    expect(f.told()).toEqual([changed(DEFAULTS), navigate('')]);
  });

  it("on today's and tomorrow's tours the range is set aside whatever the search", () => {
    const f = startFilters('?from=2026-12-02&to=2026-12-03', 'tours', 'tomorrow');
    expect(f.setAside()).toBe('tomorrow');
    f.searchFor('T-000001');
    expect(f.setAside()).toBe('tomorrow');
    expect(startFilters('', 'tours', 'grouped').setAside()).toBeNull();
  });

  it('tours take no OTA: one in the URL gives a notice', () => {
    const f = startFilters('?ota=KLOOK', 'tours');
    expect(f.shown().filters.ota).toBeNull();
    expect(f.filters.getSnapshot().context.notices).toEqual(['Ignored the OTA filter: tours are not filtered by OTA.']);
  });

  it('reset is refused while nothing differs from the defaults, and so is dismissing without notices', () => {
    const f = startFilters();
    const can = (type: 'filters.reset' | 'filters.dismissNotices') => f.filters.getSnapshot().can({ type });
    expect(can('filters.reset')).toBe(false);
    expect(can('filters.dismissNotices')).toBe(false);
    f.filters.send({ type: 'filters.reset' });
    f.filters.send({ type: 'filters.dismissNotices' });
    expect(f.told()).toEqual([]);

    f.searchFor('abc');
    expect(can('filters.reset')).toBe(true);
    f.filters.send({ type: 'filters.reset' });
    expect(can('filters.reset')).toBe(false);
    // a URL with only the default values is no search either
    f.url('?from=2026-12-01&to=2026-12-31&sort=DEPARTURE_AT_ASC');
    expect(can('filters.reset')).toBe(false);
    f.stop();
  });
});
